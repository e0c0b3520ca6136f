import type Database from 'better-sqlite3';
import { openSqliteFile } from '@estate/events/store/sqliteFile';
import { AppendSignal } from '@estate/events';
import type { Bus, BusMessage, BusSubscription, OutgoingMessage, SubscribeOptions } from './port';

type Row = { offset: number; topic: string; key: string | null; value: string; timestamp: string };

/** how many of this process's newest published messages are read from memory */
const RECENT_MESSAGES = 4096;
/** How long an idle consumer sleeps when nothing wakes it: only publishes by another process need it. */
const IDLE_POLL_MS = 200;
const MAX_BACKOFF_MS = 2000;

type Consumer = { stop(): Promise<void> };

/* eslint-disable @typescript-eslint/require-await -- the SQLite bus (better-sqlite3 is synchronous) answers at once behind an asynchronous port: its
   methods stay async so that a failure (a closed file, a full disk) is a rejection, as Kafka's is */
/**
 * The embedded bus: durable, in a SQLite file in WAL mode (it may be the event log's file: its tables
 * are its own). Groups keep their committed offsets across restarts.
 *
 * Delivery is poll/notify: a publish in this process wakes the consumers at once; a slow poll picks up
 * publishes made by other processes sharing the file. Within a process one consumer per group and
 * topic runs at a time; a second one waits as a standby and takes over when the first stops.
 * Consumers of the same group in different processes are NOT coordinated: run a group's consumer in
 * one process only.
 */
export class SqliteBus implements Bus {
  readonly name = 'sqlite';
  private readonly db: Database.Database;
  /** per topic: a publish wakes only the consumers of its topic */
  private readonly signals = new Map<string, AppendSignal>();
  /** per group and topic, the last consumer in line: the next one starts when it has finished */
  private readonly lines = new Map<string, Promise<void>>();
  private readonly consumers = new Set<Consumer>();
  private readonly stmts;
  private readonly publishTx: Database.Transaction<(topic: string, messages: OutgoingMessage[]) => Row[]>;
  /**
   * The messages this process published last, of every topic, with no gap between their offsets:
   * a consumer here woken by a publish reads them from memory instead of querying the file. A
   * publish by another process sharing the file leaves a gap and the window starts again after it.
   */
  private recent: Row[] = [];

  constructor(file: string) {
    this.db = openSqliteFile(file);
    // what is deleted or replaced is overwritten in the file (an erasure's trim and compaction rely on it)
    this.db.pragma('secure_delete = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS bus_messages (
        "offset"  INTEGER PRIMARY KEY AUTOINCREMENT,
        topic     TEXT NOT NULL,
        key       TEXT,
        value     TEXT NOT NULL,
        timestamp TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS bus_messages_by_topic ON bus_messages (topic, "offset");
      CREATE TABLE IF NOT EXISTS bus_offsets (
        group_id  TEXT NOT NULL,
        topic     TEXT NOT NULL,
        committed INTEGER NOT NULL,
        PRIMARY KEY (group_id, topic)
      );`);
    this.stmts = {
      insert: this.db.prepare<[string, string | null, string, string]>(
        'INSERT INTO bus_messages (topic, key, value, timestamp) VALUES (?, ?, ?, ?)',
      ),
      read: this.db.prepare<[string, number, number], Row>(
        'SELECT "offset", topic, key, value, timestamp FROM bus_messages WHERE topic = ? AND "offset" > ? ORDER BY "offset" LIMIT ?',
      ),
      committed: this.db.prepare<[string, string], { committed: number }>(
        'SELECT committed FROM bus_offsets WHERE group_id = ? AND topic = ?',
      ),
      last: this.db.prepare<[string], { last: number | null }>(
        'SELECT MAX("offset") AS last FROM bus_messages WHERE topic = ?',
      ),
      commit: this.db.prepare<[string, string, number]>(
        'INSERT INTO bus_offsets (group_id, topic, committed) VALUES (?, ?, ?) ON CONFLICT (group_id, topic) DO UPDATE SET committed = excluded.committed',
      ),
    };
    this.publishTx = this.db.transaction((topic: string, messages: OutgoingMessage[]) => {
      const timestamp = new Date().toISOString();
      return messages.map((m) => {
        const value = JSON.stringify(m.value ?? null);
        const info = this.stmts.insert.run(topic, m.key ?? null, value, timestamp);
        return { offset: Number(info.lastInsertRowid), topic, key: m.key ?? null, value, timestamp };
      });
    });
  }

  private signalOf(topic: string): AppendSignal {
    let signal = this.signals.get(topic);
    if (!signal) this.signals.set(topic, (signal = new AppendSignal()));
    return signal;
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    if (!this.db.open) throw new Error('bus closed');
    this.remember(this.publishTx.immediate(topic, messages));
    this.signalOf(topic).wake();
  }

  async subscribe(
    group: string,
    topic: string,
    handler: (batch: BusMessage[]) => Promise<void> | void,
    options: SubscribeOptions = {},
  ): Promise<BusSubscription> {
    if (!this.db.open) throw new Error('bus closed');
    const maxBatch = Math.max(1, options.maxBatch ?? 500);
    // a live group starts after the topic's last message and keeps its offset in memory only
    let live: number | null = options.fromNow ? (this.stmts.last.get(topic)?.last ?? 0) : null;
    const slot = `${group}\u0000${topic}`;
    const stopping = stopSignal();
    let started = false;

    const consume = async () => {
      started = true;
      let failures = 0;
      while (!stopping.stopped && this.db.open) {
        try {
          // the publishes seen so far: one made while the batch is handled ends the wait at once
          const seen = this.signalOf(topic).generation;
          const after = live ?? this.stmts.committed.get(group, topic)?.committed ?? 0;
          const batch = this.read(topic, after, maxBatch);
          if (batch.length > 0) {
            await handler(batch);
            if (!this.db.open) return; // closed while handling: the uncommitted batch comes again next time
            const last = batch[batch.length - 1].offset;
            if (live !== null) live = last;
            else this.stmts.commit.run(group, topic, last);
            failures = 0;
          }
          // a short batch was the end of the topic: wait for the next publish, not an empty read
          if (batch.length < maxBatch) await stopping.race(this.signalOf(topic).wait(IDLE_POLL_MS, seen));
        } catch (error) {
          // a failed handler or a storage hiccup: the same batch is read again, never skipped
          try {
            options.onError?.(error);
          } catch {
            // a failing error reporter must not end the consumer
          }
          failures++;
          await stopping.sleep(Math.min(25 * 2 ** failures, MAX_BACKOFF_MS));
        }
      }
    };

    // a standby starts once the consumer before it in this group has stopped
    const running = (this.lines.get(slot) ?? Promise.resolve()).then(consume);
    this.lines.set(slot, running);
    void running.finally(() => {
      if (this.lines.get(slot) === running) this.lines.delete(slot);
    });
    const consumer: Consumer = {
      stop: async () => {
        stopping.stop();
        this.consumers.delete(consumer);
        if (started) await running; // a standby that never ran has nothing to finish
      },
    };
    this.consumers.add(consumer);
    return consumer;
  }

  async lastOffset(topic: string): Promise<number> {
    if (!this.db.open) throw new Error('bus closed');
    return this.stmts.last.get(topic)?.last ?? -1;
  }

  private remember(rows: Row[]) {
    const last = this.recent.at(-1)?.offset;
    if (last !== undefined && rows[0].offset !== last + 1) this.recent = []; // another process published between
    this.recent.push(...rows);
    if (this.recent.length > RECENT_MESSAGES * 1.25) this.recent = this.recent.slice(-RECENT_MESSAGES);
  }

  /** the topic's messages after `after`: from the recent window when it covers them, else from the file */
  private rowsAfter(topic: string, after: number, limit: number): Row[] {
    const first = this.recent[0]?.offset;
    if (first === undefined || after + 1 < first) return this.fromFile(topic, after, limit);
    const rows: Row[] = [];
    for (let i = after + 1 - first; i < this.recent.length && rows.length < limit; i++)
      if (this.recent[i].topic === topic) rows.push(this.recent[i]);
    // none of the topic up to the window's end: what another process published after it is in the file
    return rows.length > 0 ? rows : this.fromFile(topic, Math.max(after, this.recent.at(-1)!.offset), limit);
  }

  private fromFile(topic: string, after: number, limit: number): Row[] {
    return this.stmts.read.all(topic, after, limit);
  }

  private read(topic: string, after: number, limit: number): BusMessage[] {
    return this.rowsAfter(topic, after, limit).map((r) => ({
      topic: r.topic,
      key: r.key,
      value: JSON.parse(r.value) as unknown,
      offset: r.offset,
      timestamp: r.timestamp,
    }));
  }

  trim(topic: string): Promise<void> {
    this.db.prepare('DELETE FROM bus_messages WHERE topic = ?').run(topic);
    this.recent = this.recent.filter((row) => row.topic !== topic);
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return Promise.resolve();
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    if (this.db.open) this.db.close();
  }
}
/* eslint-enable @typescript-eslint/require-await */

/** A flag plus a promise, so that a waiting or backing-off consumer notices stop() at once. */
function stopSignal() {
  let resolve!: () => void;
  const stopped = new Promise<void>((r) => (resolve = r));
  const signal = {
    stopped: false,
    stop() {
      signal.stopped = true;
      resolve();
    },
    race: (wait: Promise<void>) => Promise.race([wait, stopped]),
    sleep(ms: number) {
      let timer: NodeJS.Timeout | undefined;
      return signal
        .race(new Promise<void>((r) => (timer = setTimeout(r, ms))))
        .finally(() => clearTimeout(timer));
    },
  };
  return signal;
}
