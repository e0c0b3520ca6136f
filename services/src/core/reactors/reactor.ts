import {
  LogTail,
  upcast,
  type EventOf,
  type EventStore,
  type EventType,
  type StoredEvent,
  type Subscription,
} from '@estate/events';
import type { Logger } from '../logger';
import { inEventSpan, inLogScope } from '../tracing';
import type { CheckpointStore } from './checkpoints';

/** how long a reached checkpoint waits to be written with the others */
const CHECKPOINT_DELAY_MS = 200;

/** A stored event of one of the types a reactor handles, its data brought to the current schema. */
export type ReactorEvent<T extends EventType> = {
  [K in T]: Omit<StoredEvent, 'type' | 'data'> & EventOf<K>;
}[T];

/**
 * What follows a fact without deciding anything (an SMS, an e-mail, a chat message about a booking):
 * a subscriber to the event log with its own checkpoint. It reacts at least once; every effect it
 * causes must be idempotent by the event's id (a job id, a message id or an idempotency key derived
 * from `event.eventId`), so an event delivered again after a crash causes nothing twice.
 */
export type Reactor<T extends EventType = EventType> = {
  /** stable: it names the checkpoint and prefixes the ids of the effects */
  name: string;
  handles: readonly T[];
  react(event: ReactorEvent<T>): Promise<void>;
};

export const defineReactor = <T extends EventType>(reactor: Reactor<T>): Reactor =>
  reactor as unknown as Reactor;

/** The id of one effect of one event: the same on every delivery of that event. */
export const effectId = (reactor: string, event: { eventId: string }, effect: string) =>
  `${reactor}:${event.eventId}:${effect}`;

/**
 * Runs each reactor on its own subscription from its own checkpoint, so a failing reactor (a
 * provider that is down) holds back only itself; a failed event is retried, never skipped. The
 * subscriptions share one reading of the log (`LogTail`). A reactor without a checkpoint starts at
 * the head of the log: deploying a new reactor does not replay years of history at the users.
 */
export class ReactorRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly tail: LogTail;
  private readonly positions = new Map<string, number>();
  private waiters: { position: number; resolve: () => void }[] = [];
  /** checkpoints reached and not yet written: written together a moment later, not one write per event */
  private readonly unsaved = new Map<string, number>();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly checkpoints: CheckpointStore,
    readonly reactors: Reactor[],
    private readonly logger: Logger,
    /** told of every failed try of a reactor (metrics: reactor_retries_total) */
    private readonly onRetry?: (reactor: string) => void,
  ) {
    this.tail = new LogTail(events);
  }

  async start(): Promise<void> {
    await this.tail.start({
      onError: (error) =>
        this.logger.error({ err: error }, 'reading the log for the reactors failed; retrying'),
    });
    const head = await this.events.headPosition();
    for (const reactor of this.reactors) {
      let from = await this.checkpoints.get(reactor.name);
      if (from === null) {
        from = head;
        await this.checkpoints.set(reactor.name, head);
      }
      this.follow(reactor, from);
    }
  }

  /** one reactor's subscription from a position of the log */
  private follow(reactor: Reactor, from: number) {
    this.positions.set(reactor.name, from);
    const handles = new Set<string>(reactor.handles);
    const subscription = this.tail.subscribe(
      from,
      async (stored) => {
        if (handles.has(stored.type)) {
          const event = {
            ...stored,
            data: upcast(stored.type, stored.schemaVersion, stored.data),
          } as ReactorEvent<EventType>;
          // the reaction's log lines and commands carry the event's correlation id; its span continues the event's trace
          await inLogScope(
            { correlationId: stored.metadata.correlationId, causationId: stored.eventId },
            () =>
              inEventSpan(`react ${reactor.name}`, stored, { reactor: reactor.name }, async () => {
                await reactor.react(event);
                this.logger.debug(
                  { reactor: reactor.name, type: stored.type, position: stored.position },
                  'reacted',
                );
              }),
          );
          this.unsaved.set(reactor.name, stored.position);
          this.scheduleSave();
        }
        this.positions.set(reactor.name, stored.position);
        this.release();
      },
      {
        batchSize: 500,
        onError: (error, event) => {
          this.onRetry?.(reactor.name);
          this.logger.error(
            {
              err: error,
              reactor: reactor.name,
              position: event?.position,
              type: event?.type,
              correlationId: event?.metadata.correlationId,
            },
            'reactor failed; retrying',
          );
        },
      },
    );
    this.subscriptions.set(reactor.name, subscription);
  }

  /**
   * Moves one running reactor back (or forward) to `position` and lets it react from there: its
   * subscription stops (the event in hand finishes), its checkpoint is written at once, and a new
   * subscription starts after the position. The effects it repeats are deduped by their ids only
   * as long as the job queue remembers them (the operator's command line warns: operations/admin.ts).
   */
  async replayFrom(name: string, position: number): Promise<void> {
    const reactor = this.reactors.find((r) => r.name === name);
    const running = this.subscriptions.get(name);
    if (!reactor || !running) throw new Error(`no running reactor ${name}`);
    this.subscriptions.delete(name);
    await running.stop();
    // a checkpoint reached before the stop must not be written over the new one
    this.unsaved.delete(name);
    await this.checkpoints.set(name, position);
    this.follow(reactor, position);
  }

  /**
   * A crash loses at most the last moment's checkpoints: those events come again, and their effects
   * are idempotent by the event's id (see `Reactor`), so nothing is done twice.
   */
  private scheduleSave() {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.saveCheckpoints().catch((error: unknown) =>
        this.logger.error({ err: error }, "saving the reactors' checkpoints failed; retrying"),
      );
    }, CHECKPOINT_DELAY_MS);
  }

  private async saveCheckpoints() {
    const saving = [...this.unsaved];
    this.unsaved.clear();
    try {
      for (const [name, position] of saving) await this.checkpoints.set(name, position);
    } catch (error) {
      // kept for the next attempt unless a newer position has come meanwhile
      for (const [name, position] of saving) if (!this.unsaved.has(name)) this.unsaved.set(name, position);
      this.scheduleSave();
      throw error;
    }
  }

  /** each reactor's position in the log as handled here (metrics: its backlog behind the head) */
  reactorPositions(): ReadonlyMap<string, number> {
    return new Map(this.positions);
  }

  /** Resolves once every reactor has handled the log up to `position` (default: the head now). */
  async whenCaughtUp(position?: number): Promise<void> {
    const target = position ?? (await this.events.headPosition());
    if (this.lowest() >= target) return;
    await new Promise<void>((resolve) => this.waiters.push({ position: target, resolve }));
  }

  private lowest() {
    return this.positions.size ? Math.min(...this.positions.values()) : Number.POSITIVE_INFINITY;
  }

  private release() {
    const reached = this.lowest();
    const ready = this.waiters.filter((w) => w.position <= reached);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > reached);
    for (const waiter of ready) waiter.resolve();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    this.subscriptions.clear();
    await this.tail.stop();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await this.saveCheckpoints();
  }
}
