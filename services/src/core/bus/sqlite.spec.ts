import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { busContract } from './contract';
import { SqliteBus } from './sqlite';

const dir = mkdtempSync(join(tmpdir(), 'bus-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

busContract('sqlite (durable, embedded)', async () => {
  const file = join(dir, `bus-${n++}.sqlite`);
  return { open: async () => new SqliteBus(file) };
});

describe('sqlite bus specifics', () => {
  it('runs one consumer per group at a time: a second one waits as a standby and takes over', async () => {
    const bus = new SqliteBus(join(dir, 'standby.sqlite'));
    const first: unknown[] = [];
    const second: unknown[] = [];
    const a = await bus.subscribe('g', 't', async (batch) => void first.push(...batch.map((m) => m.value)));
    const b = await bus.subscribe('g', 't', async (batch) => void second.push(...batch.map((m) => m.value)));
    await bus.publish('t', [{ value: 1 }]);
    while (first.length < 1) await new Promise((r) => setTimeout(r, 5));
    await a.stop();
    await bus.publish('t', [{ value: 2 }]);
    while (second.length < 1) await new Promise((r) => setTimeout(r, 5));
    await b.stop();
    await bus.close();
    expect(first).toEqual([1]);
    expect(second).toEqual([2]);
  });
});
