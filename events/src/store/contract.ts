import { randomUUID } from 'node:crypto';
import { until } from '../testing';
import { newEvent, type StoredEvent } from '../envelope';
import { WrongExpectedRevisionError, type EventStore } from './port';

export type EventStoreFactory = () => EventStore | Promise<EventStore>;

const sample = (n: number) => newEvent('SampleHappened', { n }, { actor: 'contract' });

/**
 * The behaviour every event-store adapter must show. Streams get random names so the suite
 * can run against a shared server that already holds other events.
 */
export function eventStoreContract(adapterName: string, makeStore: EventStoreFactory) {
  describe(`event store contract: ${adapterName}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });
    const stream = () => `contract-${randomUUID()}`;

    it('appends several events atomically and reads them back in order with revisions from 0', async () => {
      const id = stream();
      const result = await store.append(id, [sample(1), sample(2), sample(3)], 'no-stream');
      expect(result.nextExpectedRevision).toBe(2);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.revision, (e.data as { n: number }).n])).toEqual([
        [0, 1],
        [1, 2],
        [2, 3],
      ]);
      expect(events.every((e) => e.streamId === id && e.type === 'SampleHappened')).toBe(true);
      expect(events[0].metadata.actor).toBe('contract');
      expect(events[1].position).toBeGreaterThan(events[0].position);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('refuses an append at a stale revision and stores nothing of it', async () => {
      const id = stream();
      await store.append(id, [sample(1)], 'no-stream');
      await store.append(id, [sample(2)], 0);
      await expect(store.append(id, [sample(3), sample(4)], 0)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect((await store.readStream(id)).length).toBe(2);
    });

    it("refuses 'no-stream' when the stream exists, and an exact revision when it does not", async () => {
      const id = stream();
      await expect(store.append(id, [sample(1)], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.append(id, [sample(1)], 'no-stream');
      await expect(store.append(id, [sample(2)], 'no-stream')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it("appends with 'any' whatever the revision", async () => {
      const id = stream();
      await store.append(id, [sample(1)], 'any');
      await store.append(id, [sample(2)], 'any');
      expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0, 1]);
    });

    it('lets only one of two concurrent appends at the same revision win', async () => {
      const id = stream();
      await store.append(id, [sample(0)], 'no-stream');
      const results = await Promise.allSettled([
        store.append(id, [sample(1)], 0),
        store.append(id, [sample(2)], 0),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
      expect((await store.readStream(id)).length).toBe(2);
    });

    it('treats a repeated append of the same event ids as an idempotent no-op', async () => {
      const id = stream();
      const batch = [sample(1), sample(2)];
      const first = await store.append(id, batch, 'no-stream');
      const again = await store.append(id, batch, 'no-stream');
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect((await store.readStream(id)).length).toBe(2);
    });

    it('reads a stream from a given revision', async () => {
      const id = stream();
      await store.append(id, [sample(1), sample(2), sample(3)], 'no-stream');
      expect((await store.readStream(id, 1)).map((e) => e.revision)).toEqual([1, 2]);
    });

    it('reads at most maxCount events of a stream', async () => {
      const id = stream();
      await store.append(id, [sample(1), sample(2), sample(3)], 'no-stream');
      expect((await store.readStream(id, 1, 1)).map((e) => e.revision)).toEqual([1]);
      expect((await store.readStream(id, 0, 10)).map((e) => e.revision)).toEqual([0, 1, 2]);
    });

    it('reads the whole log by position, in pages', async () => {
      const id = stream();
      const from = await store.headPosition();
      await store.append(id, [sample(1), sample(2), sample(3)], 'no-stream');
      const page1 = (await store.readAll(from, 2)).filter((e) => e.streamId === id);
      const page2 = (await store.readAll(page1[page1.length - 1].position, 10)).filter(
        (e) => e.streamId === id,
      );
      expect([...page1, ...page2].map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(page2[page2.length - 1].position);
    });

    it('delivers every event once, in global order, to a subscriber that catches up and then goes live', async () => {
      const a = stream();
      const b = stream();
      const from = await store.headPosition();
      await store.append(a, [sample(1), sample(2)], 'no-stream');
      const seen: StoredEvent[] = [];
      let running = 0;
      let overlapped = false;
      const sub = store.subscribe(from, async (e) => {
        running++;
        if (running > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 1));
        if (e.streamId === a || e.streamId === b) seen.push(e);
        running--;
      });
      await store.append(b, [sample(3)], 'no-stream');
      await store.append(a, [sample(4)], 1);
      await until(() => seen.length === 4);
      await new Promise((r) => setTimeout(r, 100));
      await sub.stop();
      expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
      const positions = seen.map((e) => e.position);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(overlapped).toBe(false);
    });

    it('retries an event whose handler failed instead of skipping it', async () => {
      const id = stream();
      const from = await store.headPosition();
      await store.append(id, [sample(1), sample(2)], 'no-stream');
      const seen: number[] = [];
      let failOnce = true;
      const errors: unknown[] = [];
      const sub = store.subscribe(
        from,
        (e) => {
          if (e.streamId !== id) return;
          const n = (e.data as { n: number }).n;
          if (n === 2 && failOnce) {
            failOnce = false;
            throw new Error('projection hiccup');
          }
          seen.push(n);
        },
        { onError: (error) => errors.push(error) },
      );
      await until(() => seen.length === 2);
      await sub.stop();
      expect(seen).toEqual([1, 2]);
      expect(errors.length).toBe(1);
    });

    it('stops delivering after stop()', async () => {
      const id = stream();
      const from = await store.headPosition();
      const seen: StoredEvent[] = [];
      const sub = store.subscribe(from, (e) => {
        if (e.streamId === id) seen.push(e);
      });
      await sub.stop();
      await store.append(id, [sample(1)], 'no-stream');
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
    });
  });
}
