/**
 * The job-queue port (BullMQ on Redis in production): queued work such as SMS, e-mail and payments,
 * retried with exponential back-off; a job that fails every attempt is kept as a dead letter with
 * its error, to be inspected and retried. A job's result reaches the domain as a command.
 */
export type JobOptions = {
  /** tries in all, first one included (default 3) */
  attempts?: number;
  /** back-off before retry k is backoffMs · 2^(k-1) */
  backoffMs?: number;
  /** a second add with the same id is ignored while the first is waiting, delayed or running */
  jobId?: string;
  delayMs?: number;
};

export type Job<T = unknown> = { id: string; queue: string; name: string; data: T; attemptsMade: number };
export type DeadJob<T = unknown> = Job<T> & { failedReason: string; failedAt: string };
export type QueueCounts = { waiting: number; active: number; delayed: number; completed: number; failed: number };
export type JobProcessor = { stop(): Promise<void> };

export interface JobQueue {
  readonly name: string;
  add<T>(queue: string, name: string, data: T, options?: JobOptions): Promise<string>;
  process<T>(queue: string, handler: (job: Job<T>) => Promise<unknown>, options?: { concurrency?: number }): Promise<JobProcessor>;
  deadLetters(queue: string): Promise<DeadJob[]>;
  retryDead(queue: string, jobId: string): Promise<void>;
  counts(queue: string): Promise<QueueCounts>;
  close(): Promise<void>;
}
