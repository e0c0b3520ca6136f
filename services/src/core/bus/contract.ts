import { randomUUID } from 'node:crypto';
import { until } from '@estate/events/testing';
import type { Bus, BusMessage } from './port';

/** Opens a client on the same storage (file or broker) each time: a restart is close() then open(). */
export type BusHarness = { open(): Promise<Bus> };


/** The behaviour every bus adapter must show; topics and groups are unique per test. */
export function busContract(adapterName: string, makeHarness: () => Promise<BusHarness>) {
  describe(`bus contract: ${adapterName}`, () => {
    let harness: BusHarness;
    let bus: Bus;
    beforeEach(async () => {
      harness = await makeHarness();
      bus = await harness.open();
    });
    afterEach(async () => {
      await bus.close();
    });
    const name = (kind: string) => `${kind}-${randomUUID()}`;
    const values = (batch: BusMessage[]) => batch.map((m) => m.value);

    it('gives a new group every message of the topic, in order, with keys and values intact', async () => {
      const topic = name('topic');
      await bus.publish(topic, [{ key: 'p1', value: { kind: 'view', n: 1 } }, { key: null, value: 'text' }, { value: 42 }]);
      const seen: BusMessage[] = [];
      const sub = await bus.subscribe(name('group'), topic, async (batch) => void seen.push(...batch));
      await until(() => seen.length === 3);
      await sub.stop();
      expect(values(seen)).toEqual([{ kind: 'view', n: 1 }, 'text', 42]);
      expect(seen.map((m) => m.key)).toEqual(['p1', null, null]);
      expect(seen.every((m) => m.topic === topic && typeof m.timestamp === 'string')).toBe(true);
    });

    it('delivers to two groups independently and live', async () => {
      const topic = name('topic');
      const a: unknown[] = [];
      const b: unknown[] = [];
      const subA = await bus.subscribe(name('group'), topic, async (batch) => void a.push(...values(batch)));
      const subB = await bus.subscribe(name('group'), topic, async (batch) => void b.push(...values(batch)));
      await bus.publish(topic, [{ value: 1 }]);
      await bus.publish(topic, [{ value: 2 }]);
      await until(() => a.length === 2 && b.length === 2);
      await Promise.all([subA.stop(), subB.stop()]);
      expect(a).toEqual([1, 2]);
      expect(b).toEqual([1, 2]);
    });

    it('resumes a group after its committed offset across a restart', async () => {
      const topic = name('topic');
      const group = name('group');
      await bus.publish(topic, [{ value: 1 }, { value: 2 }]);
      const first: unknown[] = [];
      const sub = await bus.subscribe(group, topic, async (batch) => void first.push(...values(batch)));
      await until(() => first.length === 2);
      await sub.stop();
      await bus.close();
      bus = await harness.open();
      await bus.publish(topic, [{ value: 3 }]);
      const second: unknown[] = [];
      const again = await bus.subscribe(group, topic, async (batch) => void second.push(...values(batch)));
      await until(() => second.length >= 1);
      await new Promise((r) => setTimeout(r, 200));
      await again.stop();
      expect(first).toEqual([1, 2]);
      expect(second).toEqual([3]);
    });

    it('gives a failed batch again and skips nothing', async () => {
      const topic = name('topic');
      await bus.publish(topic, [{ value: 1 }, { value: 2 }, { value: 3 }]);
      const seen: unknown[] = [];
      const errors: unknown[] = [];
      let failOnce = true;
      const sub = await bus.subscribe(
        name('group'),
        topic,
        async (batch) => {
          if (failOnce && values(batch).includes(2)) {
            failOnce = false;
            throw new Error('statistics store unavailable');
          }
          seen.push(...values(batch));
        },
        { onError: (e) => errors.push(e), maxBatch: 1 },
      );
      await until(() => seen.length === 3);
      await sub.stop();
      expect(seen).toEqual([1, 2, 3]);
      expect(errors).toHaveLength(1);
    });

    it('respects the batch size', async () => {
      const topic = name('topic');
      await bus.publish(topic, Array.from({ length: 25 }, (_, i) => ({ value: i })));
      const sizes: number[] = [];
      let count = 0;
      const sub = await bus.subscribe(name('group'), topic, async (batch) => {
        sizes.push(batch.length);
        count += batch.length;
      }, { maxBatch: 10 });
      await until(() => count === 25);
      await sub.stop();
      expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
    });

    it('delivers a large publish exactly once to a deduping handler', async () => {
      const topic = name('topic');
      const total = 5000;
      await bus.publish(topic, Array.from({ length: total }, (_, i) => ({ key: `k${i % 7}`, value: { id: `m${i}` } })));
      const ids = new Set<string>();
      let deliveries = 0;
      const sub = await bus.subscribe(name('group'), topic, async (batch) => {
        deliveries += batch.length;
        for (const m of batch) ids.add((m.value as { id: string }).id);
      });
      await until(() => ids.size === total, 30000);
      await sub.stop();
      expect(ids.size).toBe(total);
      expect(deliveries).toBeGreaterThanOrEqual(total);
    });
  });
}
