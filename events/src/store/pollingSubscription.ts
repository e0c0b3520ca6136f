import type { StoredEvent } from '../envelope';
import type { Subscription, SubscriptionOptions } from './port';

type Wakeable = { wait(ms: number): Promise<void>; wake?(): void };

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
  let position = afterPosition;
  let stopped = false;

  const run = async () => {
    let failures = 0;
    while (!stopped) {
      let batch: StoredEvent[];
      try {
        batch = await readAll(position, batchSize);
      } catch (error) {
        if (stopped) return;
        options.onError?.(error, undefined);
        await sleep(200);
        continue;
      }
      if (batch.length === 0) {
        await signal.wait(idlePollMs);
        continue;
      }
      for (const event of batch) {
        if (stopped) return;
        try {
          await handler(event);
          failures = 0;
          position = event.position;
        } catch (error) {
          options.onError?.(error, event);
          failures++;
          await sleep(Math.min(50 * 2 ** failures, 5000));
          break; // re-read from the failed event: it is retried, never skipped
        }
      }
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
  } as Subscription;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets waiting subscribers resume as soon as something is appended. */
export class AppendSignal implements Wakeable {
  private waiters = new Set<() => void>();
  wait(ms: number): Promise<void> {
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
    for (const waiter of [...this.waiters]) waiter();
  }
}
