import type Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import { openSqliteFile } from '../store/sqliteFile';
import { KEY_BYTES } from './cipher';
import type { PersonalKeyStore } from './keyStore';

const SECRET_SUBJECT = '~pseudonym-secret';

/**
 * The embedded key store: its own SQLite file beside the log (never inside it, or a copy of the
 * log would carry the keys). `secure_delete` overwrites a forgotten key's bytes in the file, and
 * the write-ahead log is checkpointed and truncated right after, so no copy of them is left in
 * either file.
 */
export class SqlitePersonalKeyStore implements PersonalKeyStore {
  readonly name = 'sqlite';
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(file: string) {
    this.db = openSqliteFile(file, 'FULL');
    this.db.pragma('secure_delete = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS personal_keys (
        key_id     TEXT PRIMARY KEY,
        subject    TEXT NOT NULL,
        key        BLOB NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS personal_keys_subject ON personal_keys (subject);`);
    this.stmts = {
      current: this.db.prepare<[string], { key_id: string; key: Buffer }>(
        'SELECT key_id, key FROM personal_keys WHERE subject = ? ORDER BY created_at DESC LIMIT 1',
      ),
      byId: this.db.prepare<[string], { subject: string; key: Buffer }>(
        'SELECT subject, key FROM personal_keys WHERE key_id = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO personal_keys (key_id, subject, key, created_at) VALUES (?, ?, ?, ?)',
      ),
      forget: this.db.prepare<[string]>('DELETE FROM personal_keys WHERE subject = ?'),
    };
  }

  private currentOrNew(subject: string) {
    return this.db
      .transaction(() => {
        const found = this.stmts.current.get(subject);
        if (found) return { keyId: found.key_id, key: found.key };
        const created = { keyId: randomUUID(), key: randomBytes(KEY_BYTES) };
        this.stmts.insert.run(created.keyId, subject, created.key, new Date().toISOString());
        return created;
      })
      .immediate();
  }

  // the port is asynchronous for the networked stores; this one answers at once
  keyFor(subject: string) {
    return Promise.resolve(this.currentOrNew(subject));
  }

  keyById(keyId: string) {
    return Promise.resolve(this.stmts.byId.get(keyId) ?? null);
  }

  forget(subject: string) {
    this.stmts.forget.run(subject);
    // the deleted page's old bytes may still sit in the write-ahead log: copy it in and empty it
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return Promise.resolve();
  }

  pseudonymSecret() {
    return Promise.resolve(this.currentOrNew(SECRET_SUBJECT).key);
  }

  close() {
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}
