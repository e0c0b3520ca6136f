import type { StoredEvent } from '../envelope';
import { AppendSignal, pollingSubscription } from './pollingSubscription';
import type { EventStore, Subscription, SubscriptionOptions } from './port';

/**
 * One reading of the log's newest events, shared by many subscribers in a process. Each subscriber
 * keeps its own position, pace and retries (a failing one holds back only itself), but the log is
 * read once per append instead of once per subscriber: a dozen reactors each polling SQLite for
 * every chat message was the cost that capped the messages a second (bench:chat).
 *
 * The tail holds the last `capacity` events it has seen since it started; a subscriber behind them
 * (a reactor resuming from an old checkpoint, or one held back by a provider that is down) reads
 * the store directly until it reaches the tail.
 */
export class LogTail {
  private buffer: StoredEvent[] = [];
  /** every event after `from` up to `last` is in `buffer` */
  private from = Number.POSITIVE_INFINITY;
  private last = Number.POSITIVE_INFINITY;
  private readonly signal = new AppendSignal();
  private feed: Subscription | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly capacity = 10_000,
  ) {}

  async start(options: Pick<SubscriptionOptions, 'onError'> = {}): Promise<void> {
    if (this.feed) return;
    const head = await this.events.headPosition();
    this.from = head;
    this.last = head;
    this.feed = this.events.subscribe(
      head,
      (event) => {
        this.buffer.push(event);
        this.last = event.position;
        // trimmed in chunks, not one event at a time: the copy is paid once per quarter of the buffer
        if (this.buffer.length > this.capacity * 1.25) {
          const dropped = this.buffer.length - this.capacity;
          this.from = this.buffer[dropped - 1].position;
          this.buffer = this.buffer.slice(dropped);
        }
        this.signal.wake();
      },
      { batchSize: 1000, onError: options.onError },
    );
  }

  /** the events after `afterPosition`, from the tail when it holds them, else from the store */
  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    if (afterPosition < this.from) return this.events.readAll(afterPosition, limit);
    let low = 0;
    let high = this.buffer.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.buffer[middle].position <= afterPosition) low = middle + 1;
      else high = middle;
    }
    return this.buffer.slice(low, low + limit);
  }

  /** the same delivery as `EventStore.subscribe`, woken by the tail as each event arrives */
  subscribe(
    afterPosition: number,
    handler: (event: StoredEvent) => Promise<void> | void,
    options?: SubscriptionOptions,
  ): Subscription {
    return pollingSubscription(
      (after, limit) => this.readAll(after, limit),
      this.signal,
      afterPosition,
      handler,
      options,
    );
  }

  /** the position the tail has read the log up to */
  get position(): number {
    return this.last;
  }

  async stop(): Promise<void> {
    const feed = this.feed;
    this.feed = null;
    await feed?.stop();
    this.signal.wake();
    this.buffer = [];
  }
}
