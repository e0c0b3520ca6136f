import { defineProjection, ignoreAlreadyApplied } from '../projection';
import type { IndexSpec, ReadStore } from '../readStore/port';
import type { Interaction } from '../statistics/interactions';
import { viewerHash } from './viewers';

/**
 * The exact funnel (issue 19, item 3): per listing and Moscow day, the viewers of each step —
 * impressions in search (`view`), the listing opened (`click`), the phone revealed, a chat
 * started, a favourite, a booking request — and the paid promotion's days and money.
 *
 * Two writers, each its own collections: the statistics consumer folds the interactions it lets
 * count (bots and the counting limits left out, as the dashboard's) into `funnel_days` — sets, so
 * a batch delivered again changes nothing — and, once a day is closed, into the counts of
 * `funnel_closed` (see `days.ts`); and this projection keeps, from the event log, each
 * listing's agency and author, each promotion charge (and its refund) and each booking request,
 * every document guarded by the revision of its stream.
 */
export const FUNNEL_DAYS = 'funnel_days';
export const FUNNEL_LISTINGS = 'funnel_listings';
export const FUNNEL_CHARGES = 'funnel_charges';
export const FUNNEL_BOOKINGS = 'funnel_bookings';

/** the interaction kinds that are steps of the funnel, as `funnel_days` names its fields */
export const FUNNEL_KINDS = ['view', 'click', 'phone', 'chat', 'favorite'] as const;
export type FunnelKind = (typeof FUNNEL_KINDS)[number];

export type FunnelDayDocument = {
  _id: string;
  publicationId: string;
  /** the Moscow day, YYYY-MM-DD */
  day: string;
} & Partial<Record<FunnelKind, string>>;

export type FunnelListingDocument = {
  _id: string;
  revision: number;
  agencyId: string | null;
  authorId: string;
  dealCategory: string;
  title: string;
  deleted: boolean;
};

/** One charge of a promotion: it pays for [start, end), less what was refunded of it. */
export type FunnelChargeDocument = {
  _id: string;
  revision: number;
  agencyId: string;
  publicationId: string;
  /** roubles charged */
  sum: number;
  /** roubles given back (a refund of the charge) */
  refunded: number;
  start: string;
  end: string;
};

export type FunnelBookingDocument = {
  _id: string;
  revision: number;
  publicationId: string;
  day: string;
  /** the guest as a viewer hash: the account, else the phone */
  viewer: number;
};

export const funnelDayIndexes: IndexSpec[] = [{ key: { publicationId: 1, day: 1 } }, { key: { day: 1 } }];

/**
 * Closed days (see `days.ts`): the counts that replaced a closed day's sets, one document per key
 * and month — `l|<listing>|YYYY-MM` (per step), `a|<agency>|YYYY-MM` and `u|<agency>|<author>|YYYY-MM`
 * (per part and step, each viewer once over the listings of the agency or of its agent) — with
 * the month's days packed into one text (`encodeClosedDays`).
 */
export const FUNNEL_CLOSED = 'funnel_closed';
export const FUNNEL_STATE = 'funnel_state';

export type FunnelClosedDocument = { _id: string; days: string };

/** Where the folding stands: the newest Moscow day folded, the last closed day, the late ones dropped. */
export type FunnelStateDocument = {
  _id: 'days';
  newest: string | null;
  closedThrough: string | null;
  /** interactions dated in a closed day when they came: dropped (they could count a viewer twice) */
  late: number;
};

export async function readFunnelState(store: ReadStore): Promise<FunnelStateDocument> {
  const found = await store.collection<FunnelStateDocument>(FUNNEL_STATE).findOne({ _id: 'days' });
  return found ?? { _id: 'days', newest: null, closedThrough: null, late: 0 };
}

/** the key of a closed document: a listing's, an agency's or an agent's, and a month */
export const closedKey = (
  owner: { publicationId: string } | { agencyId: string; authorId?: string },
  month: string,
) =>
  'publicationId' in owner
    ? `l|${owner.publicationId}|${month}`
    : owner.authorId
      ? `u|${owner.agencyId}|${owner.authorId}|${month}`
      : `a|${owner.agencyId}|${month}`;

/** A month's closed days, `DD:n.n.n;DD:…` in day order: a day's numbers in a fixed order. */
export function decodeClosedDays(packed: string | undefined): Map<string, number[]> {
  const days = new Map<string, number[]>();
  if (!packed) return days;
  for (const entry of packed.split(';')) days.set(entry.slice(0, 2), entry.slice(3).split('.').map(Number));
  return days;
}

export function encodeClosedDays(days: Map<string, number[]>): string {
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, numbers]) => `${day}:${numbers.join('.')}`)
    .join(';');
}

const DAY = 86_400_000;
const MOSCOW = 3 * 3_600_000;
/** The Moscow day of an instant (UTC+3 all year since 2014), as the cabinet's dates are. */
export const moscowDayOf = (iso: string) => new Date(Date.parse(iso) + MOSCOW).toISOString().slice(0, 10);
/** The instant a Moscow day starts, in ms. */
export const moscowDayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`) - MOSCOW;
export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY).toISOString().slice(0, 10);

/**
 * Who did it. Views and openings name their viewer; phone reveals, favourites and chats name it
 * since issue 19, and before that only in their ids: `phone:<viewer>:<listing>:<day>`,
 * `favorite:<userId>:<listing>:<day>`, `chat:<chatId>` (one chat per visitor and listing).
 */
export function funnelViewerOf(i: Interaction): string | null {
  if (i.viewer) return i.viewer;
  const suffix = `:${i.publicationId}:${i.at.slice(0, 10)}`;
  if (
    (i.kind === 'phone' || i.kind === 'favorite') &&
    i.id.startsWith(`${i.kind}:`) &&
    i.id.endsWith(suffix)
  ) {
    const who = i.id.slice(i.kind.length + 1, -suffix.length);
    return i.kind === 'favorite' ? `user:${who}` : who;
  }
  if (i.kind === 'chat') return i.id;
  return null;
}

/** The listings, their promotions' money and their booking requests, from the event log. */
export const funnelProjection = defineProjection({
  name: 'funnel',
  version: 1,
  collections: {
    [FUNNEL_LISTINGS]: [{ key: { agencyId: 1, authorId: 1 } }],
    [FUNNEL_CHARGES]: [{ key: { publicationId: 1, end: 1 } }],
    [FUNNEL_BOOKINGS]: [{ key: { publicationId: 1, day: 1 } }],
  },
  handles: [
    'PublicationCreated',
    'PublicationEdited',
    'PublicationDeleted',
    'WalletCharged',
    'WalletRefunded',
    'BookingRequested',
  ],
  async apply(event, store) {
    const guard = (id: string) => ({ _id: id, revision: { $lt: event.revision } });
    switch (event.type) {
      case 'PublicationCreated': {
        const { publicationId, agencyId, authorId, details } = event.data;
        await ignoreAlreadyApplied(() =>
          store.collection<FunnelListingDocument>(FUNNEL_LISTINGS).replaceOne(
            guard(publicationId),
            {
              _id: publicationId,
              revision: event.revision,
              agencyId,
              authorId,
              dealCategory: details.dealCategory,
              title: details.title,
              deleted: false,
            },
            { upsert: true },
          ),
        );
        return;
      }
      case 'PublicationEdited':
        await store
          .collection<FunnelListingDocument>(FUNNEL_LISTINGS)
          .updateOne(guard(event.data.publicationId), {
            $set: {
              revision: event.revision,
              dealCategory: event.data.details.dealCategory,
              title: event.data.details.title,
            },
          });
        return;
      case 'PublicationDeleted':
        // its history stays: the money spent on it and its funnel still count for the agency
        await store
          .collection<FunnelListingDocument>(FUNNEL_LISTINGS)
          .updateOne(guard(event.data.publicationId), { $set: { revision: event.revision, deleted: true } });
        return;
      case 'WalletCharged': {
        const { agencyId, chargeId, sum, publicationId, paidUntil } = event.data;
        if (!publicationId) return;
        // a charge pays one day of 24 hours, ending at paidUntil (version-1 charges: from when they were made)
        const end = paidUntil ? Date.parse(paidUntil) : Date.parse(event.occurredAt) + DAY;
        const id = `${agencyId}:${chargeId}`;
        await ignoreAlreadyApplied(() =>
          store.collection<FunnelChargeDocument>(FUNNEL_CHARGES).replaceOne(
            guard(id),
            {
              _id: id,
              revision: event.revision,
              agencyId,
              publicationId,
              sum,
              refunded: 0,
              start: new Date(end - DAY).toISOString(),
              end: new Date(end).toISOString(),
            },
            { upsert: true },
          ),
        );
        return;
      }
      case 'WalletRefunded': {
        const { agencyId, chargeId, sum } = event.data;
        await store
          .collection<FunnelChargeDocument>(FUNNEL_CHARGES)
          .updateOne(guard(`${agencyId}:${chargeId}`), {
            $inc: { refunded: sum },
            $set: { revision: event.revision },
          });
        return;
      }
      case 'BookingRequested': {
        const { requestId, publicationId, guest } = event.data;
        await ignoreAlreadyApplied(() =>
          store.collection<FunnelBookingDocument>(FUNNEL_BOOKINGS).replaceOne(
            guard(requestId),
            {
              _id: requestId,
              revision: event.revision,
              publicationId,
              day: moscowDayOf(event.occurredAt),
              viewer: viewerHash(guest.userId ? `user:${guest.userId}` : `phone:${guest.phone}`),
            },
            { upsert: true },
          ),
        );
        return;
      }
    }
  },
});
