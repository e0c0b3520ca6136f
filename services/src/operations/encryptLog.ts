import type Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  PersonalDataEventStore,
  SqliteEventStore,
  SqlitePersonalKeyStore,
  type StoredEvent,
} from '@estate/events';
import { openSqliteFile } from '@estate/events/store/sqliteFile';
import { dropSnapshots } from '@estate/projections';
import { CHAT_LIVE_TOPIC } from '../chats';
import { SqliteBus } from '../core/bus/sqlite';
import { SqliteJobQueue } from '../core/jobs/sqlite';

export type EncryptionReport = { events: number; encrypted: number; streamsRenamed: number };

const BATCH = 1000;
const sidecars = (file: string) => [`${file}-wal`, `${file}-shm`];

/**
 * Brings an embedded log written before personal data was encrypted to the current form, by copy
 * and replace: every event is copied in order into a new file — same position, id, revision, type,
 * version, metadata and time — with its declared personal fields encrypted under their person's key
 * (DATA_DIR/keys.sqlite, created as needed) and a phone's stream id (`phone-7…`) written as its
 * keyed hash; the new file then replaces the old one, so nothing of the old file is left beside it.
 * The reactors' and the forwarder's checkpoints stay valid (positions are kept). Events already
 * encrypted are copied as they are: running it twice changes nothing. Also drops what the other
 * embedded files kept in clear: the chat pushes on the bus, finished jobs' data, read-model
 * snapshots. The server must be stopped while it runs.
 */
export async function encryptExistingLog(dataDir: string): Promise<EncryptionReport> {
  const file = join(dataDir, 'events.sqlite');
  if (!existsSync(file)) throw new Error(`no event log at ${file}`);
  const next = `${file}.encrypting`;
  for (const stale of [next, ...sidecars(next)]) rmSync(stale, { force: true });
  const source = new SqliteEventStore(file);
  const personal = new PersonalDataEventStore(
    source,
    new SqlitePersonalKeyStore(join(dataDir, 'keys.sqlite')),
  );
  const target = eventFileCopy(next);
  const report: EncryptionReport = { events: 0, encrypted: 0, streamsRenamed: 0 };
  try {
    for (let after = 0; ;) {
      const batch = await source.readAll(after, BATCH);
      if (batch.length === 0) break;
      const sealed: StoredEvent[] = [];
      for (const event of batch) {
        const encrypted = await personal.encrypt(event);
        const streamId = await personal.pseudonym(event.streamId);
        if (JSON.stringify(encrypted.data) !== JSON.stringify(event.data)) report.encrypted++;
        if (streamId !== event.streamId) report.streamsRenamed += event.revision === 0 ? 1 : 0;
        sealed.push({ ...encrypted, streamId });
      }
      target.copy(sealed);
      report.events += batch.length;
      after = batch[batch.length - 1].position;
    }
    const head = await source.headPosition();
    const copied = target.db
      .prepare<[], { n: number; head: number | null }>(
        'SELECT COUNT(*) AS n, MAX(position) AS head FROM events',
      )
      .get();
    if (copied?.n !== report.events || (copied.head ?? 0) !== head)
      throw new Error(
        `copy incomplete: ${copied?.n} of ${report.events} events, head ${copied?.head} of ${head}`,
      );
  } finally {
    target.db.close();
    await personal.close();
  }
  // the old file goes as a whole: its pages held the fields in clear
  for (const sidecar of sidecars(file)) rmSync(sidecar, { force: true });
  renameSync(next, file);
  for (const sidecar of sidecars(next)) rmSync(sidecar, { force: true });
  await scrubSideFiles(dataDir);
  return report;
}

/**
 * A new event file written row by row as given, positions included (a copy of another log): the
 * schema as the store makes it, then one transaction per batch.
 */
export function eventFileCopy(file: string): {
  db: Database.Database;
  copy: (rows: StoredEvent[]) => void;
} {
  const make = new SqliteEventStore(file);
  void make.close();
  const db = openSqliteFile(file, 'FULL');
  const insert = db.prepare(
    `INSERT INTO events (position, event_id, stream_id, revision, type, schema_version, data, metadata, occurred_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const copy = db.transaction((rows: StoredEvent[]) => {
    for (const e of rows)
      insert.run(
        e.position,
        e.eventId,
        e.streamId,
        e.revision,
        e.type,
        e.schemaVersion,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        e.occurredAt,
      );
  });
  return { db, copy };
}

async function scrubSideFiles(dataDir: string) {
  const busFile = join(dataDir, 'bus.sqlite');
  if (existsSync(busFile)) {
    const bus = new SqliteBus(busFile);
    await bus.trim(CHAT_LIVE_TOPIC);
    await bus.close();
  }
  const jobsFile = join(dataDir, 'jobs.sqlite');
  if (existsSync(jobsFile)) {
    const jobs = new SqliteJobQueue(jobsFile);
    await jobs.compact();
    await jobs.close();
  }
  dropSnapshots(dataDir);
}
