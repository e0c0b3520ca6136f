import type Database from 'better-sqlite3';
import { openSqliteFile } from '@estate/events/store/sqliteFile';
import type { ReadStore } from '@estate/projections';

/**
 * Where each reactor keeps the log position it has reacted up to. Unlike a projection's checkpoint
 * it must outlive a restart even in embedded mode (the read models there are rebuilt from zero, a
 * sent SMS is not): SQLite beside the event log, or the read store when that is MongoDB.
 */
export interface CheckpointStore {
  readonly name: string;
  get(reactor: string): Promise<number | null>;
  set(reactor: string, position: number): Promise<void>;
  close(): Promise<void>;
}

export class SqliteCheckpointStore implements CheckpointStore {
  readonly name = 'sqlite';
  private readonly db: Database.Database;
  private readonly read;
  private readonly write;

  constructor(file: string) {
    this.db = openSqliteFile(file);
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS reactor_checkpoints (reactor TEXT PRIMARY KEY, position INTEGER NOT NULL)',
    );
    this.read = this.db.prepare<[string], { position: number }>(
      'SELECT position FROM reactor_checkpoints WHERE reactor = ?',
    );
    this.write = this.db.prepare<[string, number]>(
      'INSERT INTO reactor_checkpoints (reactor, position) VALUES (?, ?) ON CONFLICT (reactor) DO UPDATE SET position = excluded.position',
    );
  }

  // SQLite answers at once; the port is asynchronous for stores that call out
  get(reactor: string) {
    return Promise.resolve(this.read.get(reactor)?.position ?? null);
  }

  set(reactor: string, position: number) {
    this.write.run(reactor, position);
    return Promise.resolve();
  }

  close() {
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}

type CheckpointDocument = { _id: string; position: number };

/** In a durable read store (MongoDB): one document per reactor. */
export class ReadStoreCheckpointStore implements CheckpointStore {
  readonly name = 'read-store';
  constructor(private readonly store: ReadStore) {}

  private get collection() {
    return this.store.collection<CheckpointDocument>('reactor_checkpoints');
  }

  async get(reactor: string) {
    return (await this.collection.findOne({ _id: reactor }))?.position ?? null;
  }

  async set(reactor: string, position: number) {
    await this.collection.replaceOne({ _id: reactor }, { _id: reactor, position }, { upsert: true });
  }

  async close() {
    // the read store is closed by its owner
  }
}
