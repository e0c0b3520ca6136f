import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, SqliteEventStore, type StoredEvent } from '@estate/events';
import type { Projection } from './projection';
import { MemoryReadStore } from './readStore/memory';
import { ProjectionRunner } from './runner';

const dir = mkdtempSync(join(tmpdir(), 'runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Counts events per stream, guarded by revision like every real projection. */
const counting = (seen: StoredEvent[] = [], version = 1): Projection => ({
  name: 'counts',
  version,
  collections: { counts: [{ key: { total: 1 } }] },
  async apply(event, store) {
    seen.push(event);
    try {
      await store
        .collection('counts')
        .updateOne(
          { _id: event.streamId, revision: { $lt: event.revision } },
          { $inc: { total: 1 }, $set: { revision: event.revision } },
          { upsert: true },
        );
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  },
});

const append = (store: SqliteEventStore, stream: string, n: number) =>
  store.append(
    stream,
    Array.from({ length: n }, (_, i) => newEvent('Counted', { i })),
    'any',
  );

describe('projection runner', () => {
  let events: SqliteEventStore;
  beforeEach(() => {
    events = new SqliteEventStore(join(dir, `${Math.random()}.sqlite`));
  });
  afterEach(() => events.close());

  it('catches up with the log, then follows it live; whenCaughtUp waits for a position', async () => {
    await append(events, 's-1', 3);
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(events, store, [counting()]);
    await runner.start();
    await runner.whenCaughtUp();
    expect(await store.collection('counts').findOne({ _id: 's-1' })).toMatchObject({ total: 3 });
    const { position } = await append(events, 's-2', 2);
    await runner.whenCaughtUp(position);
    expect(await store.collection('counts').findOne({ _id: 's-2' })).toMatchObject({ total: 2 });
    await runner.stop();
  });

  it('resumes after its checkpoint: a restart applies only what is new', async () => {
    await append(events, 's-1', 5);
    const store = new MemoryReadStore();
    const first: StoredEvent[] = [];
    const runner = new ProjectionRunner(events, store, [counting(first)]);
    await runner.start();
    await runner.whenCaughtUp();
    await runner.stop();
    await append(events, 's-1', 2);
    const second: StoredEvent[] = [];
    const restarted = new ProjectionRunner(events, store, [counting(second)]);
    await restarted.start();
    await restarted.whenCaughtUp();
    await restarted.stop();
    expect(first).toHaveLength(5);
    expect(second).toHaveLength(2);
    expect(await store.collection('counts').findOne({ _id: 's-1' })).toMatchObject({ total: 7, revision: 6 });
  });

  it('gives the same documents when a crash loses the checkpoint and events are applied again', async () => {
    await append(events, 's-1', 4);
    await append(events, 's-2', 4);
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(events, store, [counting()], { checkpointEvery: 1_000_000 });
    await runner.start();
    await runner.whenCaughtUp();
    const before = await store.collection('counts').find({}, { sort: { _id: 1 } });
    await store.collection('projection_checkpoints').deleteMany({}); // as if the process died before writing it
    const again = new ProjectionRunner(events, store, [counting()]);
    await again.start();
    await again.whenCaughtUp();
    expect(await store.collection('counts').find({}, { sort: { _id: 1 } })).toEqual(before);
    await again.stop();
    await runner.stop();
  });

  it('rebuilds a read model from zero into the same documents', async () => {
    await append(events, 's-1', 3);
    await append(events, 's-2', 1);
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(events, store, [counting()]);
    await runner.start();
    await runner.whenCaughtUp();
    const before = await store.collection('counts').find({}, { sort: { _id: 1 } });
    await runner.rebuild('counts');
    expect(await store.collection('counts').find({}, { sort: { _id: 1 } })).toEqual(before);
    await expect(runner.rebuild('nope')).rejects.toThrow(/unknown projection/);
    await runner.stop();
  });

  it('rebuilds from zero when a projection’s version changes', async () => {
    await append(events, 's-1', 3);
    const store = new MemoryReadStore();
    const v1 = new ProjectionRunner(events, store, [counting([], 1)]);
    await v1.start();
    await v1.whenCaughtUp();
    await v1.stop();
    const seen: StoredEvent[] = [];
    const v2 = new ProjectionRunner(events, store, [counting(seen, 2)]);
    await v2.start();
    await v2.whenCaughtUp();
    await v2.stop();
    expect(seen).toHaveLength(3);
    expect(await store.collection('counts').findOne({ _id: 's-1' })).toMatchObject({ total: 3 });
  });
});
