import type { NewEvent, StoredEvent } from '../envelope';

/**
 * What the caller believes about the stream before appending:
 * 'any' skips the check, 'no-stream' requires the stream not to exist,
 * a number is the revision of the stream's last event.
 */
export type ExpectedRevision = 'any' | 'no-stream' | number;

export type AppendResult = {
  /** revision of the last event of the stream after the append */
  nextExpectedRevision: number;
  /** global position of the last event appended (or already stored, for an idempotent retry) */
  position: number;
};

export type SubscriptionOptions = {
  /** called when the handler throws; the same event is retried after a back-off, never skipped */
  onError?: (error: unknown, event: StoredEvent | undefined) => void;
  batchSize?: number;
};

export type Subscription = {
  /** resolves once the handler is no longer running and no further event will be delivered */
  stop(): Promise<void>;
  /** position of the last event the handler finished */
  readonly position: number;
};

export interface EventStore {
  readonly name: string;
  /**
   * Appends all events atomically, or none. An event whose eventId is already stored makes the
   * call an idempotent retry: when every event of the batch is stored it returns the stored result.
   */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** the stream's events from `fromRevision` in order; `maxCount`: at most that many (all when absent) */
  readStream(streamId: string, fromRevision?: number, maxCount?: number): Promise<StoredEvent[]>;
  /** events with a position strictly greater than `afterPosition`, oldest first */
  readAll(afterPosition: number, limit: number): Promise<StoredEvent[]>;
  /** position of the newest event in the log, 0 when empty */
  headPosition(): Promise<number>;
  /**
   * Delivers every event after `afterPosition` exactly once, in global order, one at a time
   * (the next only after the handler's promise settles), first catching up, then live.
   */
  subscribe(
    afterPosition: number,
    handler: (event: StoredEvent) => Promise<void> | void,
    options?: SubscriptionOptions,
  ): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no-stream',
  ) {
    super(`stream ${streamId}: expected revision ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export class PartialDuplicateAppendError extends Error {
  constructor(readonly streamId: string) {
    super(`stream ${streamId}: some events of the batch are stored already, others are not`);
    this.name = 'PartialDuplicateAppendError';
  }
}
