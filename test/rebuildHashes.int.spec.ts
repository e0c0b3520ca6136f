import { createHash } from 'node:crypto';
import { upcast, type StoredEvent } from '@estate/events';
import request from 'supertest';
import {
  allProjections,
  CATALOGUE,
  MemoryReadStore,
  type Projection,
  type ReadStore,
} from '@estate/projections';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { DEMO_PHONES } from '../services/src/seed';

/**
 * A read model is built from events alone (issue 13, point 3): rebuilt by itself, it gives the same
 * documents as rebuilt together with every other read model, and the same as the running process
 * built event by event. A projection that read another read model while it applied an event (the
 * bookings list once read the catalogue) gives a different answer alone.
 */
let t: TestApp;
let events: StoredEvent[];
/** every read model rebuilt together from the whole log: built once, compared with each alone */
let together: ReadStore;

beforeAll(async () => {
  // the demo data: every stream a user can write (accounts, agencies, listings, wallets, tariffs, bookings)
  t = await startTestApp();
  const token = await signIn(t, DEMO_PHONES.owner); // a session
  const [publication] = await t.ctx.readStore.collection(CATALOGUE).find({ status: 1 }, { limit: 1 });
  await request(t.app)
    .post(`/api/favorite-publications/${publication._id}`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  // a listing deleted for good: the catalogue remembers its id (catalogue_removed, the site's 410)
  const [deleted] = await t.ctx.readStore
    .collection(CATALOGUE)
    .find({ agencyId: 'demo-agency-1' }, { limit: 1, sort: { _id: -1 } });
  await request(t.app)
    .delete(`/api/agency/demo-agency-1/publications?publicationIds[]=${deleted._id}`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  await t.ctx.projections.whenCaughtUp();
  events = [];
  for (let after = 0; ;) {
    const batch = await t.ctx.eventStore.readAll(after, 1_000);
    if (batch.length === 0) break;
    events.push(...batch);
    after = batch[batch.length - 1].position;
  }
  events = events.map((e) => ({ ...e, data: upcast(e.type, e.schemaVersion, e.data) }));
  together = await rebuild(allProjections);
}, 120_000);
afterAll(() => t.close());

async function rebuild(projections: Projection[]): Promise<ReadStore> {
  const store = new MemoryReadStore();
  for (const event of events) for (const projection of projections) await projection.apply(event, store);
  return store;
}

/** A hash of a collection's documents in `_id` order. */
async function hashOf(store: ReadStore, collection: string) {
  const documents = await store.collection(collection).find({}, { sort: { _id: 1 } });
  return createHash('sha256').update(JSON.stringify(documents)).digest('hex');
}

it('the log has something in every read model', async () => {
  const empty: string[] = [];
  for (const projection of allProjections)
    for (const collection of Object.keys(projection.collections))
      if ((await together.collection(collection).countDocuments({})) === 0) empty.push(collection);
  expect(empty).toEqual([]);
});

it.each(allProjections.map((p) => [p.name, p] as const))(
  '%s rebuilt alone equals it rebuilt with all the others, and what the running process built',
  async (_name, projection) => {
    const alone = await rebuild([projection]);
    for (const collection of Object.keys(projection.collections)) {
      const hashes = {
        collection,
        alone: await hashOf(alone, collection),
        together: await hashOf(together, collection),
        running: await hashOf(t.ctx.readStore, collection),
      };
      expect(hashes).toEqual({
        collection,
        alone: hashes.together,
        together: hashes.running,
        running: hashes.running,
      });
    }
  },
);
