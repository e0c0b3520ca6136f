import { randomUUID } from 'node:crypto';
import { until } from '@estate/events/testing';
import type { Bus, BusMessage } from './port';

/** Opens a client on the same storage (file or broker) each time: a restart is close() then open(). */
export type BusHarness = { open(): Bus | Promise<Bus> };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every bus adapter must show. Topics and groups are unique per test, so the suite can
 * run against a shared broker that holds other topics; waits are conditions with a deadline.
 */
export function busContract(adapterName: string, makeHarness: () => BusHarness | Promise<BusHarness>) {
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
    // order is promised per key, so messages whose order a test checks share one key
    const oneKey = (...vs: unknown[]) => vs.map((value) => ({ key: 'listing-1', value }));
    const restart = async () => {
      await bus.close();
      bus = await harness.open();
    };

    it('gives a new group every message of the topic, with keys and values intact', async () => {
      const topic = name('topic');
      const sent = [
        { key: 'p1', value: { kind: 'view', n: 1, tags: ['a', 'b'], nested: { ok: true, price: 12.5 } } },
        { key: null, value: 'Квартира, 2 комнаты' },
        { value: 42 },
        { key: 'p2', value: [1, 'two', null] },
        { key: 'p3', value: false },
      ];
      await bus.publish(topic, sent);
      const seen: BusMessage[] = [];
      const sub = await bus.subscribe(name('group'), topic, (batch) => void seen.push(...batch));
      await until(() => seen.length === sent.length);
      await sub.stop();
      // order is promised per key only (a partitioned topic interleaves keys), so compare the contents
      const pairs = seen.map((m) => [m.key, m.value]);
      expect(pairs).toHaveLength(sent.length);
      expect(pairs).toEqual(expect.arrayContaining(sent.map((m) => [m.key ?? null, m.value])));
      expect(
        seen.every(
          (m) => m.topic === topic && Number.isInteger(m.offset) && !Number.isNaN(Date.parse(m.timestamp)),
        ),
      ).toBe(true);
    });

    it('delivers to two groups independently and live', async () => {
      const topic = name('topic');
      const a: unknown[] = [];
      const b: unknown[] = [];
      const subA = await bus.subscribe(name('group'), topic, (batch) => void a.push(...values(batch)));
      const subB = await bus.subscribe(name('group'), topic, (batch) => void b.push(...values(batch)));
      await bus.publish(topic, oneKey(1));
      await bus.publish(topic, oneKey(2));
      await until(() => a.length === 2 && b.length === 2);
      await Promise.all([subA.stop(), subB.stop()]);
      expect(a).toEqual([1, 2]);
      expect(b).toEqual([1, 2]);
    });

    it('starts a live group (fromNow) after the last message and commits nothing: the same name starts from now again', async () => {
      const topic = name('topic');
      const group = name('live');
      await bus.publish(topic, oneKey('before'));
      /** a live subscription, fed until it sees a message (Kafka assigns partitions a moment after joining) */
      const joinLive = async () => {
        const seen: unknown[] = [];
        const sub = await bus.subscribe(group, topic, (batch) => void seen.push(...values(batch)), {
          fromNow: true,
        });
        let last = 0;
        await until(async () => {
          if (seen.length === 0 && Date.now() - last > 250) {
            last = Date.now();
            await bus.publish(topic, oneKey('probe'));
          }
          return seen.length > 0;
        });
        return { seen, sub };
      };
      const first = await joinLive();
      await bus.publish(topic, oneKey('while-live'));
      await until(() => first.seen.includes('while-live'));
      await first.sub.stop();
      expect(first.seen).not.toContain('before');
      await bus.publish(topic, oneKey('while-away'));
      const second = await joinLive();
      await second.sub.stop();
      expect(second.seen).not.toContain('while-away');
      expect(second.seen).not.toContain('while-live');
    });

    it('names the offset of the newest message (-1 for none), the last a group handles, across a restart', async () => {
      const topic = name('topic');
      expect(await bus.lastOffset(topic)).toBe(-1);
      await bus.publish(topic, oneKey(1, 2, 3));
      // another topic's messages move nothing of this one's
      await bus.publish(name('other'), oneKey('x'));
      const last = await bus.lastOffset(topic);
      const seen: BusMessage[] = [];
      const sub = await bus.subscribe(name('group'), topic, (batch) => void seen.push(...batch));
      await until(() => seen.length === 3);
      await sub.stop();
      expect(seen.at(-1)!.offset).toBe(last);
      await restart();
      expect(await bus.lastOffset(topic)).toBe(last);
    });

    it('resumes a group after its committed offset across a restart', async () => {
      const topic = name('topic');
      const group = name('group');
      await bus.publish(topic, oneKey(1, 2));
      const first: unknown[] = [];
      const sub = await bus.subscribe(group, topic, (batch) => void first.push(...values(batch)));
      await until(() => first.length === 2);
      await sub.stop();
      await restart();
      await bus.publish(topic, oneKey(3));
      const second: unknown[] = [];
      const again = await bus.subscribe(group, topic, (batch) => void second.push(...values(batch)));
      await until(() => second.length >= 1);
      await pause(200);
      await again.stop();
      expect(first).toEqual([1, 2]);
      expect(second).toEqual([3]);
    });

    it('gives a failed batch again, from the same offset, and skips nothing', async () => {
      const topic = name('topic');
      await bus.publish(topic, oneKey(1, 2, 3, 4));
      const seen: unknown[] = [];
      const errors: unknown[] = [];
      let failed: BusMessage[] | null = null;
      let retried: BusMessage[] | null = null;
      const sub = await bus.subscribe(
        name('group'),
        topic,
        (batch) => {
          if (failed && !retried) retried = batch;
          if (!failed && values(batch).includes(2)) {
            failed = batch;
            throw new Error('statistics store unavailable');
          }
          seen.push(...values(batch));
        },
        { onError: (e) => errors.push(e), maxBatch: 2 },
      );
      await until(() => seen.length === 4);
      await sub.stop();
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(errors).toHaveLength(1);
      expect((errors[0] as Error).message).toBe('statistics store unavailable');
      // the retry starts where the failed batch started and holds all of it
      expect(retried![0].offset).toBe(failed![0].offset);
      expect(values(retried!.slice(0, failed!.length))).toEqual(values(failed!));
    });

    it('keeps a batch whose handler never succeeded for the group after a restart', async () => {
      const topic = name('topic');
      const group = name('group');
      await bus.publish(topic, oneKey('a', 'b'));
      let attempts = 0;
      const failing = await bus.subscribe(
        group,
        topic,
        () => {
          attempts++;
          throw new Error('SMS gateway down');
        },
        { onError: () => undefined },
      );
      await until(() => attempts >= 1);
      await failing.stop();
      await restart();
      const seen: unknown[] = [];
      const sub = await bus.subscribe(group, topic, (batch) => void seen.push(...values(batch)));
      await until(() => seen.length === 2);
      await sub.stop();
      expect(seen).toEqual(['a', 'b']);
    });

    it('delivers nothing more after stop(), and the group resumes from there', async () => {
      const topic = name('topic');
      const group = name('group');
      const seen: unknown[] = [];
      const sub = await bus.subscribe(group, topic, (batch) => void seen.push(...values(batch)));
      await bus.publish(topic, oneKey(1));
      await until(() => seen.length === 1);
      await sub.stop();
      await bus.publish(topic, oneKey(2));
      await pause(300);
      expect(seen).toEqual([1]);
      const later: unknown[] = [];
      const again = await bus.subscribe(group, topic, (batch) => void later.push(...values(batch)));
      await until(() => later.length >= 1);
      await again.stop();
      expect(later).toEqual([2]);
    });

    it('respects the batch size and keeps the order across batches', async () => {
      const topic = name('topic');
      await bus.publish(topic, oneKey(...Array.from({ length: 25 }, (_, i) => i)));
      const sizes: number[] = [];
      const seen: unknown[] = [];
      const sub = await bus.subscribe(
        name('group'),
        topic,
        (batch) => {
          sizes.push(batch.length);
          seen.push(...values(batch));
        },
        { maxBatch: 10 },
      );
      await until(() => seen.length === 25);
      await sub.stop();
      expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
      expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
    });

    it('lets the members of one group share the topic: every message is handled, and a remaining member carries on', async () => {
      const topic = name('topic');
      const group = name('group');
      const handled = new Map<string, unknown[]>([
        ['first', []],
        ['second', []],
      ]);
      const member = (who: string) =>
        bus.subscribe(group, topic, (batch) => void handled.get(who)!.push(...values(batch)));
      const first = await member('first');
      const second = await member('second');
      const all = () => new Set([...handled.get('first')!, ...handled.get('second')!]);
      await bus.publish(topic, oneKey(1, 2));
      await until(() => all().size === 2, 25_000);
      await first.stop();
      await bus.publish(topic, oneKey(3));
      await until(() => handled.get('second')!.includes(3), 25_000);
      await second.stop();
      expect([...all()].sort()).toEqual([1, 2, 3]);
    }, 60_000);

    it('delivers a large publish completely, in order per key, to a deduping handler', async () => {
      const topic = name('topic');
      const total = 5000;
      await bus.publish(
        topic,
        Array.from({ length: total }, (_, i) => ({ key: `k${i % 7}`, value: { id: `m${i}` } })),
      );
      const ids = new Set<string>();
      const order: number[] = [];
      const sub = await bus.subscribe(name('group'), topic, (batch) => {
        for (const m of batch) {
          const id = (m.value as { id: string }).id;
          if (ids.has(id)) continue; // at least once: a redelivered message is counted once
          ids.add(id);
          order.push(Number(id.slice(1)));
        }
      });
      await until(() => ids.size === total, 30_000);
      await sub.stop();
      expect(ids.size).toBe(total);
      for (let k = 0; k < 7; k++) {
        const ofKey = order.filter((n) => n % 7 === k);
        expect(ofKey).toEqual([...ofKey].sort((a, b) => a - b));
      }
    }, 60_000);
  });
}
