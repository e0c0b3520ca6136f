import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppendSignal } from '@estate/events';
import type { Bus, BusMessage, BusSubscription, SubscribeOptions } from './port';

type Row = { offset: number; topic: string; key: string | null; value: string; timestamp: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded bus: durable, in a SQLite file (it may be the event log's file: its tables are its own).
 * Read models rebuilt at start find every message again; groups keep their offsets across restarts.
 * One consumer per group and topic runs at a time in a process; a second one waits as a standby.
 */
export class SqliteBus implements Bus {
  readonly name = 'sqlite';
  private readonly db: Database.Database;
  private readonly signal = new AppendSignal();
  private readonly consumers = new Map<string, Promise<void>>();
  private readonly stmts;
  private readonly publishTx: Database.Transaction<(topic: string, messages: { key?: string | null; value: unknown }[]) => void>;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
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
      insert: this.db.prepare('INSERT INTO bus_messages (topic, key, value, timestamp) VALUES (?, ?, ?, ?)'),
      read: this.db.prepare<[string, number, number], Row>('SELECT "offset", topic, key, value, timestamp FROM bus_messages WHERE topic = ? AND "offset" > ? ORDER BY "offset" LIMIT ?'),
      committed: this.db.prepare<[string, string], { committed: number }>('SELECT committed FROM bus_offsets WHERE group_id = ? AND topic = ?'),
      commit: this.db.prepare('INSERT INTO bus_offsets (group_id, topic, committed) VALUES (?, ?, ?) ON CONFLICT (group_id, topic) DO UPDATE SET committed = excluded.committed'),
    };
    this.publishTx = this.db.transaction((topic, messages) => {
      const timestamp = new Date().toISOString();
      for (const m of messages) this.stmts.insert.run(topic, m.key ?? null, JSON.stringify(m.value), timestamp);
    });
  }

  async publish(topic: string, messages: { key?: string | null; value: unknown }[]): Promise<void> {
    if (messages.length === 0) return;
    this.publishTx(topic, messages);
    this.signal.wake();
  }

  async subscribe(group: string, topic: string, handler: (batch: BusMessage[]) => Promise<void>, options: SubscribeOptions = {}): Promise<BusSubscription> {
    const maxBatch = options.maxBatch ?? 500;
    const slot = `${group}\u0000${topic}`;
    let stopped = false;
    let started = false;
    const consume = async () => {
      started = true;
      let failures = 0;
      while (!stopped && this.db.open) {
        const after = this.stmts.committed.get(group, topic)?.committed ?? 0;
        const rows = this.stmts.read.all(topic, after, maxBatch);
        if (rows.length === 0) {
          await this.signal.wait(200);
          continue;
        }
        const batch: BusMessage[] = rows.map((r) => ({ topic: r.topic, key: r.key, value: JSON.parse(r.value), offset: r.offset, timestamp: r.timestamp }));
        try {
          await handler(batch);
          if (!this.db.open) return; // closed while handling: the batch comes again next time
          this.stmts.commit.run(group, topic, batch[batch.length - 1].offset);
          failures = 0;
        } catch (error) {
          options.onError?.(error);
          await sleep(Math.min(25 * 2 ** ++failures, 2000));
        }
      }
    };
    // a standby starts once the consumer before it in this group has stopped
    const running = (this.consumers.get(slot) ?? Promise.resolve()).then(consume);
    this.consumers.set(slot, running);
    const signal = this.signal;
    return {
      async stop() {
        stopped = true;
        signal.wake();
        if (started) await running; // a standby that never ran has nothing to finish
      },
    };
  }

  async close(): Promise<void> {
    this.signal.wake();
    if (this.db.open) this.db.close();
  }
}
