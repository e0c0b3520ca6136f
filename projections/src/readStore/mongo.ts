import {
  MongoClient,
  MongoServerError,
  type Collection as MongoCollection,
  type Db,
  type Document,
} from 'mongodb';
import {
  DuplicateKeyError,
  type BulkOperation,
  type BulkResult,
  type Collection,
  type DeleteResult,
  type Doc,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type NumberBatch,
  type ReadStore,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from './port';
import { getPath } from './values';

/** documents a scan of numbers holds at once */
const BATCH = 1000;

// our documents have string ids; the driver's default typing expects ObjectId, hence the casts below
/** MongoDB's own E11000 leaves as the port's DuplicateKeyError, so callers see one error type. */
async function translate<T>(collection: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000)
      throw new DuplicateKeyError(collection, error.keyValue ?? error.message);
    throw error;
  }
}

class MongoCollectionAdapter<T extends Doc> implements Collection<T> {
  constructor(private readonly collection: MongoCollection<Document>) {}

  get name() {
    return this.collection.collectionName;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return (await this.collection
      .find(filter, {
        sort: options.sort,
        skip: options.skip,
        limit: options.limit,
        projection: options.projection,
      })
      .toArray()) as unknown as T[];
  }

  async findOne(filter: Filter = {}, options: FindOptions = {}): Promise<T | null> {
    return (await this.collection.findOne(filter, {
      sort: options.sort,
      skip: options.skip,
      projection: options.projection,
    })) as unknown as T | null;
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.collection.countDocuments(filter);
  }

  estimatedCount(): Promise<number> {
    return this.collection.estimatedDocumentCount();
  }

  async scanNumbers(filter: Filter, fields: string[], visit: (batch: NumberBatch) => void): Promise<void> {
    const projection = Object.fromEntries(fields.map((field) => [field, 1]));
    const ids: string[] = [];
    const batch: NumberBatch = {
      count: 0,
      values: fields.map(() => new Float64Array(BATCH)),
      id: (k) => ids[k],
    };
    for await (const doc of this.collection.find(filter, { projection, batchSize: BATCH })) {
      fields.forEach((field, j) => {
        const value = getPath(doc, field);
        batch.values[j][batch.count] = typeof value === 'number' ? value : NaN;
      });
      ids[batch.count++] = doc._id as unknown as string;
      if (batch.count === BATCH) {
        visit(batch);
        batch.count = 0;
      }
    }
    if (batch.count > 0) visit(batch);
  }

  async findPage(filter: Filter = {}, options: FindOptions = {}): Promise<{ items: T[]; total: number }> {
    const [items, total] = await Promise.all([this.find(filter, options), this.countDocuments(filter)]);
    return { items, total };
  }

  async insertOne(document: T): Promise<void> {
    await translate(this.name, () => this.collection.insertOne({ ...document } as unknown as Document));
  }

  private result(r: {
    matchedCount: number;
    modifiedCount: number;
    /** an ObjectId or the document's own id */
    upsertedId?: { toString(): string } | null;
  }): UpdateResult {
    return {
      matchedCount: r.matchedCount,
      modifiedCount: r.modifiedCount,
      upsertedId: r.upsertedId == null ? null : r.upsertedId.toString(),
    };
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.result(
      await translate(this.name, () => this.collection.updateOne(filter, update, { upsert: options.upsert })),
    );
  }

  async updateMany(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.result(
      await translate(this.name, () =>
        this.collection.updateMany(filter, update, { upsert: options.upsert }),
      ),
    );
  }

  async replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const { _id: _ignored, ...body } = replacement;
    return this.result(
      await translate(this.name, () => this.collection.replaceOne(filter, body, { upsert: options.upsert })),
    );
  }

  async deleteOne(filter: Filter): Promise<DeleteResult> {
    return { deletedCount: (await this.collection.deleteOne(filter)).deletedCount };
  }

  async deleteMany(filter: Filter = {}): Promise<DeleteResult> {
    return { deletedCount: (await this.collection.deleteMany(filter)).deletedCount };
  }

  async bulkWrite(operations: BulkOperation<T>[]): Promise<BulkResult> {
    if (operations.length === 0)
      return { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
    const r = await translate(this.name, () =>
      this.collection.bulkWrite(operations as never, { ordered: true }),
    );
    return {
      insertedCount: r.insertedCount,
      matchedCount: r.matchedCount,
      modifiedCount: r.modifiedCount,
      deletedCount: r.deletedCount,
      upsertedCount: r.upsertedCount,
    };
  }

  createIndex(spec: IndexSpec): Promise<string> {
    return translate(this.name, () =>
      this.collection.createIndex(spec.key, { name: spec.name, unique: spec.unique }),
    );
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    return (await this.collection.aggregate(pipeline).toArray()) as R[];
  }

  async drop(): Promise<void> {
    await this.collection.drop().catch((error: unknown) => {
      if (!(error instanceof MongoServerError && (error.code === 26 || /ns not found/.test(error.message))))
        throw error;
    });
  }
}

/** The production read store: MongoDB through the official driver, with the indexes each read model declares. */
export class MongoReadStore implements ReadStore {
  readonly name = 'mongodb';
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName?: string): Promise<MongoReadStore> {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
    return new MongoReadStore(client, client.db(dbName));
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollectionAdapter<T>(this.db.collection(name));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
