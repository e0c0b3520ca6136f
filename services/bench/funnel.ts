/**
 * What the exact funnel costs in memory (issue 19, item 3): listing-days of synthetic viewers
 * folded into the embedded read store through the statistics consumer's own fold with every set
 * kept, the heap they take measured; then the closed days compacted into counts (all but the two
 * newest days) and the heap measured again; each carried to the demo's 240 listings and to
 * 100,000 listings over a year. The listings belong to agencies of 50 with agents of 10, and a
 * tenth of them is promoted every day. `FUNNEL_LISTINGS` (2,000) and `FUNNEL_DAYS` (30) change
 * the sample. Run: `npm run bench:funnel` (node --expose-gc).
 */
import {
  closeFunnelDays,
  FUNNEL_CHARGES,
  FUNNEL_CLOSED,
  FUNNEL_DAYS,
  FUNNEL_LISTINGS,
  FUNNEL_OPEN_DAYS,
  foldFunnelInteractions,
  funnelDayIndexes,
  MemoryReadStore,
  moscowDayOf,
  type FunnelChargeDocument,
  type FunnelListingDocument,
  type Interaction,
} from '@estate/projections';

const LISTINGS = Number(process.env.FUNNEL_LISTINGS ?? 2000);
const DAYS = Number(process.env.FUNNEL_DAYS ?? 30);
/** distinct viewers of a listing on a day, per step: a busy catalogue's listing (assumed, printed) */
const PER_DAY = { view: 60, click: 8, phone: 1.5, chat: 0.4, favorite: 0.8 } as const;

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const count = (mean: number) => Math.floor(mean) + (random() < mean - Math.floor(mean) ? 1 : 0);

/** the documents of the sets and the characters of their texts (in a function: the found copies go with it) */
async function textOf(store: MemoryReadStore) {
  const docs = await store.collection<{ _id: string } & Record<string, unknown>>(FUNNEL_DAYS).find({});
  let text = 0;
  for (const doc of docs)
    for (const value of Object.values(doc)) if (typeof value === 'string') text += value.length;
  return { documents: docs.length, text };
}

async function main() {
  if (!gc) console.warn('run with --expose-gc for a steady figure');
  const store = new MemoryReadStore();
  for (const index of funnelDayIndexes) await store.collection(FUNNEL_DAYS).createIndex(index);
  await store.collection(FUNNEL_CHARGES).createIndex({ key: { publicationId: 1, end: 1 } });
  const start = Date.parse('2026-01-01T09:00:00.000Z');
  // the listings (agencies of 50, agents of 10) and a promoted tenth's charges: the projection's part
  await store.collection<FunnelListingDocument>(FUNNEL_LISTINGS).bulkWrite(
    Array.from({ length: LISTINGS }, (_, l) => ({
      insertOne: {
        document: {
          _id: `listing-${l}`,
          revision: 0,
          agencyId: `agency-${Math.floor(l / 50)}`,
          authorId: `agent-${Math.floor(l / 10)}`,
          dealCategory: 'sale',
          title: 'Квартира',
          deleted: false,
        },
      },
    })),
  );
  const charges: FunnelChargeDocument[] = [];
  for (let day = 0; day < DAYS; day++)
    for (let l = day % 10; l < LISTINGS; l += 10)
      charges.push({
        _id: `charge-${l}-${day}`,
        revision: 0,
        agencyId: `agency-${Math.floor(l / 50)}`,
        publicationId: `listing-${l}`,
        sum: 300,
        refunded: 0,
        start: new Date(start + day * 86_400_000).toISOString(),
        end: new Date(start + (day + 1) * 86_400_000).toISOString(),
      });
  for (let i = 0; i < charges.length; i += 1000)
    await store
      .collection<FunnelChargeDocument>(FUNNEL_CHARGES)
      .bulkWrite(charges.slice(i, i + 1000).map((document) => ({ insertOne: { document } })));
  const before = heap();
  let viewers = 0;
  for (let day = 0; day < DAYS; day++) {
    const batch: Interaction[] = [];
    const at = new Date(start + day * 86_400_000).toISOString();
    for (let l = 0; l < LISTINGS; l++)
      for (const [kind, mean] of Object.entries(PER_DAY) as [Interaction['kind'], number][]) {
        const n = count(mean);
        viewers += n;
        for (let v = 0; v < n; v++)
          batch.push({
            id: `${kind}:${l}:${day}:${v}`,
            kind,
            publicationId: `listing-${l}`,
            at,
            viewer: `visitor:${Math.floor(random() * 1e9)}`,
          });
      }
    for (let i = 0; i < batch.length; i += 1000)
      await foldFunnelInteractions(store, batch.slice(i, i + 1000), { close: false });
  }
  const used = heap() - before;
  const { documents, text } = await textOf(store);
  const textBytes = text;
  const listingDays = LISTINGS * DAYS;
  const perListingDay = used / listingDays;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const gb = (bytes: number) => (bytes < 1024 ** 3 ? mb(bytes) : `${(bytes / 1024 ** 3).toFixed(2)} GB`);
  console.log(
    `sample: ${LISTINGS} listings × ${DAYS} days, ${viewers} viewer-steps (per listing-day ${JSON.stringify(PER_DAY)})`,
  );
  console.log(
    `sets kept (no compaction): heap ${mb(used)} for ${documents} documents → ${perListingDay.toFixed(0)} B a listing-day, ${(used / viewers).toFixed(1)} B a viewer-step`,
  );
  console.log(
    `stored text (the packed sets and keys): ${mb(textBytes)}, ${(textBytes / viewers).toFixed(1)} B a viewer-step`,
  );
  for (const [label, listings] of [
    ['the demo (240 listings)', 240],
    ['100,000 listings', 100_000],
  ] as const)
    console.log(`  ${label}, a year of days kept as sets: ${gb(perListingDay * listings * 365)}`);
  // compaction: the fold's own rule, every day up to two before the newest closed
  const newest = moscowDayOf(new Date(start + (DAYS - 1) * 86_400_000).toISOString());
  const through = new Date(Date.parse(`${newest}T00:00:00.000Z`) - FUNNEL_OPEN_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const began = performance.now();
  await closeFunnelDays(store, through);
  const took = performance.now() - began;
  const after = heap() - before;
  const open = await store.collection(FUNNEL_DAYS).countDocuments({});
  const closedDocs = await store.collection(FUNNEL_CLOSED).countDocuments({});
  const openBytes = open * perListingDay;
  const closedListingDays = listingDays - open;
  const perClosed = (after - openBytes) / closedListingDays;
  console.log(
    `compacted through ${through} in ${(took / 1000).toFixed(1)} s (${(took / (DAYS - FUNNEL_OPEN_DAYS)).toFixed(0)} ms a day of ${LISTINGS} listings): heap ${mb(used)} → ${mb(after)}; ${open} open listing-days of sets, ${closedDocs} month documents of counts (listings, agencies, agents) → ${perClosed.toFixed(0)} B a closed listing-day`,
  );
  // a year: at most three open days of sets (the newest two, and the one the next fold closes) plus counts
  for (const [label, listings] of [
    ['the demo (240 listings)', 240],
    ['100,000 listings', 100_000],
  ] as const)
    console.log(
      `  ${label}, a year with compaction: ${gb(perListingDay * listings * 3 + perClosed * listings * 362)} (3 open days ${gb(perListingDay * listings * 3)} + 362 closed ${gb(perClosed * listings * 362)})`,
    );
}

void main();
