import type { ReadStore } from '../readStore/port';
import type { Interaction } from '../statistics/interactions';
import {
  closedKey,
  decodeClosedDays,
  encodeClosedDays,
  FUNNEL_CHARGES,
  FUNNEL_CLOSED,
  FUNNEL_DAYS,
  FUNNEL_KINDS,
  FUNNEL_LISTINGS,
  FUNNEL_STATE,
  funnelViewerOf,
  moscowDayOf,
  moscowDayStart,
  nextDay,
  readFunnelState,
  type FunnelChargeDocument,
  type FunnelClosedDocument,
  type FunnelDayDocument,
  type FunnelKind,
  type FunnelListingDocument,
  type FunnelStateDocument,
} from './projection';
import {
  addFunnelSet,
  chargeByDay,
  FUNNEL_CLOSED_STEPS,
  countFunnelDaySets,
  emptyFunnelDaySets,
  FUNNEL_STEP_OF_KIND,
  FUNNEL_PARTS,
  type FunnelDaySets,
} from './queries';
import { decodeViewers, encodeViewers, unionOf, viewerHash } from './viewers';

/**
 * The funnel's days as the statistics consumer writes them: the viewer sets of each listing and
 * Moscow day while the day can still receive interactions, then, once it is closed, the counts
 * every query can ask of it (per listing; per agency and per agent, each split into the promoted
 * part and the rest) with the sets deleted.
 *
 * A day D is closed when the folded interactions reach D + 2 (the newest one's Moscow day): a check
 * on each fold, from the interactions' own times, so a rebuild closes the same days. An
 * interaction dated in a closed day is dropped and counted in the state's `late` (its viewer may
 * already be in the day's counts, and the sets that would tell are gone).
 */
export const FUNNEL_OPEN_DAYS = 2;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

const writeState = (store: ReadStore, state: FunnelStateDocument) =>
  store.collection<FunnelStateDocument>(FUNNEL_STATE).replaceOne({ _id: 'days' }, state, { upsert: true });

/**
 * Folds interactions the statistics let count into the viewer sets of their listing and Moscow
 * day, then closes the days the newest of them left behind (`close: false` keeps every set: the
 * bench measures with it). One consumer applies the batches in order, so each day's document is
 * read, merged and written back; a set changes only by viewers it lacks, so a redelivered batch
 * writes nothing (but what it has of closed days counts as late again).
 */
export async function foldFunnelInteractions(
  store: ReadStore,
  interactions: Interaction[],
  options: { close?: boolean } = {},
): Promise<void> {
  const state = await readFunnelState(store);
  let { newest, late } = state;
  const added = new Map<string, { publicationId: string; day: string; kinds: Map<FunnelKind, number[]> }>();
  for (const i of interactions) {
    const viewer = funnelViewerOf(i);
    if (!viewer) continue;
    const day = moscowDayOf(i.at);
    if (!newest || day > newest) newest = day;
    if (state.closedThrough && day <= state.closedThrough) {
      late++;
      continue;
    }
    const id = `${i.publicationId}|${day}`;
    const entry = added.get(id) ?? {
      publicationId: i.publicationId,
      day,
      kinds: new Map<FunnelKind, number[]>(),
    };
    added.set(id, entry);
    const list = entry.kinds.get(i.kind) ?? [];
    entry.kinds.set(i.kind, list);
    list.push(viewerHash(viewer));
  }
  if (added.size) {
    const days = store.collection<FunnelDayDocument>(FUNNEL_DAYS);
    const found = await Promise.all([...added.keys()].map((id) => days.findOne({ _id: id })));
    const writes = [];
    for (const [n, [id, entry]] of [...added].entries()) {
      const current = found[n];
      const next: FunnelDayDocument = current
        ? { ...current }
        : { _id: id, publicationId: entry.publicationId, day: entry.day };
      let changed = !current;
      for (const [kind, hashes] of entry.kinds) {
        const before = decodeViewers(current?.[kind]);
        const merged = unionOf([before, hashes.sort((a, b) => a - b)]);
        if (merged.length === before.length) continue;
        next[kind] = encodeViewers(merged);
        changed = true;
      }
      if (changed) writes.push({ replaceOne: { filter: { _id: id }, replacement: next, upsert: true } });
    }
    if (writes.length) await days.bulkWrite(writes);
  }
  if (newest !== state.newest || late !== state.late) await writeState(store, { ...state, newest, late });
  if (options.close !== false && newest) await closeFunnelDays(store, addDays(newest, -FUNNEL_OPEN_DAYS));
}

/** Closes every day up to `through`, oldest first (days with no sets close as they are). */
export async function closeFunnelDays(store: ReadStore, through: string): Promise<void> {
  const days = store.collection<FunnelDayDocument>(FUNNEL_DAYS);
  for (;;) {
    const [first] = await days.find({ day: { $lte: through } }, { sort: { day: 1 }, limit: 1 });
    if (!first) break;
    await closeDay(store, first.day);
  }
  const state = await readFunnelState(store);
  if (!state.closedThrough || state.closedThrough < through)
    await writeState(store, { ...state, closedThrough: through });
}

/**
 * One day's sets made counts. The listing's agency and author and whether a paid promotion touched
 * its day are read as the queries read them; a listing the read model does not know (yet) keeps
 * its own counts and joins no agency's. The counts are written (a day's entry set, so closing again
 * writes the same), then the state names the day closed, then the sets go: a query reads the sets
 * only after the last closed day and the counts only up to it, so it never counts a day twice.
 */
async function closeDay(store: ReadStore, day: string): Promise<void> {
  const daysCollection = store.collection<FunnelDayDocument>(FUNNEL_DAYS);
  const docs = await daysCollection.find({ day });
  const ids = [...new Set(docs.map((d) => d.publicationId))];
  const [listings, charges] = await Promise.all([
    store.collection<FunnelListingDocument>(FUNNEL_LISTINGS).find({ _id: { $in: ids } }),
    store.collection<FunnelChargeDocument>(FUNNEL_CHARGES).find({
      publicationId: { $in: ids },
      end: { $gt: new Date(moscowDayStart(day)).toISOString() },
      start: { $lt: new Date(moscowDayStart(nextDay(day))).toISOString() },
    }),
  ]);
  const listingOf = new Map(listings.map((l) => [l._id, l]));
  const promoted = new Set(charges.filter((c) => chargeByDay(c).has(day)).map((c) => c.publicationId));
  const month = day.slice(0, 7);
  const entries = new Map<string, number[]>();
  const groups = new Map<string, FunnelDaySets>();
  for (const doc of docs) {
    const sets = emptyFunnelDaySets();
    const part = promoted.has(doc.publicationId) ? sets.promoted : sets.notPromoted;
    for (const kind of FUNNEL_KINDS) addFunnelSet(part, FUNNEL_STEP_OF_KIND[kind], decodeViewers(doc[kind]));
    const own = countFunnelDaySets(sets).total;
    entries.set(
      closedKey({ publicationId: doc.publicationId }, month),
      FUNNEL_CLOSED_STEPS.map((step) => own.get(step) ?? 0),
    );
    const listing = listingOf.get(doc.publicationId);
    if (!listing?.agencyId) continue;
    for (const key of [
      closedKey({ agencyId: listing.agencyId }, month),
      closedKey({ agencyId: listing.agencyId, authorId: listing.authorId }, month),
    ]) {
      const group = groups.get(key) ?? emptyFunnelDaySets();
      groups.set(key, group);
      const groupPart = promoted.has(doc.publicationId) ? group.promoted : group.notPromoted;
      for (const kind of FUNNEL_KINDS)
        addFunnelSet(groupPart, FUNNEL_STEP_OF_KIND[kind], decodeViewers(doc[kind]));
    }
  }
  for (const [key, sets] of groups) {
    const counts = countFunnelDaySets(sets);
    entries.set(
      key,
      FUNNEL_PARTS.flatMap((part) => FUNNEL_CLOSED_STEPS.map((step) => counts[part].get(step) ?? 0)),
    );
  }
  const closed = store.collection<FunnelClosedDocument>(FUNNEL_CLOSED);
  const found = new Map(
    (await closed.find({ _id: { $in: [...entries.keys()] } })).map((doc) => [doc._id, doc.days]),
  );
  const dd = day.slice(8);
  const writes = [...entries].map(([id, numbers]) => {
    const days = decodeClosedDays(found.get(id));
    days.set(dd, numbers);
    return {
      replaceOne: {
        filter: { _id: id },
        replacement: { _id: id, days: encodeClosedDays(days) },
        upsert: true,
      },
    };
  });
  for (let i = 0; i < writes.length; i += 1000) await closed.bulkWrite(writes.slice(i, i + 1000));
  const state = await readFunnelState(store);
  if (!state.closedThrough || state.closedThrough < day)
    await writeState(store, { ...state, closedThrough: day });
  await daysCollection.deleteMany({ day });
}
