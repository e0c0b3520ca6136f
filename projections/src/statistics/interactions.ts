import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Collection, IndexSpec, ReadStore } from '../readStore/port';

export const INTERACTIONS_TOPIC = 'interactions';
export const INTERACTION_STATS = 'interaction_stats';

export const INTERACTION_KINDS = ['view', 'click', 'phone', 'favorite', 'chat'] as const;
/**
 * An analytics fact, not a domain decision. Its id is what makes counting exactly-once: the same
 * browser viewing the same listing on the same day produces the same id.
 */
export const interaction = z.object({
  id: z.string().min(1).max(200),
  kind: z.enum(INTERACTION_KINDS),
  publicationId: z.string().min(1).max(64),
  at: z.string().datetime(),
  /**
   * who viewed or opened the listing ('user:<id>' or 'visitor:<server-issued id>'): their recently
   * opened list, and the per-viewer counting limits
   */
  viewer: z.string().min(1).max(140).optional(),
  /** a keyed hash of the caller's IP address (never the address itself): the per-IP counting limits */
  origin: z.string().min(1).max(64).optional(),
});
export type Interaction = z.infer<typeof interaction>;

/** Ids live in 16 buckets per listing and day so no document's id list grows without bound. */
const BUCKETS = 16;
const bucketOf = (id: string) => createHash('sha1').update(id).digest()[0] % BUCKETS;
export const dayOf = (iso: string) => iso.slice(0, 10);

export type InteractionStatsDocument = {
  _id: string;
  publicationId: string;
  day: string;
  counts: Partial<Record<(typeof INTERACTION_KINDS)[number], number>>;
  ids: string[];
};

export const interactionStatsIndexes: IndexSpec[] = [{ key: { publicationId: 1, day: 1 } }];

/** The listings each viewer opened, the latest opening kept: `GET /api/clicked-publications`. */
export const OPENED_PUBLICATIONS = 'opened_publications';
export type OpenedPublicationDocument = { _id: string; viewer: string; publicationId: string; at: string };
export const openedPublicationIndexes: IndexSpec[] = [{ key: { viewer: 1, at: -1 } }];

/** Remembers who opened what; replaying an opening is harmless (the newest time wins). */
export async function recordOpenings(store: ReadStore, interactions: Interaction[]): Promise<void> {
  const opened = store.collection<OpenedPublicationDocument>(OPENED_PUBLICATIONS);
  for (const i of interactions) {
    if (i.kind !== 'click' || !i.viewer) continue;
    await opened.updateOne(
      { _id: `${i.viewer}:${i.publicationId}` },
      { $max: { at: i.at }, $setOnInsert: { viewer: i.viewer, publicationId: i.publicationId } },
      { upsert: true },
    );
  }
}

/**
 * How many card views and listing openings count, beyond once per viewer, listing and day (the
 * interaction id): per viewer in a calendar minute and in a day, per IP address in a day, and per
 * IP address and listing in a day. Whatever goes beyond is not counted, silently — the calls still
 * answer 200, so a script learns nothing. The figures leave a person scrolling fast (a page of 20
 * cards is under 20 views) and a household or office behind one address untouched, and make a
 * flood from one address worth at most 10 views of a listing a day.
 */
export const COUNTING_LIMITS = {
  view: { perViewerMinute: 60, perViewerDay: 1000, perOriginDay: 3000, perOriginListingDay: 10 },
  click: { perViewerMinute: 20, perViewerDay: 300, perOriginDay: 1000, perOriginListingDay: 10 },
} as const;
export type CountingLimits = Record<
  keyof typeof COUNTING_LIMITS,
  { perViewerMinute: number; perViewerDay: number; perOriginDay: number; perOriginListingDay: number }
>;

/** What each viewer and each address has had counted today (kept for today and yesterday only). */
export const INTERACTION_QUOTAS = 'interaction_quotas';
export type InteractionQuotaDocument = {
  _id: string;
  day: string;
  total: number;
  minute?: string;
  inMinute?: number;
};
export const interactionQuotaIndexes: IndexSpec[] = [{ key: { day: 1 } }];

const limitsOf = (i: Interaction, limits: CountingLimits) =>
  (i.kind === 'view' || i.kind === 'click') && (i.viewer || i.origin) ? limits[i.kind] : null;

/** The newest day whose quotas were pruned, per store: older days are deleted once a newer day shows up. */
const prunedUpTo = new WeakMap<ReadStore, string>();

/**
 * Folds interactions into daily counters, each id counted once however often it is delivered:
 * the update only matches while the id is absent, and an upsert that finds the bucket already
 * holding it fails as a duplicate key, which means "already counted". A view or an opening that
 * names its viewer or address also counts only within COUNTING_LIMITS: its quotas are read first
 * and moved only when it was counted, so a redelivered batch moves nothing. (Interactions recorded
 * before the limits name neither and count as they did.)
 */
export async function countInteractions(
  store: ReadStore,
  interactions: Interaction[],
  limits: CountingLimits = COUNTING_LIMITS,
  /** told of every interaction the limits let count (counted now or before: the funnel's sets) */
  accepted?: (i: Interaction) => void,
): Promise<number> {
  const stats = store.collection<InteractionStatsDocument>(INTERACTION_STATS);
  const limited = interactions.filter((i) => limitsOf(i, limits));
  const book = await QuotaBook.open(store, limited);
  let counted = 0;
  for (const i of interactions) {
    const day = dayOf(i.at);
    const limit = limitsOf(i, limits);
    let quota: Quota | null = null;
    if (limit) {
      quota = readQuota(book, i, day);
      if (!quota.allows(limit)) continue;
    }
    accepted?.(i);
    try {
      const result = await stats.updateOne(
        { _id: `${i.publicationId}:${day}:${bucketOf(i.id)}`, ids: { $ne: i.id } },
        {
          $inc: { [`counts.${i.kind}`]: 1 },
          $push: { ids: i.id },
          $setOnInsert: { publicationId: i.publicationId, day },
        },
        { upsert: true },
      );
      if (result.modifiedCount + (result.upsertedId ? 1 : 0) > 0) {
        counted++;
        quota?.take();
      }
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
  await book.save();
  return counted;
}

/** The ids of the quotas an interaction counts against: its viewer's (day, with the minute inside), its address's, its address's for this listing. */
function quotaIds(i: Interaction, day: string) {
  return {
    viewer: i.viewer ? `${i.kind}|viewer|${i.viewer}|${day}` : null,
    origins: i.origin
      ? [
          `${i.kind}|origin|${i.origin}|${day}`,
          `${i.kind}|origin-listing|${i.origin}|${i.publicationId}|${day}`,
        ]
      : [],
  };
}

/**
 * The quotas a batch reads and moves: read before the batch and written together after it (one
 * bulk write per batch). One consumer applies the batches in order, so nothing
 * else moves them meanwhile; a crash between the counts and the save leaves them a little low.
 */
class QuotaBook {
  private readonly changed = new Set<string>();
  private constructor(
    private readonly quotas: Collection<InteractionQuotaDocument>,
    private readonly docs: Map<string, InteractionQuotaDocument>,
  ) {}

  static async open(store: ReadStore, limited: Interaction[]): Promise<QuotaBook> {
    const quotas = store.collection<InteractionQuotaDocument>(INTERACTION_QUOTAS);
    const ids = new Set<string>();
    for (const i of limited) {
      const day = dayOf(i.at);
      await pruneQuotas(store, day);
      const { viewer, origins } = quotaIds(i, day);
      for (const id of viewer ? [viewer, ...origins] : origins) ids.add(id);
    }
    // by id, each a lookup (the embedded store answers a long `$in` far slower than as many lookups)
    const found = await Promise.all([...ids].map((id) => quotas.findOne({ _id: id })));
    return new QuotaBook(quotas, new Map(found.filter((doc) => doc !== null).map((doc) => [doc._id, doc])));
  }

  get(id: string): InteractionQuotaDocument | null {
    return this.docs.get(id) ?? null;
  }

  put(doc: InteractionQuotaDocument) {
    this.docs.set(doc._id, doc);
    this.changed.add(doc._id);
  }

  async save() {
    if (!this.changed.size) return;
    await this.quotas.bulkWrite(
      [...this.changed].map((id) => ({
        replaceOne: { filter: { _id: id }, replacement: this.docs.get(id)!, upsert: true },
      })),
    );
  }
}

type Quota = { allows(limit: CountingLimits['view']): boolean; take(): void };

function readQuota(book: QuotaBook, i: Interaction, day: string): Quota {
  const minute = i.at.slice(0, 16);
  const ids = quotaIds(i, day);
  const viewer = ids.viewer ? book.get(ids.viewer) : null;
  const [origin, originPublication] = ids.origins.map((id) => book.get(id));
  const inMinute = viewer?.minute === minute ? (viewer.inMinute ?? 0) : 0;
  return {
    allows: (limit) =>
      inMinute < limit.perViewerMinute &&
      (viewer?.total ?? 0) < limit.perViewerDay &&
      (origin?.total ?? 0) < limit.perOriginDay &&
      (originPublication?.total ?? 0) < limit.perOriginListingDay,
    take() {
      if (ids.viewer)
        book.put({ _id: ids.viewer, day, total: (viewer?.total ?? 0) + 1, minute, inMinute: inMinute + 1 });
      ids.origins.forEach((id, n) =>
        book.put({ _id: id, day, total: ((n === 0 ? origin : originPublication)?.total ?? 0) + 1 }),
      );
    },
  };
}

/** Quotas of days before yesterday are of no use: they go once a newer day shows up. */
async function pruneQuotas(store: ReadStore, day: string) {
  const pruned = prunedUpTo.get(store);
  if (pruned !== undefined && pruned >= day) return;
  prunedUpTo.set(store, day);
  const yesterday = new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
  await store
    .collection<InteractionQuotaDocument>(INTERACTION_QUOTAS)
    .deleteMany({ day: { $lt: yesterday } });
}

export type DailyStats = {
  day: string;
  view: number;
  click: number;
  phone: number;
  favorite: number;
  chat: number;
};

/** The buckets' counts added to their days' (a day not there yet starts at zero). */
function addToDays(days: Map<string, DailyStats>, buckets: InteractionStatsDocument[]) {
  for (const bucket of buckets) {
    const day = days.get(bucket.day) ?? {
      day: bucket.day,
      view: 0,
      click: 0,
      phone: 0,
      favorite: 0,
      chat: 0,
    };
    for (const kind of INTERACTION_KINDS) day[kind] += bucket.counts?.[kind] ?? 0;
    days.set(bucket.day, day);
  }
  return days;
}

/** Counts per day for one listing, between two days inclusive (YYYY-MM-DD). */
export async function dailyInteractionStats(
  store: ReadStore,
  publicationId: string,
  fromDay: string,
  toDay: string,
): Promise<DailyStats[]> {
  const buckets = await store
    .collection<InteractionStatsDocument>(INTERACTION_STATS)
    .find({ publicationId, day: { $gte: fromDay, $lte: toDay } }, { projection: { ids: 0 } });
  const days = addToDays(new Map<string, DailyStats>(), buckets);
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Counts per day summed over many listings (an agency's, an agent's), between two days inclusive. */
export async function summedDailyStats(
  store: ReadStore,
  publicationIds: string[],
  fromDay: string,
  toDay: string,
): Promise<Map<string, DailyStats>> {
  const days = new Map<string, DailyStats>();
  if (!publicationIds.length) return days;
  const buckets = await store
    .collection<InteractionStatsDocument>(INTERACTION_STATS)
    .find(
      { publicationId: { $in: publicationIds }, day: { $gte: fromDay, $lte: toDay } },
      { projection: { ids: 0 } },
    );
  return addToDays(days, buckets);
}
