import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** How much a commit waits for the disk: NORMAL survives a crash of the process, FULL one of the machine. */
export type SqliteDurability = 'NORMAL' | 'FULL';

/**
 * A SQLite file as the project's stores keep one (the event log, the bus, the jobs, the reactors'
 * checkpoints): its folder made, a write-ahead log, so readers never wait for the writer, and a wait
 * of up to 5 s for another process's write lock instead of failing at once.
 */
export function openSqliteFile(file: string, durability: SqliteDurability = 'NORMAL'): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability}`);
  db.pragma('busy_timeout = 5000');
  return db;
}
