import { MODERATOR_ROLE, ROLES, type Role } from '@estate/events';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { agencyDecider, agencyStream } from '../agencies/agency';
import { registerUser } from '../identity/registration';
import { userStream } from '../identity/user';
import { publicationDecider, type PublicationCommand } from '../publications/decide';
import { publicationStream } from '../publications/publication';
import { demoListings } from './demoData';
import { seedDemoBookings } from '../bookings/demo';
import { seedResidentialComplexes } from '../newBuildings/seed';

const AGENCIES = ['Этажи Плюс', 'Городская недвижимость', 'Невский квартал', 'Дом у моря'];
const NAMES = ['Анна Смирнова', 'Игорь Кузнецов', 'Мария Попова', 'Дмитрий Волков', 'Елена Соколова', 'Сергей Морозов', 'Ольга Лебедева',
  'Алексей Козлов', 'Наталья Новикова', 'Павел Фёдоров', 'Татьяна Морозова', 'Виктор Егоров'];

export const DEMO_PHONES = { moderator: '79990000000', owner: '79990000001', agent: '79990000011', user: '79990000100' };
const MODERATOR_ID = 'demo-moderator';

type Staff = { userId: string; role: Role; agencyId: string };
const DAY = 24 * 60 * 60_000;

/**
 * Demo listings were published over the last two months; every twentieth within the last day, so
 * the premium window (new listings shown to subscribers only for 3 days) has something in it.
 */
const demoPublishedAt = (now: Date, i: number) =>
  new Date(now.getTime() - (i % 20 === 7 ? DAY : 3 * DAY + ((i * 7919) % (60 * 24)) * 60_000 * 42)).toISOString();

/**
 * Demo data, created through the same commands users send, so every listing has its events.
 * Runs once: a log that already has the demo moderator is left alone.
 */
export async function seedDemoData(ctx: AppContext, listingCount = 240): Promise<{ created: boolean; listings: number }> {
  if ((await ctx.eventStore.readStream(userStream(MODERATOR_ID))).length > 0) return { created: false, listings: 0 };
  const context = { actor: 'seed', correlationId: 'seed' };
  const staff: Staff[] = [];
  for (const [a, name] of AGENCIES.entries()) {
    const agencyId = `demo-agency-${a + 1}`;
    const ownerId = `demo-owner-${a + 1}`;
    await registerUser(ctx, { type: 'RegisterUser', userId: ownerId, name: NAMES[a * 3], phone: `7999000000${a + 1}`, email: `owner${a + 1}@demo.estate`, role: ROLES.AGENCY_OWNER, agencyId });
    await handleCommand(ctx.eventStore, agencyStream(agencyId), agencyDecider, { type: 'RegisterAgency', agencyId, name, ownerId }, context);
    staff.push({ userId: ownerId, role: ROLES.AGENCY_OWNER, agencyId });
    for (const k of [1, 2]) {
      const agentId = `demo-agent-${a + 1}${k}`;
      await registerUser(ctx, { type: 'RegisterUser', userId: agentId, name: NAMES[a * 3 + k], phone: `799900000${a + 1}${k}`, email: null, role: ROLES.AGENT, agencyId });
      staff.push({ userId: agentId, role: ROLES.AGENT, agencyId });
    }
  }
  await registerUser(ctx, { type: 'RegisterUser', userId: 'demo-user', name: 'Ирина Васильева', phone: DEMO_PHONES.user, email: 'user@demo.estate', role: ROLES.USER, agencyId: null });

  const listings = demoListings(listingCount);
  const now = ctx.clock();
  const moderator = { userId: MODERATOR_ID, role: MODERATOR_ROLE, agencyId: null };
  for (const [i, listing] of listings.entries()) {
    // half-steps through the staff, so every agency gets listings of every deal (deals alternate with i)
    const author = staff[Math.floor(i / 2) % staff.length];
    const publicationId = `demo-${String(i + 1).padStart(4, '0')}`;
    const actor = { userId: author.userId, role: author.role, agencyId: author.agencyId };
    const stream = publicationStream(publicationId);
    await handleCommand(ctx.eventStore, stream, publicationDecider, { type: 'CreatePublication', actor, publicationId, details: listing.details }, { ...context, actor: author.userId });
    if (listing.draft) continue;
    const run = (command: PublicationCommand) => handleCommand(ctx.eventStore, stream, publicationDecider, command, { ...context, actor: author.userId });
    await run({ type: 'PublishPublication', actor, publishedAt: demoPublishedAt(now, i) });
    // a few of each state, so every cabinet tab and the top places have something to show
    if (i % 12 === 3) await run({ type: 'PromotePublication', positionType: ((i % 3) + 1) as 1 | 2 | 3, tariffId: 'demo-tariff', until: new Date(now.getTime() + 30 * DAY).toISOString() });
    else if (i % 29 === 11) await run({ type: 'ArchivePublication', actor });
    else if (i % 31 === 13) await run({ type: 'DeclinePublication', actor: moderator, reason: 'Фотографии не соответствуют объекту. Загрузите снимки этой квартиры.' });
  }
  await seedResidentialComplexes(ctx);
  await ctx.projections.whenCaughtUp();
  await seedDemoBookings(ctx, { userId: 'demo-user', name: 'Ирина Васильева', phone: DEMO_PHONES.user, email: 'user@demo.estate' });
  // last, so that an interrupted seed runs again on the next start
  await registerUser(ctx, { type: 'RegisterUser', userId: MODERATOR_ID, name: 'Модератор', phone: DEMO_PHONES.moderator, email: null, role: MODERATOR_ROLE, agencyId: null });
  await ctx.projections.whenCaughtUp();
  return { created: true, listings: listings.length };
}
