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
  async () => new SqliteEventStore(join(dir, `store-${n++}.sqlite`)),
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
});
