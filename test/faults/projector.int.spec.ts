import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SqliteEventStore } from '@estate/events';
import { skipped, tcpReachable } from '@estate/events/testing';
import {
  allProjections,
  hashReadModels,
  MemoryReadStore,
  ProjectionRunner,
  type ReadStore,
} from '@estate/projections';
import { MongoReadStore } from '@estate/projections/readStore/mongo';
import { demoPublications } from '../../services/src/seed/demoData';
import { appendListingAgency, publishedListing } from '../../services/test/listingLog';
import { dropProjectorCollections } from '../../services/test/readStores';

const mongoUrl = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';
const reachable = tcpReachable(mongoUrl);
if (!reachable) skipped('projector fault tests', `no MongoDB (or stand-in) at ${mongoUrl}`);
const root = resolve(__dirname, '../..');

async function writeLog(file: string, publications: number) {
  const store = new SqliteEventStore(file);
  await appendListingAgency(store);
  const listings = demoPublications(publications, 5);
  for (const [i, { details }] of listings.entries())
    await store.append(`publication-p${i}`, publishedListing(`p${i}`, details, i % 4 === 0), 'no-stream');
  const head = await store.headPosition();
  await store.close();
  return head;
}

function startProjector(dataDir: string, db: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'services/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ROLE: 'projector',
      DATA_DIR: dataDir,
      MONGO_URL: mongoUrl,
      MONGO_DB: db,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      PROJECTOR_LEASE_MS: '1500',
    },
    stdio: 'ignore',
  });
}

async function checkpointsReach(store: ReadStore, position: number, ms = 90_000) {
  const end = Date.now() + ms;
  for (;;) {
    const checkpoints = await store.collection('projection_checkpoints').find({});
    const positions = allProjections.map(
      (p) => (checkpoints.find((c) => c._id === p.name)?.position as number | undefined) ?? 0,
    );
    if (Math.min(...positions) >= position) return;
    if (Date.now() > end) throw new Error(`projectors stopped at ${positions.join(', ')} of ${position}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function rebuiltFromZero(file: string): Promise<string> {
  const events = new SqliteEventStore(file);
  const store = new MemoryReadStore();
  const runner = new ProjectionRunner(events, store, allProjections);
  await runner.start();
  await runner.whenCaughtUp();
  await runner.stop();
  await events.close();
  return hashReadModels(store, allProjections);
}

(reachable ? describe : describe.skip)('projector faults (separate processes, MongoDB read models)', () => {
  let dataDir: string;
  let db: string;
  let store: MongoReadStore;
  const children: ChildProcess[] = [];
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'projector-fault-'));
    db = `fault_${randomUUID().slice(0, 8)}`;
    store = await MongoReadStore.connect(mongoUrl, db);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await dropProjectorCollections(store);
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a projector killed in the middle of the stream and started again leaves read models equal to a rebuild from zero', async () => {
    const file = join(dataDir, 'events.sqlite');
    const head = await writeLog(file, 1500);
    const first = startProjector(dataDir, db);
    children.push(first);
    await checkpointsReach(store, 200);
    first.kill('SIGKILL'); // mid-stream, between a document write and its checkpoint at worst
    const applied = (await store.collection('projection_checkpoints').find({})).map(
      (c) => c.position as number,
    );
    expect(Math.min(...applied)).toBeLessThan(head);
    children.push(startProjector(dataDir, db));
    await checkpointsReach(store, head);
    expect(await hashReadModels(store, allProjections)).toBe(await rebuiltFromZero(file));
  }, 120_000); // processes started with tsx on a loaded 2-core machine: the helpers' own deadlines rule

  it('two projectors started together apply every event exactly once between them', async () => {
    const file = join(dataDir, 'events.sqlite');
    const head = await writeLog(file, 800);
    children.push(startProjector(dataDir, db), startProjector(dataDir, db));
    await checkpointsReach(store, head);
    expect(await hashReadModels(store, allProjections)).toBe(await rebuiltFromZero(file));
    expect(await store.collection('projection_leases').countDocuments({})).toBe(1);
  }, 120_000);
});
