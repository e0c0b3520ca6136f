import { MODERATOR_ROLE, PUBLICATION_STATUS, ROLES, type AgencyDetails } from '@estate/events';
import { CATALOGUE, USERS, type CatalogueDocument, type UserDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import {
  approveRealtorRequest,
  confirmRealtorRequest,
  realtorRequestDecider,
  realtorRequestStream,
  submitRealtorRequest,
  handleAgency,
} from '../agencies';
import {
  changeUser,
  finishSignUp,
  newCode,
  newSalt,
  phoneDecider,
  phoneStream,
  userStream,
  handlePhone,
} from '../identity';
import {
  billPromotions,
  handleNotification,
  tariffsOfPublication,
  paymentOf,
  payTariff,
  SandboxPayments,
  startPayment,
  walletDecider,
  walletStream,
  handleWallet,
} from '../money';
import { publicationStream, type PublicationCommand, handlePublication } from '../publications';
import { demoPublications } from './demoData';
import { seedDemoBookings, seedDemoGuestBookings } from '../bookings';
import { seedDemoChats } from '../chats';
import { seedDemoContent } from '../content';
import { seedDemoComplaints } from '../complaints';
import { seedDemoLeads } from '../leads';
import { seedDemoSavedSearches } from '../savedSearches';
import { seedDemoPhotos } from '../media';
import { seedResidentialComplexes } from '../newBuildings';
import { type Actor } from '../core/access';
import { DEMO_CORRELATION } from '../core/demo';
import { HISTORY_DAYS, seedDemoHistory } from './history';

/** the first agency's listings that show its uploaded photos */
const DEMO_PHOTOGRAPHED = 3;

/** fixed, as the rest of the demo's ids: a second seed of the same log finds it */
const DEMO_INVOICE_ID = '5eed0000-0000-4000-8000-00000000a001';

const AGENCIES: {
  name: string;
  inn: string;
  kpp: string;
  accountNumber: string;
  siteLink: string;
  description: string;
}[] = [
  {
    name: 'Этажи Плюс',
    inn: '7701000011',
    kpp: '770101001',
    accountNumber: '40702810900000000011',
    siteLink: 'https://etazhi-plus.example.ru',
    description:
      'Продажа и аренда квартир в Москве и Санкт-Петербурге с 2006 года, ипотека и юридическое сопровождение сделки.',
  },
  {
    name: 'Городская недвижимость',
    inn: '7702000022',
    kpp: '770201001',
    accountNumber: '40702810900000000022',
    siteLink: 'https://gorod-estate.example.ru',
    description: 'Вторичное жильё и новостройки: подбор, показы, проверка документов.',
  },
  {
    name: 'Невский квартал',
    inn: '7803000033',
    kpp: '780301001',
    accountNumber: '40702810900000000033',
    siteLink: 'https://nevsky-kvartal.example.ru',
    description: 'Квартиры в Петербурге: продажа, долгосрочная и посуточная аренда.',
  },
  {
    name: 'Дом у моря',
    inn: '2304000044',
    kpp: '230401001',
    accountNumber: '40702810900000000044',
    siteLink: 'https://dom-u-morya.example.ru',
    description: 'Жильё у моря и в городах России: посуточная аренда и продажа.',
  },
];
const NAMES = [
  'Анна Смирнова',
  'Игорь Кузнецов',
  'Мария Попова',
  'Дмитрий Волков',
  'Елена Соколова',
  'Сергей Морозов',
  'Ольга Лебедева',
  'Алексей Козлов',
  'Наталья Новикова',
  'Павел Фёдоров',
  'Татьяна Морозова',
  'Виктор Егоров',
];

export const DEMO_PHONES = {
  moderator: '79990000000',
  owner: '79990000001',
  agent: '79990000011',
  user: '79990000100',
};
const MODERATOR_ID = 'demo-moderator';
/** What each demo agency's owner tops up through the payment page, in roubles: enough for its promotions for weeks. */
export const DEMO_TOP_UP = 30_000;

type Person = { userId: string; name: string; phone: string; email: string | null };
type Staff = Actor & { agencyId: string };
const DAY = 24 * 60 * 60_000;
const context = { actor: 'seed', correlationId: DEMO_CORRELATION };

/**
 * Demo listings were published over the last three months (the oldest before the 90 days of the
 * demo's traffic, seed/history.ts); every twentieth within the last day, so the premium window (new
 * listings shown to subscribers only for 3 days) has something in it. The others are at least an
 * hour past that window: the window moves by whole minutes, so a listing published exactly 3 days
 * before the seed would join the catalogue's counts a minute later, while a visitor (or a test)
 * compares them.
 */
const demoPublishedAt = (now: Date, i: number) =>
  new Date(
    now.getTime() - (i % 20 === 7 ? DAY : 3 * DAY + 60 * 60_000 + ((i * 7919) % (60 * 24)) * 60_000 * 92),
  ).toISOString();

/**
 * When a promoted listing's first day was paid: 5 to 44 days before the seed, never before two
 * hours after its publication. The billing then charged every day since, as after a pause.
 */
const promotedFrom = (now: Date, i: number, publishedAt: string) =>
  Math.max(Date.parse(publishedAt) + 2 * 60 * 60_000, now.getTime() - (5 + ((i * 13) % 40)) * DAY);

/** Signed-in buyers of the demo's history: they view, add to favourites, write and book (seed/history.ts). */
export const DEMO_BUYERS: Person[] = [
  'Алина Григорьева',
  'Роман Белов',
  'Ксения Орлова',
  'Артём Захаров',
  'Полина Никитина',
  'Максим Соловьёв',
  'Дарья Киселёва',
  'Никита Тарасов',
  'Юлия Макарова',
  'Андрей Зайцев',
  'Вера Борисова',
  'Григорий Михайлов',
].map((name, n) => ({
  userId: `demo-buyer-${n + 1}`,
  name,
  phone: `799900005${String(n + 1).padStart(2, '0')}`,
  email: null,
}));

const hasStream = async (ctx: AppContext, stream: string) =>
  (await ctx.eventStore.readStream(stream)).length > 0;

/**
 * Sign-up as the site does it: a registration code sent to the phone and entered (the phone is bound
 * to the new account), then the account. The code never leaves the seed: no SMS is queued, and no
 * confirmation letter goes to the invented addresses.
 */
async function signUp(ctx: AppContext, person: Person) {
  if (await hasStream(ctx, userStream(person.userId))) return;
  const phone = fold(phoneDecider, await ctx.eventStore.readStream(phoneStream(person.phone)));
  if (phone.ownerId !== person.userId) {
    const code = newCode();
    const now = ctx.clock();
    const registration = { name: person.name, email: person.email, newsletter: false };
    await handlePhone(
      ctx.eventStore,
      person.phone,
      {
        type: 'SendCode',
        phone: person.phone,
        purpose: 'registration',
        code,
        salt: newSalt(),
        now,
        registration,
      },
      context,
    );
    await handlePhone(
      ctx.eventStore,
      person.phone,
      { type: 'VerifyCode', phone: person.phone, purpose: 'registration', code, now, userId: person.userId },
      context,
    );
  }
  const registered = await finishSignUp(ctx, person.userId, person.phone, {
    name: person.name,
    email: person.email,
    newsletter: false,
  });
  await ctx.projections.whenCaughtUp(registered.position);
}

/**
 * A user becomes an agency owner as on the site: the realtor request, the moderator's approval, then
 * `confirm`, which creates the agency; then the owner fills in «Моё агентство». Each step is done
 * only if the request has not passed it, so an interrupted seed resumes.
 */
async function openAgency(
  ctx: AppContext,
  owner: Person,
  agencyId: string,
  agency: (typeof AGENCIES)[number],
  moderator: Actor,
): Promise<Staff> {
  const details: AgencyDetails = {
    name: agency.name,
    legalEntity: 1,
    inn: agency.inn,
    kpp: agency.kpp,
    accountNumber: agency.accountNumber,
    siteLink: agency.siteLink,
    email: owner.email,
    description: null,
  };
  const status = () =>
    ctx.eventStore
      .readStream(realtorRequestStream(owner.userId))
      .then((events) => fold(realtorRequestDecider, events).status);
  if ((await status()) === 'none') await submitRealtorRequest(ctx, owner.userId, owner.name, details);
  if ((await status()) === 'review') await approveRealtorRequest(ctx, moderator, owner.userId, context);
  // confirmed already: the same confirmation again finishes what an interrupted one left
  if (['approved', 'confirmed'].includes(await status()))
    await confirmRealtorRequest(ctx, owner.userId, agencyId);
  const actor: Staff = { userId: owner.userId, role: ROLES.AGENCY_OWNER, agencyId };
  const profile = await handleAgency(
    ctx.eventStore,
    agencyId,
    {
      type: 'ChangeProfile',
      actor,
      details: { ...details, description: agency.description },
      canViewInCatalog: true,
      specializations: [],
    },
    { ...context, actor: owner.userId },
  );
  await ctx.projections.whenCaughtUp(profile.position);
  return actor;
}

/** The owner adds a registered user by phone (`POST /api/agency/{id}/employee`): the agency records the employee, the account becomes an agent. */
async function hire(ctx: AppContext, owner: Staff, person: Person): Promise<Staff> {
  const user = await ctx.readStore.collection<UserDocument>(USERS).findOne({ phone: person.phone });
  if (!user) throw new Error(`demo employee ${person.phone} has no account`);
  await handleAgency(
    ctx.eventStore,
    owner.agencyId,
    { type: 'AddEmployee', actor: owner, userId: user._id },
    { ...context, actor: owner.userId },
  );
  await changeUser(ctx, user._id, { type: 'ChangeRole', role: ROLES.AGENT, agencyId: owner.agencyId });
  return { userId: user._id, role: ROLES.AGENT, agencyId: owner.agencyId };
}

/**
 * The owner tops the wallet up online, as in the cabinet: a payment with the provider, paid on its
 * page, reported by its webhook. Only with the sandbox provider (development and demo stacks): a
 * real provider's payment would need a real card. Answers whether the wallet holds the money.
 */
async function topUp(ctx: AppContext, owner: Staff, sum: number): Promise<boolean> {
  const sandbox = ctx.payments;
  if (!(sandbox instanceof SandboxPayments)) return false;
  const wallet = fold(walletDecider, await ctx.eventStore.readStream(walletStream(owner.agencyId)));
  if ([...wallet.payments.values()].includes('credited')) return true;
  const { paymentId } = await startPayment(
    ctx,
    {
      purpose: 'wallet-top-up',
      sum,
      agencyId: owner.agencyId,
      userId: owner.userId,
      tariffId: null,
      siteUrl: ctx.config.PUBLIC_URL ?? null,
    },
    // the seed may run in an api process with the worker elsewhere, or not started yet: it does the job's step itself
    { withoutQueue: true },
  );
  const { providerPaymentId } = (await paymentOf(ctx, paymentId)) as { providerPaymentId: string };
  await sandbox.settle(providerPaymentId, 'succeeded');
  return (await handleNotification(ctx, providerPaymentId)) === 'succeeded';
}

/**
 * Demo data, created only through the commands users' actions send — sign-up, realtor request,
 * moderator approval and confirmation, hiring by phone, listings created and published, wallet
 * top-ups through the payment page, tariffs paid from the wallet, bookings — so every stream a
 * user's action makes exists and every later command (switching an agent off, a second payment)
 * finds the state it expects. Demo history is dated back (publication dates, promotions paid
 * weeks ago and billed every day since, 90 days of the site's traffic: seed/history.ts), as users
 * acting then would have made it. Runs once: a log that already has the demo moderator is left alone.
 */
export async function seedDemoData(
  ctx: AppContext,
  publicationCount = 240,
): Promise<{ created: boolean; listings: number }> {
  if (await hasStream(ctx, userStream(MODERATOR_ID))) {
    // content came after the first demo logs: a log seeded before it gets it now (once)
    await seedDemoContent(ctx, MODERATOR_ID);
    return { created: false, listings: 0 };
  }
  // the moderator approves the demo realtor requests; its own account is made last (below)
  const moderator: Actor = { userId: MODERATOR_ID, role: MODERATOR_ROLE, agencyId: null };
  const staff: Staff[] = [];
  const owners: Staff[] = [];
  for (const [a, agency] of AGENCIES.entries()) {
    const owner: Person = {
      userId: `demo-owner-${a + 1}`,
      name: NAMES[a * 3],
      phone: `7999000000${a + 1}`,
      email: `owner${a + 1}@demo.estate`,
    };
    await signUp(ctx, owner);
    const ownerActor = await openAgency(ctx, owner, `demo-agency-${a + 1}`, agency, moderator);
    owners.push(ownerActor);
    staff.push(ownerActor);
    for (const k of [1, 2]) {
      const agent: Person = {
        userId: `demo-agent-${a + 1}${k}`,
        name: NAMES[a * 3 + k],
        phone: `799900000${a + 1}${k}`,
        email: null,
      };
      await signUp(ctx, agent);
      staff.push(await hire(ctx, ownerActor, agent));
    }
  }
  await signUp(ctx, {
    userId: 'demo-user',
    name: 'Ирина Васильева',
    phone: DEMO_PHONES.user,
    email: 'user@demo.estate',
  });
  for (const buyer of DEMO_BUYERS) await signUp(ctx, buyer);

  const publications = demoPublications(publicationCount);
  // the first agency's photos, uploaded as its owner would, lead the galleries of its first few listings
  const photos = await seedDemoPhotos(ctx, 'demo-agency-1', 'demo-owner-1');
  let photographed = 0;
  const now = ctx.clock();
  const promoted: { publicationId: string; author: Staff; positionType: 1 | 2 | 3; since: number }[] = [];
  for (const [i, publication] of publications.entries()) {
    // half-steps through the staff, so every agency gets listings of every deal (deals alternate with i)
    const author = staff[Math.floor(i / 2) % staff.length];
    const publicationId = `demo-${String(i + 1).padStart(4, '0')}`;
    const stream = publicationStream(publicationId);
    // a listing already there was made by an interrupted run: it is left as it is
    if (await hasStream(ctx, stream)) continue;
    const run = (command: PublicationCommand) =>
      handlePublication(ctx.eventStore, publicationId, command, {
        ...context,
        actor: author.userId,
      });
    const details =
      author.agencyId === 'demo-agency-1' && !publication.draft && photographed++ < DEMO_PHOTOGRAPHED
        ? {
            ...publication.details,
            images: [...photos.map((path) => ({ path })), ...publication.details.images],
          }
        : publication.details;
    await run({ type: 'CreatePublication', actor: author, publicationId, details });
    if (publication.draft) continue;
    const publishedAt = demoPublishedAt(now, i);
    await run({ type: 'PublishPublication', actor: author, publishedAt });
    // a tenth of the sale listings were marked down by 2–6 %: their price history has a step (dated
    // the seed's moment, as every event is dated when it was recorded)
    if (i % 10 === 4)
      await run({
        type: 'EditPublication',
        actor: author,
        details: {
          ...details,
          price: Math.round((details.price * (1 - (2 + (i % 5)) / 100)) / 10_000) * 10_000,
        },
      });
    // a few of each state, so every cabinet tab and the top places have something to show
    if (i % 12 === 3)
      promoted.push({
        publicationId,
        author,
        positionType: ((i % 3) + 1) as 1 | 2 | 3,
        since: promotedFrom(now, i, publishedAt),
      });
    else if (i % 29 === 11) await run({ type: 'ArchivePublication', actor: author });
    else if (i % 31 === 13)
      await run({
        type: 'DeclinePublication',
        actor: moderator,
        reason: 'Фотографии не соответствуют объекту. Загрузите снимки этой квартиры.',
      });
  }
  await ctx.projections.whenCaughtUp();

  // promotion as agencies buy it: the owner tops the wallet up, the author pays the listing's tariff from it
  const funded = new Set<string>();
  for (const owner of owners) if (await topUp(ctx, owner, DEMO_TOP_UP)) funded.add(owner.agencyId);
  // the first agency also asks for an invoice, to top up by bank transfer, as the cabinet's form asks
  const [first] = AGENCIES;
  await handleWallet(
    ctx.eventStore,
    owners[0].agencyId,
    {
      type: 'RequestInvoice',
      data: {
        agencyId: owners[0].agencyId,
        invoiceId: DEMO_INVOICE_ID,
        sum: 50_000,
        organizationName: `ООО «${first.name}»`,
        inn: first.inn,
        kpp: first.kpp,
        account: first.accountNumber,
        by: owners[0].userId,
      },
    },
    context,
  );
  const catalogue = ctx.readStore.collection<CatalogueDocument>(CATALOGUE);
  const promotedSince = new Map<string, number>();
  for (const { publicationId, author, positionType, since } of promoted) {
    if (!funded.has(author.agencyId)) continue;
    const listing = await catalogue.findOne({ _id: publicationId });
    if (!listing || listing.status !== PUBLICATION_STATUS.PUBLISHED || listing.promotion) continue;
    const tariff = tariffsOfPublication(listing).find((t) => t.positionType === positionType)!;
    // paid then, with the app's clock at that moment: the paid day (and the funnel's promoted days) starts there
    await payTariff({ ...ctx, clock: () => new Date(since) }, author, listing, tariff.id);
    promotedSince.set(publicationId, since);
  }
  // the daily charges since, as the billing catches up after a pause: a day for each due promotion a run
  for (let day = 0; day <= HISTORY_DAYS; day++) {
    const { charged, ended } = await billPromotions(ctx, {
      actor: 'billing',
      correlationId: DEMO_CORRELATION,
    });
    if (charged + ended === 0) break;
  }

  await seedResidentialComplexes(ctx);
  await seedDemoContent(ctx, MODERATOR_ID);
  await ctx.projections.whenCaughtUp();
  await seedDemoBookings(ctx, {
    userId: 'demo-user',
    name: 'Ирина Васильева',
    phone: DEMO_PHONES.user,
    email: 'user@demo.estate',
  });
  // every agency's booking tabs and funnel have requests: two buyers' each
  for (const [a, owner] of owners.entries())
    await seedDemoGuestBookings(ctx, owner, DEMO_BUYERS.slice(a * 2, a * 2 + 2));
  await seedDemoChats(ctx, 'demo-user');
  await seedDemoLeads(ctx, { userId: MODERATOR_ID, name: 'Модератор' });
  await seedDemoComplaints(ctx);
  await seedDemoSavedSearches(ctx, 'demo-user');
  await seedDemoHistory(ctx, {
    agencyIds: owners.map((o) => o.agencyId),
    buyers: DEMO_BUYERS,
    promotedSince,
  });
  // last, so that an interrupted seed runs again on the next start
  await signUp(ctx, { userId: MODERATOR_ID, name: 'Модератор', phone: DEMO_PHONES.moderator, email: null });
  await ctx.projections.whenCaughtUp();
  return { created: true, listings: publications.length };
}
