import type { StoredEvent } from '../envelope';
import type { Subscription, SubscriptionOptions } from './port';

type Wakeable = {
  wait(ms: number, seen?: number): Promise<void>;
  wake?(): void;
  readonly generation?: number;
};

/**
 * A catch-up-then-live subscription over any log that can be read by position.
 * `signal.wait` resolves early when this process appends, so live delivery is immediate;
 * the timeout only matters for appends made by another process sharing the log.
 */
export function pollingSubscription(
  readAll: (afterPosition: number, limit: number) => Promise<StoredEvent[]>,
  signal: Wakeable,
  afterPosition: number,
  handler: (event: StoredEvent) => Promise<void> | void,
  options: SubscriptionOptions & { idlePollMs?: number } = {},
): Subscription {
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 200;
  /** after events came: another process's next append is looked for this soon */
  const activePollMs = Math.min(idlePollMs, 25);
  let position = afterPosition;
  let stopped = false;

  const run = async () => {
    let failures = 0;
    while (!stopped) {
      // the appends seen so far: one made while the batch is handled ends the wait below at once
      const seen = signal.generation;
      let batch: StoredEvent[];
      try {
        batch = await readAll(position, batchSize);
      } catch (error) {
        if (stopped) return;
        options.onError?.(error, undefined);
        await sleep(200);
        continue;
      }
      let failed = false;
      for (const event of batch) {
        if (stopped) return;
        try {
          await handler(event);
          failures = 0;
          position = event.position;
        } catch (error) {
          options.onError?.(error, event);
          failures++;
          failed = true;
          await sleep(Math.min(50 * 2 ** failures, 5000));
          break; // re-read from the failed event: it is retried, never skipped
        }
      }
      // a short batch was the end of the log when read: wait for the next append here (a wake), or a
      // moment for one by another process sharing the log, rather than read an empty batch at once
      // (that read, for each subscriber after each append, was most of the cost in bench:chat);
      // an empty read means the log is quiet: the long wait
      if (!failed && batch.length < batchSize)
        await signal.wait(batch.length === 0 ? idlePollMs : activePollMs, seen);
    }
  };
  const done = run();
  return {
    get position() {
      return position;
    },
    async stop() {
      stopped = true;
      signal.wake?.();
      await done;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets waiting subscribers resume as soon as something is appended. */
export class AppendSignal implements Wakeable {
  private waiters = new Set<() => void>();
  private wakes = 0;
  /** how many times it has woken its waiters: a waiter that saw an older count does not wait */
  get generation(): number {
    return this.wakes;
  }
  /** resolves on the next wake, after `ms`, or at once when a wake came after `seen` */
  wait(ms: number, seen?: number): Promise<void> {
    if (seen !== undefined && seen !== this.wakes) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
  wake(): void {
    this.wakes++;
    for (const waiter of [...this.waiters]) waiter();
  }
}
