import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  newEvent,
  PersonalDataEventStore,
  SqliteEventStore,
  SqlitePersonalKeyStore,
  type EventStore,
} from '@estate/events';
import {
  allProjections,
  CATALOGUE,
  catalogueProjection,
  hashReadModels,
  MemoryReadStore,
  ProjectionRunner,
  ReadModelSnapshots,
  snapshotFolder,
  snapshotSchema,
  writeSnapshot,
  type Projection,
} from '@estate/projections';
import { buildContext, closeContext } from '../services/src/bootstrap';
import { loadConfig } from '../services/src/core/config';
import { createLogger } from '../services/src/core/logger';
import { DEMO_PHONES } from '../services/src/seed';
import { demoPublications } from '../services/src/seed/demoData';
import { projectionsOf } from '../services/src/slices';
import { appendListingAgency, publishedListing } from '../services/test/listingLog';
import { signIn, startTestApp } from '../services/test/testApp';

/**
 * Restart in seconds (issue 43, item 6): the embedded read models start from the newest usable
 * snapshot and catch up from the log after it, and hold exactly what a full rebuild of the log
 * holds. A snapshot of other read-model versions, a damaged one, a half-written one or one the log
 * does not reach is passed over.
 */
const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'read-snapshots-'));
  folders.push(made);
  return made;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

const listings = demoPublications(200, 17);

/** An agency's listings: created and published, every third with its price changed, from `first` on. */
async function appendListings(events: SqliteEventStore, first: number, count: number) {
  if (first === 0) await appendListingAgency(events);
  for (let i = first; i < first + count; i++)
    await events.append(
      `publication-${i}`,
      publishedListing(`p${i}`, listings[i % listings.length].details, i % 3 === 0),
      'no-stream',
    );
}

/** A listing already in a snapshot changes after it: the start from the snapshot must apply that too. */
async function changePrice(events: SqliteEventStore, i: number) {
  const { details } = listings[i % listings.length];
  const revision = i % 3 === 0 ? 2 : 1;
  await events.append(
    `publication-${i}`,
    [newEvent('PublicationPriceChanged', { publicationId: `p${i}`, oldPrice: details.price, newPrice: 1 })],
    revision,
  );
}

/** A start of the embedded read models as the server starts them: the newest usable snapshot, then the log. */
async function start(dir: string, events: EventStore, projections: Projection[] = allProjections) {
  const store = new MemoryReadStore();
  const runner = new ProjectionRunner(events, store, projections);
  const damaged: string[] = [];
  const snapshots = new ReadModelSnapshots(dir, runner, store, events, {
    everyEvents: 1e9,
    everyMs: 3_600_000,
    damaged: (collection) => damaged.push(collection),
  });
  const ignored: string[] = [];
  const restoredAt = await snapshots.restore((_file, reason) => ignored.push(reason));
  await runner.start();
  await runner.whenCaughtUp();
  return {
    store,
    runner,
    snapshots,
    restoredAt,
    ignored,
    damaged,
    hash: () => hashReadModels(store, projections),
    stop: () => runner.stop(),
  };
}

/** Every read model replayed from the first event, with no snapshot. */
async function fullRebuild(events: EventStore, projections: Projection[] = allProjections) {
  const rebuilt = await start(folder(), events, projections);
  const hash = await rebuilt.hash();
  await rebuilt.stop();
  return hash;
}

/** A log of 40 listings, its read models built and snapshotted at its head. */
async function snapshottedLog() {
  const dir = folder();
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  await appendListings(events, 0, 40);
  const first = await start(dir, events);
  await first.snapshots.write();
  await first.stop();
  return { dir, events, snapshotAt: await events.headPosition() };
}

const snapshotFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.snapshot'));

it('Given read models snapshotted and more events after, Then a start from the snapshot equals a full rebuild', async () => {
  const { dir, events, snapshotAt } = await snapshottedLog();
  expect(snapshotFiles(dir)).toEqual([`${snapshotAt}.snapshot`]);
  await appendListings(events, 40, 20);
  await changePrice(events, 3);

  const restarted = await start(dir, events);

  expect({ restoredAt: restarted.restoredAt, ignored: restarted.ignored }).toEqual({
    restoredAt: snapshotAt,
    ignored: [],
  });
  expect(restarted.runner.position).toBe(await events.headPosition());
  expect(await restarted.store.collection(CATALOGUE).countDocuments({ _id: { $in: ['p3', 'p59'] } })).toBe(2);
  expect(await restarted.hash()).toBe(await fullRebuild(events));
  await restarted.stop();
  await events.close();
});

it('Given a snapshot of an older version of a read model, Then it is ignored and the log replayed', async () => {
  const { dir, events } = await snapshottedLog();
  const newer = allProjections.map((p) => (p === catalogueProjection ? { ...p, version: p.version + 1 } : p));

  const restarted = await start(dir, events, newer);

  expect(restarted.restoredAt).toBeNull();
  expect(restarted.ignored).toEqual([expect.stringContaining('read models of another version')]);
  expect(await restarted.hash()).toBe(await fullRebuild(events, newer));
  await restarted.stop();
  await events.close();
});

it('Given the newest snapshot damaged in its documents, Then the collection it loads wrong is rebuilt from the log and the snapshot dropped', async () => {
  const { dir, events } = await snapshottedLog();
  const newestAt = await events.headPosition();
  const newest = join(dir, `${newestAt}.snapshot`);
  const bytes = readFileSync(newest);
  bytes[Math.floor(bytes.length / 3)] ^= 0xff;
  writeFileSync(newest, bytes);
  await appendListings(events, 40, 5);

  const restarted = await start(dir, events);
  await restarted.snapshots.loadRest();

  expect({ restoredAt: restarted.restoredAt, ignored: restarted.ignored }).toEqual({
    restoredAt: newestAt,
    ignored: [],
  });
  expect(restarted.damaged).toHaveLength(1);
  expect(snapshotFiles(dir)).toEqual([]);
  expect(await restarted.hash()).toBe(await fullRebuild(events));
  await restarted.stop();
  await events.close();
});

it('Given the table of contents of the newest snapshot damaged, Then the one before it is used; given only a cut one, the log is replayed', async () => {
  const { dir, events, snapshotAt } = await snapshottedLog();
  await appendListings(events, 40, 10);
  const second = await start(dir, events);
  await second.snapshots.write();
  await second.stop();
  const newest = join(dir, `${await events.headPosition()}.snapshot`);
  const bytes = readFileSync(newest);
  bytes[bytes.length - 100] ^= 0xff; // the table is the file's end, before its 44-byte trailer
  writeFileSync(newest, bytes);
  await appendListings(events, 50, 5);

  const restarted = await start(dir, events);
  await restarted.snapshots.loadRest();

  expect({
    restoredAt: restarted.restoredAt,
    ignored: restarted.ignored,
    damaged: restarted.damaged,
  }).toEqual({
    restoredAt: snapshotAt,
    ignored: [expect.stringContaining('corrupt')],
    damaged: [],
  });
  expect(await restarted.hash()).toBe(await fullRebuild(events));
  await restarted.stop();

  const cut = folder();
  const file = join(dir, `${snapshotAt}.snapshot`);
  writeFileSync(join(cut, `${snapshotAt}.snapshot`), readFileSync(file).subarray(0, 5_000));
  const fromCut = await start(cut, events);
  expect({ restoredAt: fromCut.restoredAt, ignored: fromCut.ignored }).toEqual({
    restoredAt: null,
    ignored: [expect.stringContaining('incomplete')],
  });
  expect(await fromCut.hash()).toBe(await fullRebuild(events));
  await fromCut.stop();
  await events.close();
});

it('Given a snapshot started from, Then no collection is loaded until used, and the one a read needs is loaded for it', async () => {
  const { dir, events } = await snapshottedLog();

  const restarted = await start(dir, events);
  const catalogue = restarted.store.collection(CATALOGUE);
  const pendingAtStart = catalogue.pending;
  const published = await catalogue.countDocuments({});

  expect({ pendingAtStart, published, pendingAfter: catalogue.pending }).toEqual({
    pendingAtStart: true,
    published: 40,
    pendingAfter: false,
  });
  await restarted.snapshots.loadRest();
  expect(await restarted.hash()).toBe(await fullRebuild(events));
  await restarted.stop();
  await events.close();
});

it('Given a snapshot being written, Then no file a start would pick exists until it is whole; a leftover temporary file is never picked', async () => {
  const { dir, events, snapshotAt } = await snapshottedLog();
  const built = await start(folder(), events);
  const writing = join(folder(), 'snapshots');
  const written = writeSnapshot(writing, snapshotSchema(allProjections), {
    position: snapshotAt,
    eventId: 'e',
    collections: new Map([[CATALOGUE, await built.store.collection(CATALOGUE).find({})]]),
  });
  await new Promise((resolve) => setImmediate(resolve));
  const whileWriting = readdirSync(writing);
  await written;

  expect(whileWriting.filter((name) => name.endsWith('.snapshot'))).toEqual([]);
  expect(snapshotFiles(writing)).toEqual([`${snapshotAt}.snapshot`]);
  await built.stop();

  // a crash in the middle of a later snapshot left its temporary file, further along the log
  const leftover = `.${snapshotAt + 1000}.4242.1.tmp`;
  writeFileSync(join(dir, leftover), readFileSync(join(dir, `${snapshotAt}.snapshot`)).subarray(0, 3_000));
  const restarted = await start(dir, events);
  expect({ restoredAt: restarted.restoredAt, ignored: restarted.ignored }).toEqual({
    restoredAt: snapshotAt,
    ignored: [],
  });
  expect(readdirSync(dir)).not.toContain(leftover);
  await restarted.stop();
  await events.close();
});

it('Given a snapshot further along than the log (an older copy of the log restored), Then it is ignored', async () => {
  const { dir, events, snapshotAt } = await snapshottedLog();
  const older = folder();
  const olderLog = new SqliteEventStore(join(older, 'events.sqlite'));
  await appendListings(olderLog, 0, 30);
  cpSync(join(dir, `${snapshotAt}.snapshot`), join(older, `${snapshotAt}.snapshot`));

  const restarted = await start(older, olderLog);

  expect(restarted.restoredAt).toBeNull();
  expect(restarted.ignored).toEqual([expect.stringContaining('the log does not hold its event')]);
  expect(await restarted.hash()).toBe(await fullRebuild(olderLog));
  await restarted.stop();
  await olderLog.close();
  await events.close();
});

it('Given the app stopped after a write, Then it restarts from the snapshot written at shutdown, equal to a full rebuild', async () => {
  const t = await startTestApp();
  const token = await signIn(t, DEMO_PHONES.owner);
  const [publication] = await t.ctx.readStore.collection(CATALOGUE).find({ status: 1 }, { limit: 1 });
  await request(t.app)
    .post(`/api/favorite-publications/${publication._id}`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  const head = await t.ctx.eventStore.headPosition();
  await closeContext(t.ctx);
  // the reactors may append after the write: the snapshot is at the head the shutdown found
  const written = Math.max(...snapshotFiles(snapshotFolder(t.dataDir)).map((name) => parseInt(name, 10)));
  expect(written).toBeGreaterThanOrEqual(head);

  const lines: string[] = [];
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'info', SEED: 'false' });
  const ctx = await buildContext(config, createLogger('info', { write: (line: string) => lines.push(line) }));
  // the app's log as the app reads it: personal fields decrypted with its keys
  const events = new PersonalDataEventStore(
    new SqliteEventStore(join(t.dataDir, 'events.sqlite')),
    new SqlitePersonalKeyStore(join(t.dataDir, 'keys.sqlite')),
  );
  try {
    const loaded = lines
      .map((line) => JSON.parse(line))
      .find((line) => line.msg?.includes('from a snapshot'));
    expect(loaded).toMatchObject({ position: written });
    expect(await hashReadModels(ctx.readStore, projectionsOf())).toBe(
      await fullRebuild(events, projectionsOf()),
    );
  } finally {
    await events.close();
    await closeContext(ctx);
    rmSync(t.dataDir, { recursive: true, force: true });
  }
});
