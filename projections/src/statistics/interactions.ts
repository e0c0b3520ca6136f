import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { IndexSpec, ReadStore } from '../readStore/port';

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
  /** who opened the listing ('user:<id>' or 'fp:<fingerprint>'), for their recently opened list */
  viewer: z.string().min(1).max(140).optional(),
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
    await opened.updateOne({ _id: `${i.viewer}:${i.publicationId}` }, { $max: { at: i.at }, $setOnInsert: { viewer: i.viewer, publicationId: i.publicationId } }, { upsert: true });
  }
}

/**
 * Folds interactions into daily counters, each id counted once however often it is delivered:
 * the update only matches while the id is absent, and an upsert that finds the bucket already
 * holding it fails as a duplicate key, which means "already counted".
 */
export async function countInteractions(store: ReadStore, interactions: Interaction[]): Promise<number> {
  const stats = store.collection<InteractionStatsDocument>(INTERACTION_STATS);
  let counted = 0;
  for (const i of interactions) {
    const day = dayOf(i.at);
    try {
      const result = await stats.updateOne(
        { _id: `${i.publicationId}:${day}:${bucketOf(i.id)}`, ids: { $ne: i.id } },
        { $inc: { [`counts.${i.kind}`]: 1 }, $push: { ids: i.id }, $setOnInsert: { publicationId: i.publicationId, day } },
        { upsert: true },
      );
      if (result.modifiedCount + (result.upsertedId ? 1 : 0) > 0) counted++;
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
  return counted;
}

export type DailyStats = { day: string; view: number; click: number; phone: number; favorite: number; chat: number };

/** Counts per day for one listing, between two days inclusive (YYYY-MM-DD). */
export async function dailyInteractionStats(store: ReadStore, publicationId: string, fromDay: string, toDay: string): Promise<DailyStats[]> {
  const buckets = await store.collection<InteractionStatsDocument>(INTERACTION_STATS).find(
    { publicationId, day: { $gte: fromDay, $lte: toDay } },
    { projection: { ids: 0 } },
  );
  const days = new Map<string, DailyStats>();
  for (const bucket of buckets) {
    const day = days.get(bucket.day) ?? { day: bucket.day, view: 0, click: 0, phone: 0, favorite: 0, chat: 0 };
    for (const kind of INTERACTION_KINDS) day[kind] += bucket.counts?.[kind] ?? 0;
    days.set(bucket.day, day);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Counts per day summed over many listings (an agency's, an agent's), between two days inclusive. */
export async function summedDailyStats(store: ReadStore, publicationIds: string[], fromDay: string, toDay: string): Promise<Map<string, DailyStats>> {
  const days = new Map<string, DailyStats>();
  if (!publicationIds.length) return days;
  const buckets = await store.collection<InteractionStatsDocument>(INTERACTION_STATS).find(
    { publicationId: { $in: publicationIds }, day: { $gte: fromDay, $lte: toDay } },
    { projection: { ids: 0 } },
  );
  for (const bucket of buckets) {
    const day = days.get(bucket.day) ?? { day: bucket.day, view: 0, click: 0, phone: 0, favorite: 0, chat: 0 };
    for (const kind of INTERACTION_KINDS) day[kind] += bucket.counts?.[kind] ?? 0;
    days.set(bucket.day, day);
  }
  return days;
}
