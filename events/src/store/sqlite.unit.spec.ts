import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent } from '../envelope';
import { eventStoreContract } from './contract';
import { SqliteEventStore } from './sqlite';

const dir = mkdtempSync(join(tmpdir(), 'es-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

eventStoreContract(
  'sqlite (better-sqlite3, WAL)',
  () => new SqliteEventStore(join(dir, `store-${n++}.sqlite`)),
);

describe('sqlite event store specifics', () => {
  it('keeps every event across a reopen of the file', async () => {
    const file = join(dir, 'reopen.sqlite');
    const first = new SqliteEventStore(file);
    await first.append('publication-1', [newEvent('A', { x: 1 }), newEvent('B', { x: 2 })], 'no-stream');
    await first.close();
    const second = new SqliteEventStore(file, 'FULL');
    expect((await second.readStream('publication-1')).map((e) => e.type)).toEqual(['A', 'B']);
    expect(await second.headPosition()).toBe(2);
    await second.close();
  });

  it('reads, and delivers live, what another process appended between its own appends', async () => {
    const file = join(dir, 'shared.sqlite');
    const api = new SqliteEventStore(file);
    const worker = new SqliteEventStore(file);
    const seen: string[] = [];
    const sub = api.subscribe(0, (e) => void seen.push(e.type));
    await api.append('s-1', [newEvent('A1', {})], 'any');
    await worker.append('s-2', [newEvent('W1', {})], 'any');
    await api.append('s-1', [newEvent('A2', {}), newEvent('A3', {})], 'any');
    await worker.append('s-2', [newEvent('W2', {})], 'any');
    await api.append('s-1', [newEvent('A4', {})], 'any');
    const order = ['A1', 'W1', 'A2', 'A3', 'W2', 'A4'];
    expect((await api.readAll(0, 100)).map((e) => e.type)).toEqual(order);
    expect((await api.readAll(1, 100)).map((e) => e.type)).toEqual(order.slice(1));
    expect((await api.readAll(3, 2)).map((e) => e.type)).toEqual(['A3', 'W2']);
    // the subscriber sees the other writer's events in their place (its own appends wake it at once)
    const deadline = Date.now() + 5000;
    while (seen.length < order.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual(order);
    // data read back from this process's own appends is a copy, not the objects it appended
    const [first] = await api.readAll(0, 1);
    (first.data as { x?: number }).x = 1;
    expect((await api.readAll(0, 1))[0].data).toEqual({});
    await sub.stop();
    await api.close();
    await worker.close();
  });
});
