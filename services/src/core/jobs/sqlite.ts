import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { openSqliteFile } from '@estate/events/store/sqliteFile';
import type { DeadJob, Job, JobOptions, JobProcessor, JobQueue, QueueCounts } from './port';

type Row = {
  queue: string;
  id: string;
  name: string;
  data: string;
  state: 'waiting' | 'active' | 'completed' | 'dead';
  attempts_made: number;
  attempts: number;
  backoff_ms: number;
  run_at: number;
  failed_reason: string | null;
  failed_at: string | null;
};

export type SqliteJobQueueOptions = {
  /** default tries in all (3) */
  attempts?: number;
  /** default back-off base (1000 ms) */
  backoffMs?: number;
  /** how long a completed job still counts and still blocks its job id (a week: reactors redeliver within it) */
  keepCompletedMs?: number;
};

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** a processor with nothing due sleeps at most this long (a job added by this process wakes it at once) */
const IDLE_POLL_MS = 500;

/* eslint-disable @typescript-eslint/require-await -- the SQLite queue (better-sqlite3 is synchronous) answers at once behind an asynchronous port: its
   methods stay async so that a failure (a closed file, an unknown job) is a rejection, as BullMQ's is */
/**
 * The embedded job queue, durable in a SQLite file (WAL): a job added is on disk before `add`
 * resolves, so a crash loses no SMS, e-mail or payment job. The retry, back-off, job-id dedupe and
 * dead-letter behaviour is the BullMQ adapter's (the same contract suite runs on both).
 *
 * A job that was running when the process died runs again at the next start (at least once): its
 * handler passes the job id on as the provider's idempotency key. One process uses a file at a time.
 */
export class SqliteJobQueue implements JobQueue {
  readonly name = 'sqlite';
  private readonly db: Database.Database;
  private readonly processors = new Set<{
    stopped: boolean;
    running: Set<Promise<void>>;
    wake: () => void;
  }>();
  private readonly stmts;
  private closed = false;

  constructor(
    file: string,
    private readonly defaults: SqliteJobQueueOptions = {},
  ) {
    this.db = openSqliteFile(file);
    // what is deleted or replaced is overwritten in the file (an erasure's trim and compaction rely on it)
    this.db.pragma('secure_delete = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS jobs (
        seq           INTEGER PRIMARY KEY AUTOINCREMENT,
        queue         TEXT NOT NULL,
        id            TEXT NOT NULL,
        name          TEXT NOT NULL,
        data          TEXT NOT NULL,
        state         TEXT NOT NULL,
        attempts_made INTEGER NOT NULL,
        attempts      INTEGER NOT NULL,
        backoff_ms    INTEGER NOT NULL,
        run_at        INTEGER NOT NULL,
        completed_at  INTEGER,
        failed_reason TEXT,
        failed_at     TEXT
      );
      CREATE UNIQUE INDEX IF NOT EXISTS jobs_by_id ON jobs (queue, id);
      CREATE INDEX IF NOT EXISTS jobs_due ON jobs (queue, state, run_at, seq);`);
    // jobs a crashed process was running go back to waiting: they run again (at least once)
    this.db.prepare(`UPDATE jobs SET state = 'waiting' WHERE state = 'active'`).run();
    this.stmts = {
      find: this.db.prepare<[string, string], { state: string; completed_at: number | null }>(
        'SELECT state, completed_at FROM jobs WHERE queue = ? AND id = ?',
      ),
      forget: this.db.prepare<[string, string]>('DELETE FROM jobs WHERE queue = ? AND id = ?'),
      insert: this.db.prepare<[string, string, string, string, number, number, number]>(
        `INSERT INTO jobs (queue, id, name, data, state, attempts_made, attempts, backoff_ms, run_at) VALUES (?, ?, ?, ?, 'waiting', 0, ?, ?, ?)`,
      ),
      claim: this.db.prepare<[string, number], Row>(
        `UPDATE jobs SET state = 'active', attempts_made = attempts_made + 1
         WHERE seq = (SELECT seq FROM jobs WHERE queue = ? AND state = 'waiting' AND run_at <= ? ORDER BY run_at, seq LIMIT 1)
         RETURNING *`,
      ),
      nextDue: this.db.prepare<[string], { run_at: number }>(
        `SELECT min(run_at) AS run_at FROM jobs WHERE queue = ? AND state = 'waiting'`,
      ),
      complete: this.db.prepare<[number, string, string]>(
        `UPDATE jobs SET state = 'completed', completed_at = ?, data = 'null' WHERE queue = ? AND id = ?`,
      ),
      retryLater: this.db.prepare<[number, string, string]>(
        `UPDATE jobs SET state = 'waiting', run_at = ? WHERE queue = ? AND id = ?`,
      ),
      die: this.db.prepare<[string, string, string, string]>(
        `UPDATE jobs SET state = 'dead', failed_reason = ?, failed_at = ? WHERE queue = ? AND id = ?`,
      ),
      dead: this.db.prepare<[string], Row>(
        `SELECT * FROM jobs WHERE queue = ? AND state = 'dead' ORDER BY failed_at, seq`,
      ),
      revive: this.db.prepare<[number, string, string]>(
        `UPDATE jobs SET state = 'waiting', attempts_made = 0, run_at = ?, failed_reason = NULL, failed_at = NULL WHERE queue = ? AND id = ? AND state = 'dead'`,
      ),
      forgetCompleted: this.db.prepare<[string, number]>(
        `DELETE FROM jobs WHERE queue = ? AND state = 'completed' AND completed_at < ?`,
      ),
      counts: this.db.prepare<
        [number, number, string],
        { waiting: number; delayed: number; active: number; completed: number; failed: number }
      >(
        `SELECT
           coalesce(sum(state = 'waiting' AND run_at <= ?), 0) AS waiting,
           coalesce(sum(state = 'waiting' AND run_at > ?), 0) AS delayed,
           coalesce(sum(state = 'active'), 0) AS active,
           coalesce(sum(state = 'completed'), 0) AS completed,
           coalesce(sum(state = 'dead'), 0) AS failed
         FROM jobs WHERE queue = ?`,
      ),
    };
  }

  async add<T>(queue: string, name: string, data: T, options: JobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('job queue closed');
    const id = options.jobId ?? randomUUID();
    const now = Date.now();
    const added = this.db
      .transaction(() => {
        const existing = this.stmts.find.get(queue, id);
        if (existing) {
          const agedOut =
            existing.state === 'completed' && (existing.completed_at ?? 0) < now - this.keepCompletedMs;
          if (!agedOut) return false; // a job with this id still exists
          this.stmts.forget.run(queue, id);
        }
        const attempts = Math.max(1, options.attempts ?? this.defaults.attempts ?? 3);
        const backoffMs = options.backoffMs ?? this.defaults.backoffMs ?? 1000;
        this.stmts.insert.run(
          queue,
          id,
          name,
          JSON.stringify(data ?? null),
          attempts,
          backoffMs,
          now + Math.max(0, options.delayMs ?? 0),
        );
        return true;
      })
      .immediate();
    if (added) this.wakeAll();
    return id;
  }

  async process<T>(
    queue: string,
    handler: (job: Job<T>) => Promise<unknown> | void,
    options: { concurrency?: number } = {},
  ): Promise<JobProcessor> {
    if (this.closed) throw new Error('job queue closed');
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    let wakeLoop = () => undefined as void;
    const processor = { stopped: false, running: new Set<Promise<void>>(), wake: () => wakeLoop() };
    this.processors.add(processor);

    const runOne = async (row: Row) => {
      const job: Job<T> = {
        id: row.id,
        queue: row.queue,
        name: row.name,
        data: JSON.parse(row.data) as T,
        attemptsMade: row.attempts_made,
      };
      try {
        await handler(job);
        if (this.db.open) this.stmts.complete.run(Date.now(), queue, row.id);
      } catch (error) {
        if (!this.db.open) return; // closed mid-job: it runs again at the next start
        if (row.attempts_made < row.attempts) {
          this.stmts.retryLater.run(
            Date.now() + row.backoff_ms * 2 ** (row.attempts_made - 1),
            queue,
            row.id,
          );
        } else {
          this.stmts.die.run(
            error instanceof Error ? error.message : String(error),
            new Date().toISOString(),
            queue,
            row.id,
          );
        }
      }
    };

    const loop = async () => {
      while (!processor.stopped && !this.closed) {
        while (processor.running.size < concurrency) {
          const row = this.stmts.claim.get(queue, Date.now());
          if (!row) break;
          const run: Promise<void> = runOne(row).finally(() => {
            processor.running.delete(run);
            wakeLoop();
          });
          processor.running.add(run);
        }
        if (processor.stopped || this.closed) break;
        // sleep until the next due job, a new job, a free slot, or the idle poll
        const due = this.stmts.nextDue.get(queue)?.run_at;
        const wait =
          due === undefined || due === null
            ? IDLE_POLL_MS
            : Math.min(IDLE_POLL_MS, Math.max(1, due - Date.now()));
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            wakeLoop = () => undefined;
            resolve();
          };
          const timer = setTimeout(done, wait);
          wakeLoop = done;
        });
      }
    };
    const looping = loop();
    return {
      stop: async () => {
        processor.stopped = true;
        processor.wake();
        await looping;
        await Promise.all(processor.running);
        this.processors.delete(processor);
      },
    };
  }

  async deadLetters(queue: string): Promise<DeadJob[]> {
    return this.stmts.dead.all(queue).map((row) => ({
      id: row.id,
      queue: row.queue,
      name: row.name,
      data: JSON.parse(row.data) as unknown,
      attemptsMade: row.attempts_made,
      failedReason: row.failed_reason ?? '',
      failedAt: row.failed_at ?? '',
    }));
  }

  async retryDead(queue: string, jobId: string): Promise<void> {
    const changed = this.stmts.revive.run(Date.now(), queue, jobId).changes;
    if (changed === 0) throw new Error(`no dead job ${jobId} in ${queue}`);
    this.wakeAll();
  }

  async counts(queue: string): Promise<QueueCounts> {
    const now = Date.now();
    this.stmts.forgetCompleted.run(queue, now - this.keepCompletedMs);
    const row = this.stmts.counts.get(now, now, queue)!;
    return {
      waiting: row.waiting,
      active: row.active,
      delayed: row.delayed,
      completed: row.completed,
      failed: row.failed,
    };
  }

  /** Stops every processor (running handlers finish and settle) and closes the file; pending jobs stay on disk. */
  /** a finished job keeps its id (a second add is ignored), not its data; the old pages leave the write-ahead log here */
  compact(): Promise<void> {
    if (!this.db.open) return Promise.resolve();
    // jobs finished before their data was dropped at completion (an older file) lose it here
    this.db.prepare(`UPDATE jobs SET data = 'null' WHERE state = 'completed' AND data != 'null'`).run();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return Promise.resolve();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const processor of this.processors) {
      processor.stopped = true;
      processor.wake();
    }
    await Promise.all([...this.processors].map((p) => Promise.all(p.running)));
    this.processors.clear();
    if (this.db.open) this.db.close();
  }

  private wakeAll() {
    for (const processor of this.processors) processor.wake();
  }

  private get keepCompletedMs() {
    return this.defaults.keepCompletedMs ?? WEEK_MS;
  }
}
/* eslint-enable @typescript-eslint/require-await */
