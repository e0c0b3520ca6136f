import type { EventStore } from '@estate/events';
import type { ReadStore } from './readStore/port';

/** How far the read models have got: what the API waits on to read its own writes. */
export interface ProjectionProgress {
  whenCaughtUp(position?: number): Promise<void>;
  readonly position: number;
  /** each read model's position in the log (metrics: a projection's lag behind the head) */
  projectionPositions?(): Promise<ReadonlyMap<string, number>>;
}

type Checkpoint = { _id: string; position: number };

/**
 * Progress of a projector running in another process, read from the checkpoints it stores.
 * A read model that lags past the timeout is answered anyway: the write has succeeded, and a
 * briefly stale list is better than an error.
 */
export class CheckpointProgress implements ProjectionProgress {
  private last = 0;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projectionNames: string[],
    private readonly options: { pollMs?: number; timeoutMs?: number } = {},
  ) {}

  get position() {
    return this.last;
  }

  /** each read model's stored checkpoint (0 before its first) */
  async projectionPositions(): Promise<ReadonlyMap<string, number>> {
    const checkpoints = await this.store
      .collection<Checkpoint>('projection_checkpoints')
      .find({ _id: { $in: this.projectionNames } });
    return new Map(
      this.projectionNames.map((name) => [name, checkpoints.find((c) => c._id === name)?.position ?? 0]),
    );
  }

  private async read(): Promise<number> {
    this.last = Math.min(...(await this.projectionPositions()).values());
    return this.last;
  }

  async whenCaughtUp(position?: number): Promise<void> {
    const target = position ?? (await this.events.headPosition());
    const deadline = Date.now() + (this.options.timeoutMs ?? 10_000);
    while ((await this.read()) < target && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 20));
    }
  }
}
