import { randomUUID } from 'node:crypto';
import type { DeadJob, Job, JobOptions, JobProcessor, JobQueue, QueueCounts } from './port';

type Entry = { job: Job; attempts: number; backoffMs: number };
type Queue = {
  waiting: Entry[];
  delayed: Map<string, { entry: Entry; timer: NodeJS.Timeout }>;
  active: Map<string, Promise<void>>;
  live: Set<string>;
  dead: DeadJob[];
  completed: number;
  failed: number;
  handler: ((job: Job) => Promise<unknown>) | null;
  concurrency: number;
};

/**
 * The embedded job queue: in this process's memory, with the same retry, back-off, dedupe and
 * dead-letter behaviour as the BullMQ adapter. Waiting jobs do not survive a restart (the durable
 * facts are events; a job is re-enqueued from them).
 */
export class InProcessJobQueue implements JobQueue {
  readonly name = 'in-process';
  private readonly queues = new Map<string, Queue>();
  private closed = false;

  constructor(private readonly defaults: { attempts?: number; backoffMs?: number } = {}) {}

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = { waiting: [], delayed: new Map(), active: new Map(), live: new Set(), dead: [], completed: 0, failed: 0, handler: null, concurrency: 1 };
      this.queues.set(name, q);
    }
    return q;
  }

  async add<T>(queueName: string, name: string, data: T, options: JobOptions = {}): Promise<string> {
    const q = this.queue(queueName);
    const id = options.jobId ?? randomUUID();
    if (q.live.has(id)) return id;
    q.live.add(id);
    const entry: Entry = {
      job: { id, queue: queueName, name, data: structuredClone(data), attemptsMade: 0 },
      attempts: options.attempts ?? this.defaults.attempts ?? 3,
      backoffMs: options.backoffMs ?? this.defaults.backoffMs ?? 1000,
    };
    if (options.delayMs) this.delay(q, entry, options.delayMs);
    else q.waiting.push(entry);
    this.pump(q);
    return id;
  }

  private delay(q: Queue, entry: Entry, ms: number) {
    const timer = setTimeout(() => {
      q.delayed.delete(entry.job.id);
      q.waiting.push(entry);
      this.pump(q);
    }, ms);
    q.delayed.set(entry.job.id, { entry, timer });
  }

  private pump(q: Queue) {
    while (!this.closed && q.handler && q.active.size < q.concurrency && q.waiting.length > 0) {
      const entry = q.waiting.shift()!;
      const handler = q.handler;
      const run = this.run(q, entry, handler).finally(() => {
        q.active.delete(entry.job.id);
        this.pump(q);
      });
      q.active.set(entry.job.id, run);
    }
  }

  private async run(q: Queue, entry: Entry, handler: (job: Job) => Promise<unknown>) {
    entry.job.attemptsMade++;
    try {
      await handler({ ...entry.job });
      q.completed++;
      q.live.delete(entry.job.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (entry.job.attemptsMade < entry.attempts) {
        this.delay(q, entry, entry.backoffMs * 2 ** (entry.job.attemptsMade - 1));
        return;
      }
      q.failed++;
      q.live.delete(entry.job.id);
      q.dead.push({ ...entry.job, failedReason: reason, failedAt: new Date().toISOString() });
    }
  }

  async process<T>(queueName: string, handler: (job: Job<T>) => Promise<unknown>, options: { concurrency?: number } = {}): Promise<JobProcessor> {
    const q = this.queue(queueName);
    q.handler = handler as (job: Job) => Promise<unknown>;
    q.concurrency = options.concurrency ?? 1;
    this.pump(q);
    return {
      stop: async () => {
        if (q.handler === handler) q.handler = null;
        await Promise.all(q.active.values());
      },
    };
  }

  async deadLetters(queueName: string): Promise<DeadJob[]> {
    return this.queue(queueName).dead.map((d) => ({ ...d }));
  }

  async retryDead(queueName: string, jobId: string): Promise<void> {
    const q = this.queue(queueName);
    const index = q.dead.findIndex((d) => d.id === jobId);
    if (index < 0) throw new Error(`no dead job ${jobId} in ${queueName}`);
    const [dead] = q.dead.splice(index, 1);
    q.failed--;
    await this.add(queueName, dead.name, dead.data, { jobId: dead.id });
  }

  async counts(queueName: string): Promise<QueueCounts> {
    const q = this.queue(queueName);
    return { waiting: q.waiting.length, active: q.active.size, delayed: q.delayed.size, completed: q.completed, failed: q.failed };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values()) {
      for (const { timer } of q.delayed.values()) clearTimeout(timer);
      q.handler = null;
      await Promise.all(q.active.values());
    }
  }
}
