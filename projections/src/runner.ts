import { upcast, type EventStore, type StoredEvent, type Subscription } from '@estate/events';
import type { Projection } from './projection';
import type { ReadStore } from './readStore/port';

type Checkpoint = { _id: string; position: number; version: number };
/** the collection of each projection's position and version in the read store */
export const CHECKPOINTS = 'projection_checkpoints';

export type RunnerOptions = {
  /** write checkpoints after this many applied events (and whenever the log is caught up) */
  checkpointEvery?: number;
  onError?: (error: unknown, event: StoredEvent | undefined) => void;
};

/**
 * Feeds the log to every projection in global order, one event at a time, from each projection's
 * stored checkpoint. One subscription serves all projections; each skips what it has already seen.
 */
export class ProjectionRunner {
  private readonly positions = new Map<string, number>();
  private subscription: Subscription | null = null;
  private appliedSinceCheckpoint = 0;
  private lastApplied = 0;
  private waiters: { position: number; resolve: () => void }[] = [];
  /** the head of the log when a deferred catch-up began: the indexes resume when it is reached */
  private catchUpTo: number | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {}

  async start(): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    for (const projection of this.projections) {
      const saved = await checkpoints.findOne({ _id: projection.name });
      if (saved && saved.version !== projection.version) await this.reset(projection);
      for (const [name, indexes] of Object.entries(projection.collections)) {
        for (const index of indexes) await this.store.collection(name).createIndex(index);
      }
      this.positions.set(projection.name, saved && saved.version === projection.version ? saved.position : 0);
    }
    const from = Math.min(...this.positions.values());
    this.lastApplied = from;
    // a long catch-up builds the read store's indexes once at its end rather than through every event
    const head = await this.events.headPosition();
    if (head - from > 1000 && this.store.deferIndexes) {
      this.store.deferIndexes();
      this.catchUpTo = head;
    }
    this.subscription = this.events.subscribe(from, (event) => this.apply(event), {
      onError: this.options.onError,
      batchSize: 1000,
    });
  }

  /** an event is being applied: its writes may be half done */
  private applying = false;
  private atRestWaiters: (() => void)[] = [];

  /**
   * Runs `look` between two events, never while one is half applied, with each projection's position
   * then: what it sees of the read store is exactly the log applied up to those positions (a snapshot).
   */
  async atRest<T>(look: (positions: ReadonlyMap<string, number>) => T): Promise<T> {
    while (this.applying) await new Promise<void>((resolve) => this.atRestWaiters.push(resolve));
    return look(new Map(this.positions));
  }

  private async apply(stored: StoredEvent): Promise<void> {
    this.applying = true;
    try {
      await this.applyToEach(stored);
    } finally {
      this.applying = false;
      // each waiter runs synchronously after its promise resolves, before the next event begins
      for (const resolve of this.atRestWaiters.splice(0)) resolve();
    }
  }

  private async applyToEach(stored: StoredEvent): Promise<void> {
    const event = { ...stored, data: upcast(stored.type, stored.schemaVersion, stored.data) };
    for (const projection of this.projections) {
      if (event.position <= (this.positions.get(projection.name) ?? 0)) continue;
      await projection.apply(event, this.store);
      this.positions.set(projection.name, event.position);
    }
    this.lastApplied = event.position;
    if (this.catchUpTo !== null && event.position >= this.catchUpTo) this.endDeferral();
    if (++this.appliedSinceCheckpoint >= (this.options.checkpointEvery ?? 500)) await this.saveCheckpoints();
    else this.scheduleCheckpoint();
    this.releaseWaiters();
  }

  /** The catch-up is over (or stopped): the read store builds the indexes it deferred. */
  private endDeferral() {
    this.catchUpTo = null;
    this.store.resumeIndexes?.();
  }

  private checkpointTimer: NodeJS.Timeout | null = null;
  /** a quiet log still gets its checkpoint written, a moment after the last event */
  private scheduleCheckpoint() {
    if (this.checkpointTimer) return;
    this.checkpointTimer = setTimeout(() => {
      this.checkpointTimer = null;
      if (this.appliedSinceCheckpoint > 0)
        void this.saveCheckpoints().catch((e) => this.options.onError?.(e, undefined));
    }, 1000);
    this.checkpointTimer.unref();
  }

  private releaseWaiters() {
    const ready = this.waiters.filter((w) => w.position <= this.lastApplied);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > this.lastApplied);
    for (const w of ready) w.resolve();
  }

  /** Resolves once every projection has applied the log up to `position` (default: the head now). */
  async whenCaughtUp(position?: number): Promise<void> {
    const target = position ?? (await this.events.headPosition());
    if (target <= this.lastApplied) return;
    await new Promise<void>((resolve) => this.waiters.push({ position: target, resolve }));
  }

  get position(): number {
    return this.lastApplied;
  }

  /** each read model's position in the log as applied here (metrics: a projection's lag behind the head) */
  projectionPositions(): Promise<ReadonlyMap<string, number>> {
    return Promise.resolve(new Map(this.positions));
  }

  async saveCheckpoints(): Promise<void> {
    this.appliedSinceCheckpoint = 0;
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS);
    for (const projection of this.projections) {
      await checkpoints.replaceOne(
        { _id: projection.name },
        {
          _id: projection.name,
          position: this.positions.get(projection.name) ?? 0,
          version: projection.version,
        },
        { upsert: true },
      );
    }
  }

  /** Drops the read models of one projection (or all) and replays the whole log into them. */
  async rebuild(name: string): Promise<void> {
    const targets = this.projections.filter((p) => name === 'all' || p.name === name);
    if (targets.length === 0)
      throw new Error(`unknown projection ${name}; known: ${this.projections.map((p) => p.name).join(', ')}`);
    await this.stop();
    for (const projection of targets) await this.reset(projection);
    await this.start();
    await this.whenCaughtUp();
  }

  private async reset(projection: Projection) {
    for (const name of Object.keys(projection.collections)) await this.store.collection(name).drop();
    await this.store
      .collection<Checkpoint>(CHECKPOINTS)
      .replaceOne(
        { _id: projection.name },
        { _id: projection.name, position: 0, version: projection.version },
        { upsert: true },
      );
  }

  async stop(): Promise<void> {
    if (this.catchUpTo !== null) this.endDeferral();
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    await this.subscription?.stop();
    this.subscription = null;
    await this.saveCheckpoints();
  }
}
