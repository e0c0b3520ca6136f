import { createHash } from 'node:crypto';
import {
  CATALOGUE,
  moscowDayOf,
  moscowDayStart,
  type CatalogueDocument,
  type Interaction,
} from '@estate/projections';
import { askAboutListing } from '../chats';
import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { addToFavourites } from '../favourites';
import { interactionOf, originOfAddress, publishInteractions } from '../statistics';
import { random } from './demoData';

/** How far back the demo's traffic goes: the dashboard's quarter, the funnel's longest default and more. */
export const HISTORY_DAYS = 90;
const DAY = 24 * 60 * 60_000;
/** browsers that come back now and then, from fewer addresses (households, offices) */
const VISITORS = 1500;
const ADDRESSES = 400;

/**
 * The traffic's shape: expected impressions of an average listing a day, and how a viewer goes on —
 * opens it, reveals the phone, and (a signed-in buyer) adds it to favourites or writes. Figures of a
 * modest marketplace: the 240 demo listings get about 10,500 interactions in 90 days (the agency's
 * every day has views, a popular listing most of its days), which every start of the embedded read
 * models folds again: about half a second here, so no more.
 */
const TRAFFIC = {
  views: 0.3,
  /** a signed-in buyer among the viewers */
  buyer: 0.12,
  opened: 0.3,
  phone: 0.18,
  favourite: 0.35,
  chat: 0.2,
  /** weekends are busier, the market grew over the quarter, a paid promotion shows the listing more */
  weekend: 1.35,
  growth: 0.5,
  promoted: 2.2,
} as const;

const QUESTIONS = [
  'Здравствуйте! Объявление ещё актуально?',
  'Добрый день. Можно посмотреть на этой неделе?',
  'Здравствуйте, возможен ли торг?',
  'Подскажите, пожалуйста, какие платежи за коммунальные услуги?',
  'Добрый день! Есть ли парковка рядом с домом?',
  'Здравствуйте. Документы готовы к сделке?',
];
const ANSWERS = [
  'Здравствуйте! Да, актуально. Когда вам удобно посмотреть?',
  'Добрый день! Можно в четверг или в субботу, во второй половине дня.',
  'Здравствуйте! Небольшой торг возможен, обсудим на просмотре.',
];

/** a server-issued visitor id in its shape (22 characters of base64url), derived, so every seed has the same visitors */
const visitorId = (n: number) =>
  createHash('sha256').update(`demo-visitor-${n}`).digest('base64url').slice(0, 22);
/** documentation addresses (RFC 5737): no real visitor has them */
const address = (n: number) => `${n % 2 ? '198.51.100' : '203.0.113'}.${Math.floor(n / 2) % 250}`;

/** A Poisson draw (Knuth's method: the means here are small). */
function poisson(next: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let n = 0;
  for (let p = next(); p > limit; p *= next()) n++;
  return n;
}

/** The context with the app's clock at a moment: what a person did then is dated then. */
const at = (ctx: AppContext, time: number): AppContext => ({ ...ctx, clock: () => new Date(time) });

type Viewer = { viewer: string; origin: string; buyer: string | null };

/**
 * The demo's last 90 days of traffic on its listings, made as the site's visitors make it: card
 * impressions and openings from visitors with server-issued ids (each with a hashed address),
 * phone reveals, and demo buyers (signed-in accounts) adding listings to their favourites
 * (`AddFavourite`) and starting chats with the authors (`SendMessage`, some answered). The
 * interactions go on the bus as the routes put them there, dated when they happened (the app's
 * clock moved back for the commands, which date their counts by it); the statistics consumer folds
 * them like any other, days in order, so the funnel closes its days as it goes. Deterministic: a
 * fixed sequence decides who comes when, relative to the seed's moment. The commands carry the
 * seed's correlation and tell nobody; their events are dated when the seed wrote them (the log's
 * time is never moved), so a favourite's or a chat's own date is the seed's.
 *
 * `promotedSince` gives each promoted listing's first paid moment: it is shown more from then.
 */
export async function seedDemoHistory(
  ctx: AppContext,
  {
    agencyIds,
    buyers,
    promotedSince,
  }: { agencyIds: string[]; buyers: { userId: string }[]; promotedSince: Map<string, number> },
): Promise<void> {
  const rnd = random(90);
  const now = ctx.clock().getTime();
  const listings = (
    await ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .find({ agencyId: { $in: agencyIds }, publishedAt: { $ne: null } }, { sort: { _id: 1 } })
  ).map((doc) => ({
    doc,
    from: Date.parse(doc.publishedAt!),
    // a few listings draw most of the eyes
    popularity: 0.35 + 2.2 * rnd.next() ** 2,
  }));
  const viewers: Viewer[] = Array.from({ length: VISITORS }, (_, n) => ({
    viewer: `visitor:${visitorId(n)}`,
    origin: originOfAddress(ctx, address(n % ADDRESSES)),
    buyer: null,
  }));
  const buyerViewers: Viewer[] = buyers.map((b, n) => ({
    viewer: `user:${b.userId}`,
    origin: originOfAddress(ctx, address(ADDRESSES + n)),
    buyer: b.userId,
  }));
  const today = moscowDayOf(new Date(now).toISOString());
  for (let back = HISTORY_DAYS - 1; back >= 0; back--) {
    const dayStart = moscowDayStart(today) - back * DAY;
    const weekday = new Date(dayStart + 3 * 60 * 60_000).getUTCDay();
    const season =
      (weekday === 0 || weekday === 6 ? TRAFFIC.weekend : 1) *
      (1 + TRAFFIC.growth * (1 - back / (HISTORY_DAYS - 1)));
    const plain: Interaction[] = [];
    const actions: { time: number; run: () => Promise<unknown> }[] = [];
    for (const { doc, from, popularity } of listings) {
      const start = Math.max(dayStart, from);
      const end = Math.min(dayStart + DAY, now);
      if (end <= start) continue;
      const since = promotedSince.get(doc._id);
      const boost = since !== undefined && since < end ? TRAFFIC.promoted : 1;
      const mean = TRAFFIC.views * popularity * season * boost * ((end - start) / DAY);
      // a sequence of its own for each listing and day (by how many days back): the other days'
      // traffic does not depend on how much of today, or of a listing's first day, has passed
      const chance = random(seedOf(`${doc._id}:${back}`));
      const within = (after: number) => Math.floor(after + (end - after) * chance.next());
      for (let v = poisson(chance.next, mean); v > 0; v--) {
        const who =
          chance.next() < TRAFFIC.buyer && buyerViewers.length
            ? chance.pick(buyerViewers)
            : viewers[Math.floor(chance.next() * viewers.length)];
        const seen = within(start);
        plain.push(interactionOf.seen('view', who.viewer, doc._id, iso(seen), who.origin));
        if (chance.next() >= TRAFFIC.opened) continue;
        const opened = within(seen);
        plain.push(interactionOf.seen('click', who.viewer, doc._id, iso(opened), who.origin));
        if (chance.next() < TRAFFIC.phone)
          plain.push(interactionOf.phone(who.viewer, doc._id, iso(within(opened))));
        const buyer = who.buyer;
        if (!buyer) continue;
        if (chance.next() < TRAFFIC.favourite) {
          const time = within(opened);
          actions.push({
            time,
            run: () =>
              addToFavourites(at(ctx, time), buyer, doc._id, { meta: { correlationId: DEMO_CORRELATION } }),
          });
        }
        if (chance.next() < TRAFFIC.chat) {
          const time = within(opened);
          const question = chance.pick(QUESTIONS);
          const answer = chance.next() < 0.6 ? chance.pick(ANSWERS) : null;
          actions.push({ time, run: () => askAboutListing(at(ctx, time), buyer, doc, question, answer) });
        }
      }
    }
    // the day's favourites and chats (they put their own counts on the bus), then its impressions,
    // openings and reveals: each day whole before the next, as the funnel closes days in order
    for (const action of actions.sort((a, b) => a.time - b.time)) await action.run();
    await publishInteractions(
      ctx,
      plain.sort((a, b) => a.at.localeCompare(b.at)),
    );
  }
  await ctx.projections.whenCaughtUp();
  await ctx.interactions.whenCaughtUp();
}

const iso = (time: number) => new Date(time).toISOString();
const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32LE(0);
