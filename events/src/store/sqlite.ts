import type Database from 'better-sqlite3';
import type { NewEvent, StoredEvent } from '../envelope';
import {
  PartialDuplicateAppendError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type SubscriptionOptions,
} from './port';
import { AppendSignal, pollingSubscription } from './pollingSubscription';

import { openSqliteFile, type SqliteDurability } from './sqliteFile';

export type { SqliteDurability };

/** how many of this process's newest appended rows `readAll` serves without a query */
const RECENT_ROWS = 4096;

/** A row as an array in COLUMNS order: better-sqlite3's raw mode skips building an object per row (a replay reads 100,000). */
type Row = [
  position: number,
  eventId: string,
  streamId: string,
  revision: number,
  type: string,
  schemaVersion: number,
  data: string,
  metadata: string,
  occurredAt: string,
];
const COLUMNS = 'position, event_id, stream_id, revision, type, schema_version, data, metadata, occurred_at';

const toStored = ([
  position,
  eventId,
  streamId,
  revision,
  type,
  schemaVersion,
  data,
  metadata,
  occurredAt,
]: Row): StoredEvent => ({
  position,
  eventId,
  streamId,
  revision,
  type,
  schemaVersion,
  data: JSON.parse(data),
  metadata: JSON.parse(metadata) as StoredEvent['metadata'],
  occurredAt,
});

/* eslint-disable @typescript-eslint/require-await -- SQLite (better-sqlite3 is synchronous) answers at once behind an asynchronous port: its
   methods stay async so that a failure (a conflict, a closed file) is a rejection, as KurrentDB's is */
/**
 * The embedded event store: one SQLite file in WAL mode. Appends are one transaction each;
 * the (stream_id, revision) unique key is the last line of defence for optimistic concurrency.
 */
export class SqliteEventStore implements EventStore {
  readonly name = 'sqlite';
  private readonly db: Database.Database;
  private readonly signal = new AppendSignal();
  private readonly appendTx: Database.Transaction<
    (streamId: string, events: NewEvent[], expected: ExpectedRevision) => AppendResult & { rows: Row[] }
  >;
  /**
   * The rows this process appended last, with no gap between their positions: the subscribers in
   * this process, woken by each append, read them from here instead of querying the file again.
   * An append by another process sharing the file leaves a gap, and the rows before it are
   * dropped, so a read reaching the gap goes to the file (positions are AUTOINCREMENT: no gaps of
   * their own).
   */
  private recent: Row[] = [];
  private readonly stmts;

  constructor(file: string, durability: SqliteDurability = 'NORMAL') {
    this.db = openSqliteFile(file, durability);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position       INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id       TEXT NOT NULL UNIQUE,
        stream_id      TEXT NOT NULL,
        revision       INTEGER NOT NULL,
        type           TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        data           TEXT NOT NULL,
        metadata       TEXT NOT NULL,
        occurred_at    TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      );`);
    this.stmts = {
      lastRevision: this.db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
      ),
      byEventId: this.db.prepare<[string], { position: number; stream_id: string }>(
        'SELECT position, stream_id FROM events WHERE event_id = ?',
      ),
      insert: this.db.prepare(
        `INSERT INTO events (event_id, stream_id, revision, type, schema_version, data, metadata, occurred_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      readStream: this.db
        .prepare<[string, number, number], Row>(
          `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
        )
        .raw(true),
      readAll: this.db
        .prepare<[number, number], Row>(
          `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
        )
        .raw(true),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
    this.appendTx = this.db.transaction(
      (streamId: string, events: NewEvent[], expected: ExpectedRevision) => {
        const last = this.stmts.lastRevision.get(streamId)?.revision ?? null;
        const stored = events.map((e) => this.stmts.byEventId.get(e.eventId));
        if (stored.every(Boolean) && events.length > 0) {
          // an idempotent retry of an append that already succeeded
          return {
            nextExpectedRevision: last ?? -1,
            position: Math.max(...stored.map((s) => s!.position)),
            rows: [],
          };
        }
        if (stored.some(Boolean)) throw new PartialDuplicateAppendError(streamId);
        checkExpected(streamId, expected, last);
        let revision = last ?? -1;
        let position = 0;
        const rows: Row[] = [];
        for (const e of events) {
          revision++;
          // the row as it is stored, less the position the insert gives it
          const values = [
            e.eventId,
            streamId,
            revision,
            e.type,
            e.schemaVersion,
            JSON.stringify(e.data),
            JSON.stringify(e.metadata),
            e.occurredAt,
          ] as const;
          position = Number(this.stmts.insert.run(...values).lastInsertRowid);
          rows.push([position, ...values]);
        }
        return { nextExpectedRevision: revision, position, rows };
      },
    );
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) {
      const last = this.stmts.lastRevision.get(streamId)?.revision ?? null;
      checkExpected(streamId, expected, last);
      return { nextExpectedRevision: last ?? -1, position: await this.headPosition() };
    }
    const { rows, ...result } = this.appendTx.immediate(streamId, events, expected);
    this.remember(rows);
    this.signal.wake();
    return result;
  }

  async readStream(streamId: string, fromRevision = 0, maxCount?: number): Promise<StoredEvent[]> {
    // LIMIT -1: every row
    return this.stmts.readStream.all(streamId, fromRevision, maxCount ?? -1).map(toStored);
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const first = this.recent.length ? this.recent[0][0] : 0;
    const last = this.recent.length ? this.recent[this.recent.length - 1][0] : 0;
    if (this.recent.length && afterPosition + 1 >= first && afterPosition < last) {
      const at = afterPosition + 1 - first;
      return this.recent.slice(at, at + limit).map(toStored);
    }
    return this.stmts.readAll.all(afterPosition, limit).map(toStored);
  }

  private remember(rows: Row[]) {
    if (rows.length === 0) return;
    const last = this.recent.length ? this.recent[this.recent.length - 1][0] : null;
    if (last !== null && rows[0][0] !== last + 1) this.recent = []; // another process appended between
    this.recent.push(...rows);
    // trimmed in chunks: the copy is paid once per quarter of the window
    if (this.recent.length > RECENT_ROWS * 1.25) this.recent = this.recent.slice(-RECENT_ROWS);
  }

  async headPosition(): Promise<number> {
    return this.stmts.head.get()?.position ?? 0;
  }

  subscribe(
    afterPosition: number,
    handler: (event: StoredEvent) => Promise<void> | void,
    options?: SubscriptionOptions,
  ) {
    return pollingSubscription(
      (after, limit) => this.readAll(after, limit),
      this.signal,
      afterPosition,
      handler,
      options,
    );
  }

  async close(): Promise<void> {
    this.signal.wake();
    if (this.db.open) this.db.close();
  }
}
/* eslint-enable @typescript-eslint/require-await */

function checkExpected(streamId: string, expected: ExpectedRevision, last: number | null) {
  if (expected === 'any') return;
  if (expected === 'no-stream') {
    if (last !== null) throw new WrongExpectedRevisionError(streamId, expected, last);
    return;
  }
  if (last !== expected) throw new WrongExpectedRevisionError(streamId, expected, last ?? 'no-stream');
}
