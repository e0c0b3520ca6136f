import type { ReadStore } from '../readStore/port';
import {
  closedKey,
  decodeClosedDays,
  FUNNEL_BOOKINGS,
  FUNNEL_CHARGES,
  FUNNEL_CLOSED,
  FUNNEL_DAYS,
  FUNNEL_KINDS,
  FUNNEL_LISTINGS,
  moscowDayOf,
  moscowDayStart,
  nextDay,
  readFunnelState,
  type FunnelBookingDocument,
  type FunnelClosedDocument,
  type FunnelChargeDocument,
  type FunnelDayDocument,
  type FunnelKind,
  type FunnelListingDocument,
} from './projection';
import { decodeViewers, unionOf } from './viewers';

/** The steps, in the funnel's order, and the step each one's conversion is counted from. */
export const FUNNEL_STEPS = [
  ['impressions', null],
  ['opened', 'impressions'],
  ['responses', 'opened'],
  ['phone', 'opened'],
  ['chat', 'opened'],
  ['favorite', 'opened'],
  ['booking', 'opened'],
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number][0];

export const FUNNEL_STEP_OF_KIND: Record<FunnelKind, FunnelStep> = {
  view: 'impressions',
  click: 'opened',
  phone: 'phone',
  chat: 'chat',
  favorite: 'favorite',
};

export type FunnelPart = {
  /** listing-days: a day of one listing (for one listing, simply days) */
  days: number;
  counts: Record<FunnelStep, number>;
  /** kopecks spent on these days */
  moneyKopecks: number;
};

export type FunnelFigures = {
  total: FunnelPart;
  promoted: FunnelPart;
  notPromoted: FunnelPart;
};

const RESPONSES: FunnelStep[] = ['phone', 'chat', 'favorite'];

/** the steps a closed day keeps as counts, in the order of its numbers (bookings stay requests) */
export const FUNNEL_CLOSED_STEPS = [
  'impressions',
  'opened',
  'phone',
  'chat',
  'favorite',
  'responses',
] as const;
export const FUNNEL_PARTS = ['total', 'promoted', 'notPromoted'] as const;

/** One day's viewer sets of some listings: each step's sets, in the promoted part and the other. */
export type FunnelDaySets = {
  promoted: Map<FunnelStep, number[][]>;
  notPromoted: Map<FunnelStep, number[][]>;
};
export const emptyFunnelDaySets = (): FunnelDaySets => ({ promoted: new Map(), notPromoted: new Map() });

export function addFunnelSet(sets: Map<FunnelStep, number[][]>, step: FunnelStep, hashes: number[]) {
  if (!hashes.length) return;
  const list = sets.get(step) ?? [];
  sets.set(step, list);
  list.push(hashes);
}

/**
 * A day's counts from its sets, each part's and both's: each step's viewers once over all the
 * listings; a response is any of the phone, a chat or a favourite, each viewer once however many.
 */
export function countFunnelDaySets({ promoted, notPromoted }: FunnelDaySets) {
  for (const sets of [promoted, notPromoted]) {
    const responses = RESPONSES.flatMap((step) => sets.get(step) ?? []);
    if (responses.length) sets.set('responses', responses);
  }
  const both = new Map<FunnelStep, number[][]>();
  for (const sets of [promoted, notPromoted])
    for (const [step, list] of sets) both.set(step, [...(both.get(step) ?? []), ...list]);
  const count = (sets: Map<FunnelStep, number[][]>) =>
    new Map([...sets].map(([step, list]) => [step, unionOf(list).length]));
  return { total: count(both), promoted: count(promoted), notPromoted: count(notPromoted) };
}

/** the months a range of days touches, YYYY-MM */
function monthsOf(from: string, to: string) {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7);) {
    months.push(month);
    const [y, m] = month.split('-').map(Number);
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  return months;
}

/** Whose funnel is asked: one listing, an agency's listings or its agent's; the ids are its listings. */
export type FunnelScope = { publicationId: string } | { agencyId: string; authorId?: string };

const emptyCounts = (): Record<FunnelStep, number> => ({
  impressions: 0,
  opened: 0,
  responses: 0,
  phone: 0,
  chat: 0,
  favorite: 0,
  booking: 0,
});
const emptyPart = (): FunnelPart => ({ days: 0, counts: emptyCounts(), moneyKopecks: 0 });

/** The listings a scope covers, deleted ones too (their history and money still count). */
export async function funnelListings(
  store: ReadStore,
  scope: { agencyId: string; authorId?: string },
): Promise<FunnelListingDocument[]> {
  return store
    .collection<FunnelListingDocument>(FUNNEL_LISTINGS)
    .find(
      scope.authorId ? { agencyId: scope.agencyId, authorId: scope.authorId } : { agencyId: scope.agencyId },
    );
}

export const funnelListing = (store: ReadStore, publicationId: string) =>
  store.collection<FunnelListingDocument>(FUNNEL_LISTINGS).findOne({ _id: publicationId });

/**
 * A charge's kopecks spread over the Moscow days of the 24 hours it paid for, in proportion to the
 * time of each day it covers; the kopecks a proportion leaves over go to the largest remainders,
 * so the days' parts add up to the charge exactly.
 */
export function chargeByDay(charge: Pick<FunnelChargeDocument, 'sum' | 'refunded' | 'start' | 'end'>) {
  const kopecks = (charge.sum - charge.refunded) * 100;
  const start = Date.parse(charge.start);
  const end = Date.parse(charge.end);
  const parts: { day: string; kopecks: number; remainder: number }[] = [];
  if (kopecks <= 0 || end <= start) return new Map<string, number>();
  for (let day = moscowDayOf(charge.start); moscowDayStart(day) < end; day = nextDay(day)) {
    const from = Math.max(start, moscowDayStart(day));
    const to = Math.min(end, moscowDayStart(nextDay(day)));
    if (to <= from) continue;
    const exact = (kopecks * (to - from)) / (end - start);
    parts.push({ day, kopecks: Math.floor(exact), remainder: exact - Math.floor(exact) });
  }
  let left = kopecks - parts.reduce((sum, p) => sum + p.kopecks, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.day.localeCompare(b.day))) {
    if (left <= 0) break;
    part.kopecks++;
    left--;
  }
  return new Map(parts.map((p) => [p.day, p.kopecks]));
}

/**
 * The funnel of some listings between two Moscow days inclusive: each step's viewers counted once
 * per day (over all the listings together: a viewer of two of them on one day is one), summed over
 * the days; and the same split into the listing-days a paid promotion covered (any part of the
 * day) and the others, with the money spent on them. The open days come from their viewer sets,
 * the closed ones from the counts their sets were made into (`days.ts`): the listing's own, or
 * the `scope`'s (the agency's or its agent's, whose listings `publicationIds` are), split into the
 * two parts when the day closed. Booking requests are counted from the requests every day.
 */
export async function funnelOf(
  store: ReadStore,
  publicationIds: string[],
  from: string,
  to: string,
  scope?: FunnelScope,
): Promise<FunnelFigures> {
  const figures: FunnelFigures = { total: emptyPart(), promoted: emptyPart(), notPromoted: emptyPart() };
  if (!publicationIds.length) return figures;
  // closed days from their counts, the open ones (after the last closed) from their sets
  const { closedThrough } = await readFunnelState(store);
  const closedTo = closedThrough && closedThrough >= from ? (closedThrough < to ? closedThrough : to) : null;
  const openFrom = closedTo ? nextDay(closedTo) : from;
  const owner = scope ?? (publicationIds.length === 1 ? { publicationId: publicationIds[0] } : null);
  if (closedTo && !owner)
    throw new Error('the funnel of several listings over closed days needs their scope');
  const ids = { $in: publicationIds };
  const [days, bookings, charges, closed] = await Promise.all([
    openFrom <= to
      ? store
          .collection<FunnelDayDocument>(FUNNEL_DAYS)
          .find({ publicationId: ids, day: { $gte: openFrom, $lte: to } })
      : [],
    store
      .collection<FunnelBookingDocument>(FUNNEL_BOOKINGS)
      .find({ publicationId: ids, day: { $gte: from, $lte: to } }),
    store.collection<FunnelChargeDocument>(FUNNEL_CHARGES).find({
      publicationId: ids,
      end: { $gt: new Date(moscowDayStart(from)).toISOString() },
      start: { $lt: new Date(moscowDayStart(nextDay(to))).toISOString() },
    }),
    closedTo && owner
      ? store
          .collection<FunnelClosedDocument>(FUNNEL_CLOSED)
          .find({ _id: { $in: monthsOf(from, closedTo).map((month) => closedKey(owner, month)) } })
      : [],
  ]);
  // money and promotion by listing and day
  const money = new Map<string, number>();
  for (const charge of charges)
    for (const [day, kopecks] of chargeByDay(charge)) {
      if (day < from || day > to) continue;
      const key = `${charge.publicationId}|${day}`;
      money.set(key, (money.get(key) ?? 0) + kopecks);
    }
  // the closed days' counts: a listing's go to the part its day is in now, an agency's were split at closing
  for (const doc of closed) {
    const month = doc._id.slice(-7);
    for (const [dd, numbers] of decodeClosedDays(doc.days)) {
      const day = `${month}-${dd}`;
      if (day < from || day > closedTo!) continue;
      if (owner && 'publicationId' in owner) {
        const part = money.has(`${owner.publicationId}|${day}`) ? figures.promoted : figures.notPromoted;
        FUNNEL_CLOSED_STEPS.forEach((step, k) => {
          part.counts[step] += numbers[k];
          figures.total.counts[step] += numbers[k];
        });
      } else
        FUNNEL_PARTS.forEach((part, p) =>
          FUNNEL_CLOSED_STEPS.forEach(
            (step, k) => (figures[part].counts[step] += numbers[p * FUNNEL_CLOSED_STEPS.length + k]),
          ),
        );
    }
  }
  // the viewers of each step, by day and part
  const byDay = new Map<string, FunnelDaySets>();
  const setsOf = (publicationId: string, day: string) => {
    const entry = byDay.get(day) ?? emptyFunnelDaySets();
    byDay.set(day, entry);
    return money.has(`${publicationId}|${day}`) ? entry.promoted : entry.notPromoted;
  };
  for (const doc of days) {
    const sets = setsOf(doc.publicationId, doc.day);
    for (const kind of FUNNEL_KINDS) addFunnelSet(sets, FUNNEL_STEP_OF_KIND[kind], decodeViewers(doc[kind]));
  }
  for (const booking of bookings)
    addFunnelSet(setsOf(booking.publicationId, booking.day), 'booking', [booking.viewer]);
  for (const day of byDay.values()) {
    const counts = countFunnelDaySets(day);
    for (const part of FUNNEL_PARTS) for (const [step, n] of counts[part]) figures[part].counts[step] += n;
  }
  // listing-days of each part
  const dayCount = Math.round((moscowDayStart(nextDay(to)) - moscowDayStart(from)) / 86_400_000);
  figures.total.days = dayCount * publicationIds.length;
  figures.promoted.days = money.size;
  figures.notPromoted.days = figures.total.days - money.size;
  figures.promoted.moneyKopecks = [...money.values()].reduce((sum, k) => sum + k, 0);
  figures.total.moneyKopecks = figures.promoted.moneyKopecks;
  return figures;
}
