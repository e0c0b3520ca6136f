import { randomUUID } from 'node:crypto';
import type { DeadJob, Job, JobOptions, JobProcessor, JobQueue, QueueCounts } from './port';

type Handler = (job: Job) => Promise<unknown>;
type Entry = {
  job: Job;
  attempts: number;
  backoffMs: number;
  state: 'waiting' | 'delayed' | 'active';
  timer?: NodeJS.Timeout;
};
type Worker = { handler: Handler; concurrency: number; running: Set<Promise<void>>; stopped: boolean };
type Queue = {
  /** every job that is waiting, delayed (initially or backing off) or running, by id */
  pending: Map<string, Entry>;
  waiting: Entry[];
  workers: Set<Worker>;
  /** jobs that failed every attempt, in the order they died; kept until retried */
  dead: Map<string, { entry: Entry; dead: DeadJob }>;
  /** completion time by id, oldest first: counted and deduped against until they age out, like BullMQ's */
  completed: Map<string, number>;
};

export type InProcessJobQueueOptions = {
  /** default tries in all (3) */
  attempts?: number;
  /** default back-off base (1000 ms): tests make it a few ms */
  backoffMs?: number;
  /** how long a completed job still counts and still blocks its job id (a day, as the BullMQ adapter) */
  keepCompletedMs?: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The embedded job queue, in this process's memory, with the retry, exponential back-off, job-id
 * dedupe and dead-letter behaviour of the BullMQ adapter. It is NOT durable: waiting, delayed and
 * dead jobs are gone after a restart, so it is for development, tests and single-process setups
 * whose jobs can be re-enqueued from the event log; production runs BullMQ.
 */
export class InProcessJobQueue implements JobQueue {
  readonly name = 'in-process';
  private readonly queues = new Map<string, Queue>();
  private closed = false;

  constructor(private readonly defaults: InProcessJobQueueOptions = {}) {}

  async add<T>(queueName: string, name: string, data: T, options: JobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('job queue closed');
    const q = this.queue(queueName);
    const id = options.jobId ?? randomUUID();
    this.forgetOldCompleted(q);
    if (q.pending.has(id) || q.dead.has(id) || q.completed.has(id)) return id; // a job with this id still exists
    const entry: Entry = {
      job: { id, queue: queueName, name, data: structuredClone(data), attemptsMade: 0 },
      attempts: Math.max(1, options.attempts ?? this.defaults.attempts ?? 3),
      backoffMs: options.backoffMs ?? this.defaults.backoffMs ?? 1000,
      state: 'waiting',
    };
    q.pending.set(id, entry);
    if (options.delayMs && options.delayMs > 0) this.delay(q, entry, options.delayMs);
    else this.makeWaiting(q, entry);
    return id;
  }

  async process<T>(
    queueName: string,
    handler: (job: Job<T>) => Promise<unknown>,
    options: { concurrency?: number } = {},
  ): Promise<JobProcessor> {
    if (this.closed) throw new Error('job queue closed');
    const q = this.queue(queueName);
    const worker: Worker = {
      handler: handler as Handler,
      concurrency: Math.max(1, Math.floor(options.concurrency ?? 1)),
      running: new Set(),
      stopped: false,
    };
    q.workers.add(worker);
    this.pump(q);
    return {
      stop: async () => {
        worker.stopped = true;
        q.workers.delete(worker);
        await Promise.all(worker.running); // the running handlers finish; their jobs settle as usual
      },
    };
  }

  async deadLetters(queueName: string): Promise<DeadJob[]> {
    return [...this.queue(queueName).dead.values()].map(({ dead }) => ({
      ...dead,
      data: structuredClone(dead.data),
    }));
  }

  async retryDead(queueName: string, jobId: string): Promise<void> {
    const q = this.queue(queueName);
    const found = q.dead.get(jobId);
    if (!found) throw new Error(`no dead job ${jobId} in ${queueName}`);
    q.dead.delete(jobId);
    found.entry.job.attemptsMade = 0; // fresh attempts, same options
    q.pending.set(jobId, found.entry);
    this.makeWaiting(q, found.entry);
  }

  async counts(queueName: string): Promise<QueueCounts> {
    const q = this.queue(queueName);
    this.forgetOldCompleted(q);
    let delayed = 0;
    let active = 0;
    for (const entry of q.pending.values()) {
      if (entry.state === 'delayed') delayed++;
      if (entry.state === 'active') active++;
    }
    return { waiting: q.waiting.length, active, delayed, completed: q.completed.size, failed: q.dead.size };
  }

  /** Stops every processor (waiting for running handlers) and every timer; what was pending is dropped. */
  async close(): Promise<void> {
    this.closed = true;
    const running: Promise<void>[] = [];
    for (const q of this.queues.values()) {
      for (const entry of q.pending.values()) clearTimeout(entry.timer);
      for (const worker of q.workers) {
        worker.stopped = true;
        running.push(...worker.running);
      }
      q.workers.clear();
    }
    await Promise.all(running);
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = { pending: new Map(), waiting: [], workers: new Set(), dead: new Map(), completed: new Map() };
      this.queues.set(name, q);
    }
    return q;
  }

  private makeWaiting(q: Queue, entry: Entry) {
    entry.state = 'waiting';
    q.waiting.push(entry);
    this.pump(q);
  }

  private delay(q: Queue, entry: Entry, ms: number) {
    entry.state = 'delayed';
    if (this.closed) return; // nothing will run it any more
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      this.makeWaiting(q, entry);
    }, ms);
  }

  /** Hands waiting jobs, oldest first, to processors with a free slot. */
  private pump(q: Queue) {
    if (this.closed) return;
    for (const worker of q.workers) {
      while (!worker.stopped && worker.running.size < worker.concurrency && q.waiting.length > 0) {
        const run: Promise<void> = this.run(q, worker, q.waiting.shift()!).finally(() => {
          worker.running.delete(run);
          this.pump(q);
        });
        worker.running.add(run);
      }
    }
  }

  private async run(q: Queue, worker: Worker, entry: Entry) {
    const { job } = entry;
    entry.state = 'active';
    job.attemptsMade++;
    try {
      // a copy per attempt: a handler that mutates its data cannot change what the retry sees
      await worker.handler({ ...job, data: structuredClone(job.data) });
      q.pending.delete(job.id);
      q.completed.delete(job.id); // re-inserted at the end: the map stays ordered by completion time
      q.completed.set(job.id, Date.now());
    } catch (error) {
      if (job.attemptsMade < entry.attempts) {
        this.delay(q, entry, entry.backoffMs * 2 ** (job.attemptsMade - 1));
        return;
      }
      q.pending.delete(job.id);
      const failedReason = error instanceof Error ? error.message : String(error);
      q.dead.set(job.id, { entry, dead: { ...job, failedReason, failedAt: new Date().toISOString() } });
    }
  }

  private forgetOldCompleted(q: Queue) {
    const horizon = Date.now() - (this.defaults.keepCompletedMs ?? DAY_MS);
    for (const [id, at] of q.completed) {
      if (at >= horizon) break;
      q.completed.delete(id);
    }
  }
}
