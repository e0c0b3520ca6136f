/**
 * The job-queue port (BullMQ on Redis in production): queued work such as SMS, e-mail and payments,
 * retried with exponential back-off; a job that fails every attempt is kept as a dead letter with
 * its error, to be inspected and retried. A job's result reaches the domain as a command.
 *
 * A handler may run more than once for the same job (a retry after a failure that happened after
 * its side effect, a crash mid-job): handlers with side effects pass the job id on as an
 * idempotency key (payment provider, SMS gateway) or check first.
 */
export type JobOptions = {
  /** tries in all, first one included (default 3) */
  attempts?: number;
  /** back-off before retry k is backoffMs · 2^(k-1) (default 1000) */
  backoffMs?: number;
  /**
   * Dedupe: a second add with the same id is ignored (and returns that id) while the first job exists:
   * waiting, delayed, running, dead, or completed and not yet aged out (a day).
   */
  jobId?: string;
  /** the first attempt runs no sooner than this */
  delayMs?: number;
};

/** `attemptsMade` counts the attempt being run, from 1; on a dead job it is the number of tries made. */
export type Job<T = unknown> = { id: string; queue: string; name: string; data: T; attemptsMade: number };
export type DeadJob<T = unknown> = Job<T> & { failedReason: string; failedAt: string };
export type QueueCounts = {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
};
export type JobProcessor = {
  /** resolves once this processor's running handlers have finished; it takes no further job */
  stop(): Promise<void>;
};

export interface JobQueue {
  readonly name: string;
  /** Enqueues a job; jobs added before any processor exists wait for one. */
  add<T>(queue: string, name: string, data: T, options?: JobOptions): Promise<string>;
  /** Runs at most `concurrency` (default 1) handlers of this queue at once in this processor. */
  process<T>(
    queue: string,
    // awaited: a handler with nothing to wait for may return at once
    handler: (job: Job<T>) => Promise<unknown> | void,
    options?: { concurrency?: number },
  ): Promise<JobProcessor>;
  /** jobs that failed every attempt, with the last error message */
  deadLetters(queue: string): Promise<DeadJob[]>;
  /** moves a dead job back to waiting with fresh attempts */
  retryDead(queue: string, jobId: string): Promise<void>;
  /** `failed` counts the dead letters; `delayed` includes jobs backing off before a retry */
  counts(queue: string): Promise<QueueCounts>;
  /**
   * Makes the data of finished jobs leave the storage's files now (an erasure asks for it: a
   * notification's job carries a phone or an address); a queue that keeps none needs nothing here
   */
  compact?(): Promise<void>;
  close(): Promise<void>;
}
