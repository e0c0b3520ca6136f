import type { ReadStore } from './readStore/port';
import type { ProjectionRunner } from './runner';

type Lease = { _id: string; owner: string; expiresAt: number };

/**
 * One projector at a time: a lease document in the read store, taken when free or expired and
 * renewed by its holder. A second projector waits as a standby and takes over when the lease
 * lapses. Projections are idempotent besides, so even the moment of a handover cannot count twice.
 */
export class ProjectorLease {
  constructor(
    private readonly store: ReadStore,
    readonly owner: string,
    private readonly ttlMs = 15_000,
    private readonly name = 'projector',
  ) {}

  async tryAcquire(now = Date.now()): Promise<boolean> {
    try {
      await this.store
        .collection<Lease>('projection_leases')
        .updateOne(
          { _id: this.name, $or: [{ owner: this.owner }, { expiresAt: { $lt: now } }] },
          { $set: { owner: this.owner, expiresAt: now + this.ttlMs } },
          { upsert: true },
        );
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false; // held by another, not expired
      throw error;
    }
  }

  async release(): Promise<void> {
    await this.store.collection<Lease>('projection_leases').deleteOne({ _id: this.name, owner: this.owner });
  }
}

/** Runs the projections only while holding the lease; stops them at once if it is lost. */
export function runWhileLeased(
  runner: ProjectionRunner,
  lease: ProjectorLease,
  options: { renewEveryMs?: number; onChange?: (leading: boolean) => void } = {},
) {
  let stopped = false;
  let leading = false;
  let wake: () => void = () => undefined;
  const loop = (async () => {
    while (!stopped) {
      const held = await lease.tryAcquire().catch(() => false);
      if (held && !leading) {
        await runner.start();
        leading = true;
        options.onChange?.(true);
      } else if (!held && leading) {
        await runner.stop();
        leading = false;
        options.onChange?.(false);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.renewEveryMs ?? 5_000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      wake();
      await loop;
      if (leading) {
        await runner.stop();
        await lease.release();
      }
    },
  };
}
