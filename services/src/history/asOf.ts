import { upcast, type EventStore, type StoredEvent } from '@estate/events';
import {
  CATALOGUE,
  catalogueProjection,
  ignoreAlreadyApplied,
  MemoryReadStore,
  type CatalogueDocument,
  type Doc,
  type ReadStore,
} from '@estate/projections';

/**
 * A listing as it was at a moment (issue 19, item 2): the listing's events up to then, and those of
 * the streams it shows beside itself (its author, its agency, its photos' sizes, its residential
 * complex), applied in the log's order by the catalogue's own projection to a store of their own.
 * So the listing as of a moment is what the catalogue held then, made by the same code, and the
 * API's DTO presents it as the API answered it.
 *
 * A long stream is not folded from its start: every SNAPSHOT_EVERY events of a listing the folded
 * state (the catalogue's documents of that private store) is kept in `listing_snapshots`, and a
 * rebuild starts from the last one at or before the moment. Snapshots are made by the rebuilds
 * themselves, the first time they pass that point of the stream; they are facts of the log folded by
 * a fixed version of the catalogue's code (the key names `catalogueProjection.version`), so they never
 * go stale and any process may make them. See docs/decisions.md.
 */
export const SNAPSHOT_EVERY = 100;
export const LISTING_SNAPSHOTS = 'listing_snapshots';

export type ListingSnapshot = {
  _id: string;
  publicationId: string;
  /** the catalogue projection's version that folded it */
  version: number;
  /** the listing's last event folded in, its global position and its time */
  revision: number;
  position: number;
  occurredAt: string;
  /** the private store's documents, by collection */
  collections: Record<string, Doc[]>;
};

/** Stored events with their data at the current schema version: the upcast path the projections take. */
export const upcastAll = (events: StoredEvent[]): StoredEvent[] =>
  events.map((e) => ({ ...e, data: upcast(e.type, e.schemaVersion, e.data) }));

export const listingStream = (publicationId: string) => `publication-${publicationId}`;

/** The listing's whole stream through the event store's read, upcast. */
export const readListing = async (eventStore: EventStore, publicationId: string): Promise<StoredEvent[]> =>
  upcastAll(await eventStore.readStream(listingStream(publicationId)));

/** the original's path names its photo's stream: `/storage/agencies/<agencyId>/photos/<photoId>.<ext>` */
const PHOTO_PATH = /^\/storage\/agencies\/([A-Za-z0-9_-]{1,64})\/photos\/([0-9a-f]{24})\./;

type ListingFacts = {
  authorId?: string;
  agencyId?: string | null;
  images?: { path: string }[];
  details?: { images: { path: string }[]; residentialComplexId?: string | null };
  residentialComplexId?: string | null;
};

/** The streams a listing shows beside its own, as the catalogue follows them. */
function followedStreams(facts: ListingFacts[]): Set<string> {
  const streams = new Set<string>();
  for (const data of facts) {
    if (data.authorId) streams.add(`user-${data.authorId}`);
    if (data.agencyId) streams.add(`agency-${data.agencyId}`);
    for (const image of [...(data.images ?? []), ...(data.details?.images ?? [])]) {
      const photo = PHOTO_PATH.exec(image.path);
      if (photo) streams.add(`photo-${photo[1]}-${photo[2]}`);
    }
    const complex = data.residentialComplexId ?? data.details?.residentialComplexId;
    if (complex) streams.add(`residential-complex-${complex}`);
  }
  return streams;
}

const catalogueTypes = new Set<string>(catalogueProjection.handles);
const collectionNames = Object.keys(catalogueProjection.collections);
const indexed = new WeakSet<ReadStore>();

async function snapshotsOf(readStore: ReadStore) {
  const snapshots = readStore.collection<ListingSnapshot>(LISTING_SNAPSHOTS);
  if (!indexed.has(readStore)) {
    await snapshots.createIndex({ key: { publicationId: 1, version: 1, revision: -1 } });
    indexed.add(readStore);
  }
  return snapshots;
}

async function dump(store: MemoryReadStore): Promise<Record<string, Doc[]>> {
  const collections: Record<string, Doc[]> = {};
  for (const name of collectionNames) collections[name] = await store.collection(name).find({});
  return collections;
}

export type ListingAsOf = {
  /** the catalogue's document as it was; null: not created yet, or deleted by then */
  document: CatalogueDocument | null;
  /** the listing's last event at or before the moment (-1: none) */
  revision: number;
  /** how many of the listing's events this rebuild folded (the rest came from a snapshot) */
  folded: number;
};

/** The listing as the catalogue held it at `at` (ms since the epoch). */
export async function listingAsOf(
  { eventStore, readStore }: { eventStore: EventStore; readStore: ReadStore },
  publicationId: string,
  at: number,
): Promise<ListingAsOf> {
  const atIso = new Date(at).toISOString();
  const snapshots = await snapshotsOf(readStore);
  const [snapshot] = await snapshots.find(
    { publicationId, version: catalogueProjection.version, occurredAt: { $lte: atIso } },
    { sort: { revision: -1 }, limit: 1 },
  );
  const store = new MemoryReadStore();
  if (snapshot)
    for (const [name, docs] of Object.entries(snapshot.collections))
      for (const doc of docs) await store.collection(name).insertOne(doc); // the store copies it

  // the listing's own events after the snapshot up to the moment, a snapshot's worth at a time
  const own: StoredEvent[] = [];
  const stream = listingStream(publicationId);
  for (let from = snapshot ? snapshot.revision + 1 : 0; ;) {
    const page = await eventStore.readStream(stream, from, SNAPSHOT_EVERY);
    const upTo = page.findIndex((e) => e.occurredAt > atIso);
    own.push(...upcastAll(upTo < 0 ? page : page.slice(0, upTo)));
    if (upTo >= 0 || page.length < SNAPSHOT_EVERY) break;
    from += page.length;
  }
  const last = own.at(-1);
  const revision = last?.revision ?? snapshot?.revision ?? -1;
  if (!last && !snapshot) return { document: null, revision: -1, folded: 0 };

  // the streams it shows beside itself, from the snapshot's document and the events since
  const shown = snapshot
    ? ((snapshot.collections[CATALOGUE] ?? []) as unknown as CatalogueDocument[]).map((d) => ({
        authorId: d.authorId,
        agencyId: d.agencyId,
        images: d.images,
        residentialComplexId: d.residentialComplexId,
      }))
    : [];
  const after = snapshot?.position ?? 0;
  const followed = await Promise.all(
    [...followedStreams([...shown, ...own.map((e) => e.data as ListingFacts)])].map(async (id) =>
      upcastAll(
        (await eventStore.readStream(id)).filter(
          (e) => e.position > after && e.occurredAt <= atIso && catalogueTypes.has(e.type),
        ),
      ),
    ),
  );
  const others = followed.flat();
  const events = others.length ? [...own, ...others].sort((a, b) => a.position - b.position) : own;
  for (const event of events) {
    await catalogueProjection.apply(event, store);
    if (event.streamId === stream && (event.revision + 1) % SNAPSHOT_EVERY === 0) {
      const kept: ListingSnapshot = {
        _id: `${publicationId}@${event.revision}:v${catalogueProjection.version}`,
        publicationId,
        version: catalogueProjection.version,
        revision: event.revision,
        position: event.position,
        occurredAt: event.occurredAt,
        collections: await dump(store),
      };
      await ignoreAlreadyApplied(() => snapshots.insertOne(kept));
    }
  }
  const document = await store.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: publicationId });
  return { document, revision, folded: own.length };
}
