import { Job as BullJob, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { DeadJob, Job, JobOptions, JobProcessor, JobQueue, QueueCounts } from './port';

const DAY_SECONDS = 24 * 60 * 60;

// BullMQ refuses ':' in a custom job id (Redis keys use it as a separator); callers' ids (a time
// like 03:00, a stream name) may hold it, so ids are escaped injectively on the way in and out.
const toBullId = (id: string) => id.replace(/%/g, '%25').replace(/:/g, '%3A');
const fromBullId = (id: string) => id.replace(/%3A/g, ':').replace(/%25/g, '%');

/**
 * The production job queue: BullMQ on Redis. Completed jobs are kept a day (so counts and job-id
 * dedupe see them), failed ones until someone looks at them: they are the dead letters.
 */
export class BullMqJobQueue implements JobQueue {
  readonly name = 'bullmq';
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<Worker, Redis>();

  constructor(
    redisUrl: string,
    private readonly options: { prefix?: string } = {},
  ) {
    // BullMQ's blocking commands need no per-request retry limit
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.options.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<T>(queueName: string, name: string, data: T, options: JobOptions = {}): Promise<string> {
    const job = await this.queue(queueName).add(name, data, {
      jobId: options.jobId === undefined ? undefined : toBullId(options.jobId),
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
      delay: options.delayMs,
      removeOnComplete: { age: DAY_SECONDS },
      removeOnFail: false,
    });
    return fromBullId(job.id!);
  }

  async process<T>(
    queueName: string,
    handler: (job: Job<T>) => Promise<unknown> | void,
    options: { concurrency?: number } = {},
  ): Promise<JobProcessor> {
    const workerConnection = this.connection.duplicate();
    const worker = new Worker(
      queueName,
      async (job: BullJob) =>
        handler({
          id: fromBullId(job.id!),
          queue: queueName,
          name: job.name,
          data: job.data as T,
          attemptsMade: job.attemptsMade + 1,
        }),
      { connection: workerConnection, concurrency: options.concurrency ?? 1, prefix: this.options.prefix },
    );
    worker.on('error', () => undefined); // connection hiccups are retried by ioredis; jobs carry their own errors
    this.workers.set(worker, workerConnection);
    await worker.waitUntilReady();
    return {
      stop: async () => {
        if (!this.workers.delete(worker)) return;
        await worker.close(); // waits for the running handlers
        await workerConnection.quit().catch(() => undefined);
      },
    };
  }

  async deadLetters(queueName: string): Promise<DeadJob[]> {
    const failed = await this.queue(queueName).getFailed();
    return failed.map((job) => ({
      id: fromBullId(job.id!),
      queue: queueName,
      name: job.name,
      data: job.data as unknown,
      attemptsMade: job.attemptsMade,
      failedReason: job.failedReason,
      failedAt: new Date(job.finishedOn ?? Date.now()).toISOString(),
    }));
  }

  async retryDead(queueName: string, jobId: string): Promise<void> {
    const job = await BullJob.fromId(this.queue(queueName), toBullId(jobId));
    if (!job) throw new Error(`no dead job ${jobId} in ${queueName}`);
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
  }

  async counts(queueName: string): Promise<QueueCounts> {
    const c = await this.queue(queueName).getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
    return {
      waiting: c.waiting ?? 0,
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      completed: c.completed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.workers].map(async ([worker, connection]) => {
        await worker.close();
        await connection.quit().catch(() => undefined);
      }),
    );
    this.workers.clear();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    await this.connection.quit().catch(() => undefined);
  }
}
