/**
 * The read-store port: the subset of MongoDB's collection API that projections and queries use.
 * The embedded adapter (in memory, mingo semantics, declared indexes) and the MongoDB adapter
 * must both pass `readStoreContract`.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
/** An update document made of operators: $set, $inc, $push, $pull, $unset, $setOnInsert, $addToSet, $max, $min */
export type Update = Record<string, Record<string, unknown>>;
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

/**
 * Some matches' numbers: `values[j][k]` is field j of match k < count, and `id(k)` its _id. The arrays are
 * the store's again once the visitor returns: keep numbers and ids, never the batch.
 */
export type NumberBatch = { count: number; values: Float64Array[]; id: (k: number) => string };

export type FindOptions = { sort?: Sort; skip?: number; limit?: number; projection?: Projection };
export type UpdateOptions = { upsert?: boolean };
export type UpdateResult = { matchedCount: number; modifiedCount: number; upsertedId: string | null };
export type DeleteResult = { deletedCount: number };

/**
 * A compound index as a read model declares it: equality fields first, then at most one key
 * that is sorted on or searched by range. `unique` refuses a second document with the same key.
 */
export type IndexSpec = { key: Record<string, 1 | -1>; name?: string; unique?: boolean };

export type BulkOperation<T extends Doc = Doc> =
  | { insertOne: { document: T } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export type BulkResult = {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  deletedCount: number;
  upsertedCount: number;
};

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter?: Filter, options?: FindOptions): Promise<T | null>;
  countDocuments(filter?: Filter): Promise<number>;
  /** how many documents the collection holds, from the engine's own statistics, without a scan (metrics) */
  estimatedCount?(): Promise<number>;
  /** find and countDocuments of one filter together: a listing page and its total (one plan in the embedded store) */
  findPage(filter?: Filter, options?: FindOptions): Promise<{ items: T[]; total: number }>;
  /**
   * The matches' numeric fields (NaN: null, missing or not a number), given to `visit` a batch at a time
   * in no set order: thousands of points (a map's) read without a document or an array of them each.
   */
  scanNumbers(filter: Filter, fields: string[], visit: (batch: NumberBatch) => void): Promise<void>;
  /** refuses a duplicate _id (or unique index key) with DuplicateKeyError */
  insertOne(document: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<DeleteResult>;
  deleteMany(filter?: Filter): Promise<DeleteResult>;
  /** applies the operations in order; stops at the first failure (ordered, as MongoDB's default) */
  bulkWrite(operations: BulkOperation<T>[]): Promise<BulkResult>;
  createIndex(spec: IndexSpec): Promise<string>;
  aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  drop(): Promise<void>;
}

export interface ReadStore {
  readonly name: string;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** optional, for a replay: indexes may be built once at the end instead of kept through every write (results stay the same) */
  deferIndexes?(): void;
  resumeIndexes?(): void;
  close(): Promise<void>;
}

/** Same meaning as MongoDB's E11000: a unique key (the _id, or a unique index) is taken. */
export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(collection: string, key: unknown) {
    super(`duplicate key in ${collection}: ${JSON.stringify(key)}`);
    this.name = 'DuplicateKeyError';
  }
}
