import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, SqliteEventStore } from '@estate/events';
import { until } from '@estate/events/testing';
import { busContract } from './contract';
import type { BusMessage } from './port';
import { SqliteBus } from './sqlite';

const dir = mkdtempSync(join(tmpdir(), 'bus-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshFile = () => join(dir, `bus-${n++}.sqlite`);
const values = (batch: BusMessage[]) => batch.map((m) => m.value);

busContract('sqlite (durable, embedded)', () => {
  const file = freshFile();
  return { open: () => new SqliteBus(file) };
});

describe('sqlite bus specifics', () => {
  it('runs one consumer per group at a time: a second one waits as a standby and takes over', async () => {
    const bus = new SqliteBus(freshFile());
    const first: unknown[] = [];
    const second: unknown[] = [];
    const a = await bus.subscribe('g', 't', (batch) => void first.push(...values(batch)));
    const b = await bus.subscribe('g', 't', (batch) => void second.push(...values(batch)));
    await bus.publish('t', [{ value: 1 }]);
    await until(() => first.length === 1);
    await a.stop();
    await bus.publish('t', [{ value: 2 }]);
    await until(() => second.length === 1);
    await b.stop();
    await bus.close();
    expect(first).toEqual([1]);
    expect(second).toEqual([2]);
  });

  it('publishes 10,000 messages in one transaction: quickly, and all or none', async () => {
    const bus = new SqliteBus(freshFile());
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      key: `p${i % 100}`,
      value: { id: `view-${i}`, kind: 'view' },
    }));
    const started = Date.now();
    await bus.publish('interactions', many);
    expect(Date.now() - started).toBeLessThan(5000); // ~20 ms unloaded: one transaction, one prepared statement
    // a value JSON cannot carry, in the middle of a batch, leaves nothing of the batch behind
    const broken = [{ value: 'before' }, { value: { amount: 10n } }, { value: 'after' }];
    await expect(bus.publish('interactions', broken)).rejects.toThrow();
    let count = 0;
    const seen = new Set<unknown>();
    const sub = await bus.subscribe(
      'count',
      'interactions',
      (batch) => {
        count += batch.length;
        for (const v of values(batch)) seen.add(typeof v === 'string' ? v : (v as { id: string }).id);
      },
      { maxBatch: 5000 },
    );
    await until(() => count >= 10_000);
    await new Promise((r) => setTimeout(r, 100));
    await sub.stop();
    await bus.close();
    expect(count).toBe(10_000);
    expect(seen.has('before')).toBe(false);
  });

  it('picks up what another process publishes into the same file', async () => {
    const file = freshFile();
    const consumerSide = new SqliteBus(file);
    const producerSide = new SqliteBus(file); // its own connection and wake-up signal, as in another process
    const seen: unknown[] = [];
    const sub = await consumerSide.subscribe('g', 't', (batch) => void seen.push(...values(batch)));
    await producerSide.publish('t', [{ value: 'from elsewhere' }]);
    await until(() => seen.length === 1);
    await sub.stop();
    await Promise.all([consumerSide.close(), producerSide.close()]);
    expect(seen).toEqual(['from elsewhere']);
  });

  it('delivers in order what this process and another publish in turns, of several topics', async () => {
    const file = freshFile();
    const here = new SqliteBus(file);
    const elsewhere = new SqliteBus(file);
    const seen: unknown[] = [];
    const sub = await here.subscribe('g', 't', (batch) => void seen.push(...values(batch)));
    await here.publish('t', [{ value: 'h1' }]);
    await here.publish('other', [{ value: 'x' }]);
    await elsewhere.publish('t', [{ value: 'e1' }]);
    await here.publish('t', [{ value: 'h2' }, { value: 'h3' }]);
    await elsewhere.publish('t', [{ value: 'e2' }]);
    await here.publish('other', [{ value: 'y' }]);
    await until(() => seen.length === 5);
    await sub.stop();
    await Promise.all([here.close(), elsewhere.close()]);
    expect(seen).toEqual(['h1', 'e1', 'h2', 'h3', 'e2']);
  });

  it('shares a file with the event store, its tables apart', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file);
    const bus = new SqliteBus(file);
    await store.append('publication-1', [newEvent('PublicationDrafted', { title: 'Студия' })], 'no-stream');
    await bus.publish('domain-events', [{ key: 'publication-1', value: { type: 'PublicationDrafted' } }]);
    const seen: unknown[] = [];
    const sub = await bus.subscribe('g', 'domain-events', (batch) => void seen.push(...values(batch)));
    await until(() => seen.length === 1);
    await sub.stop();
    expect((await store.readStream('publication-1')).map((e) => e.type)).toEqual(['PublicationDrafted']);
    await Promise.all([bus.close(), store.close()]);
  });

  it('lets close() finish and commit a running batch, so a reopen does not deliver it again', async () => {
    const file = freshFile();
    const bus = new SqliteBus(file);
    await bus.publish('t', [{ value: 1 }]);
    let release!: () => void;
    const handled: unknown[] = [];
    let entered = false;
    await bus.subscribe('g', 't', async (batch) => {
      entered = true;
      await new Promise<void>((r) => (release = r));
      handled.push(...values(batch));
    });
    await until(() => entered);
    const closing = bus.close();
    release();
    await closing;
    expect(handled).toEqual([1]);
    const reopened = new SqliteBus(file);
    await reopened.publish('t', [{ value: 2 }]);
    const after: unknown[] = [];
    const sub = await reopened.subscribe('g', 't', (batch) => void after.push(...values(batch)));
    await until(() => after.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    await sub.stop();
    await reopened.close();
    expect(after).toEqual([2]);
  });

  it('refuses to publish or subscribe once closed', async () => {
    const bus = new SqliteBus(':memory:');
    await bus.close();
    await expect(bus.publish('t', [{ value: 1 }])).rejects.toThrow('bus closed');
    await expect(bus.subscribe('g', 't', () => undefined)).rejects.toThrow('bus closed');
  });
});
