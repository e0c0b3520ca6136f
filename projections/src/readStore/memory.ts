import { aggregate, Query } from 'mingo';
import { update as applyUpdate } from 'mingo/updater';
import { applySimpleUpdate, compileSimpleFilter } from './fastPath';
import { MemoryIndex } from './memoryIndex';
import { planRead, type Plan } from './memoryPlan';
import { Answers, cacheKey, project } from './memoryRead';
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
import { copy, equalityValues, setPath, sortComparator } from './values';

export type QueryStats = { index: string | null; examined: number };

/** Documents a collection takes when first used: a snapshot's frames, read a batch at a time. */
export type DocumentSource<T> = () => AsyncIterable<readonly T[]>;

/** What a collection's load needs of its store. */
type LoadHooks = {
  /** resolves once no load a reader waits on is under way, but the named collection's own */
  askedLoads(except: string): Promise<void>;
  /** a source that failed: the collection stays empty and says so (the snapshot's owner rebuilds it) */
  failed(collection: string, error: unknown): void;
};
const SEPARATE: LoadHooks = { askedLoads: () => Promise.resolve(), failed: () => {} };

/* eslint-disable @typescript-eslint/require-await -- the in-memory store answers at once behind an asynchronous port: its
   methods stay async so that a failure (a duplicate key, a filter it cannot read) is a rejection, as MongoDB's is */
/**
 * A collection in memory with MongoDB semantics: mingo decides what matches and how documents
 * change; declared indexes decide which documents are examined at all.
 */
export class MemoryCollection<T extends Doc = Doc> implements Collection<T> {
  private readonly docs = new Map<string, T>();
  private readonly indexes: MemoryIndex<T>[] = [];
  /** counts and pages by filter, until a write changes them: a listing page asks the same count for every page */
  private readonly answers = new Answers<T>();
  /** what the last read examined: for tests that check an index is used */
  lastQueryStats: QueryStats = { index: null, examined: 0 };

  /** the documents this collection is still to load (a snapshot's), and their load once begun */
  private source: DocumentSource<T> | null = null;
  private loading: Promise<void> | null = null;
  /** a reader (a request, an event) waits on the load: it goes on without giving way to others */
  private asked = false;

  constructor(
    readonly name: string,
    private readonly loads: LoadHooks = SEPARATE,
  ) {}

  /** how many documents the source holds, for an estimate that need not load them */
  private sourceCount = 0;

  /** Sets an empty collection to load `source` (`count` documents) when it is first used (or by `loadInBackground`). */
  loadLater(source: DocumentSource<T>, count: number): void {
    if (this.docs.size > 0) throw new Error(`${this.name}: a snapshot loads into an empty collection only`);
    this.source = source;
    this.sourceCount = count;
  }

  get pending(): boolean {
    return this.source !== null;
  }

  /** the load a reader waits on, while it runs */
  get askedLoad(): Promise<void> | null {
    return this.asked ? this.loading : null;
  }

  /** Loads what `loadLater` set, once however many ask; every method waits on it before anything else. */
  loadNow(): Promise<void> {
    if (!this.source) return Promise.resolve();
    this.asked = true;
    return this.startLoad(this.source);
  }

  /** Loads what `loadLater` set, giving way between batches to any load a reader waits on. */
  loadInBackground(): Promise<void> {
    return this.source ? this.startLoad(this.source) : Promise.resolve();
  }

  private startLoad(source: DocumentSource<T>) {
    this.loading ??= this.loadFrom(source).finally(() => {
      this.loading = null;
      this.asked = false;
    });
    return this.loading;
  }

  private async loadFrom(source: DocumentSource<T>) {
    const documents: T[] = [];
    let failure: { error: unknown } | null = null;
    try {
      for await (const batch of source()) {
        for (const doc of batch) documents.push(doc);
        if (!this.asked) await this.loads.askedLoads(this.name);
      }
    } catch (error) {
      failure = { error };
    }
    // dropped while loading: what was read is no longer this collection's
    if (this.source !== source) return;
    this.source = null;
    if (failure) this.loads.failed(this.name, failure.error);
    else this.load(documents);
  }

  async createIndex(spec: IndexSpec): Promise<string> {
    const index = new MemoryIndex<T>(spec);
    const existing = this.indexes.find((i) => i.name === index.name);
    if (existing) return existing.name;
    this.kept = null;
    // a collection still to load builds it after (a snapshot holds no duplicate keys): see load
    if (this.source) {
      index.stale = true;
      this.indexes.push(index);
      return index.name;
    }
    for (const doc of this.docs.values()) {
      if (index.unique && index.conflict(doc)) throw new DuplicateKeyError(this.name, index.name);
      index.add(doc);
    }
    this.indexes.push(index);
    return index.name;
  }

  /**
   * Matching documents (stored, not copies), sorted and paged, for reads. A catalogue is read far
   * more often than written: a repeated read is answered from the last answer until the next write
   * clears it. Writes find their targets uncached (`targets`).
   */
  private select(filter: Filter, options: FindOptions = {}, plan = () => this.plan(filter, options)): T[] {
    const alone = options.skip ? undefined : this.byIdAlone(filter);
    if (alone) return alone;
    // only pages are remembered: an unlimited answer can hold thousands of documents
    const filterKey = options.limit ? cacheKey(filter) : null;
    const pageKey = JSON.stringify([options.sort ?? null, options.skip ?? 0, options.limit ?? 0]);
    const cached = filterKey === null ? undefined : this.answers.page(filterKey, pageKey);
    if (cached) return cached;
    const selected = this.selectWith(plan(), options);
    if (filterKey !== null) this.answers.keepPage(filterKey, pageKey, selected);
    return selected;
  }

  private plan(filter: Filter, options: FindOptions = {}) {
    // a read that may use an index ends a deferral: the indexes it uses are built, and writes keep them again
    if (this.deferred && !('_id' in filter && equalityValues(filter._id))) this.deferred = false;
    return planRead(
      this.docs,
      this.indexes,
      filter,
      matcherFor,
      options.sort,
      Boolean(options.limit),
      this.prepare,
    );
  }

  /** what a plan calls before it uses an index: bound once, not made again for every read */
  private readonly prepare = (index: MemoryIndex<T>) => this.build(index);

  /** Fills an index writes have not kept (deferred, or never built since a load) from the documents. */
  private build(index: MemoryIndex<T>) {
    if (!index.stale) return;
    index.clear();
    for (const doc of this.docs.values()) index.add(doc);
    index.stale = false;
    this.kept = null;
  }

  private selectUncached(filter: Filter, options: FindOptions): T[] {
    return this.selectWith(this.plan(filter, options), options);
  }

  private selectWith(plan: Plan<T>, options: FindOptions): T[] {
    const skip = options.skip ?? 0;
    const wanted = options.limit ? skip + options.limit : Infinity;
    const compare = options.sort ? sortComparator(options.sort) : null;
    const compareFirst = options.sort ? sortComparator({ [Object.keys(options.sort)[0]]: 1 }) : null;
    // an unserved sort with a limit keeps only the best `wanted` so far: sorted and cut whenever the buffer doubles
    const trimAt = compare && !plan.sortServed && wanted < Infinity ? Math.max(2 * wanted, 256) : Infinity;
    const matched: T[] = [];
    plan.scan((doc) => {
      // once enough are found in index order, finish only the run of equal sort values (ties reorder by later keys)
      if (
        matched.length >= wanted &&
        (!compare ||
          plan.exactOrder ||
          (plan.sortServed && compareFirst!(matched[matched.length - 1], doc) !== 0))
      )
        return false;
      matched.push(doc);
      if (matched.length >= trimAt) {
        matched.sort(compare!); // stable: of equal documents the earlier found stay first, as a full sort would keep them
        matched.length = wanted;
      }
      return true;
    });
    this.lastQueryStats = { index: plan.index?.name ?? null, examined: plan.examined };
    if (compare && !plan.exactOrder) matched.sort(compare);
    return options.limit ? matched.slice(skip, skip + options.limit) : matched.slice(skip);
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    if (this.source) await this.loadNow();
    return this.output(this.select(filter, options), options);
  }

  /** Stored documents are frozen (see freezeNew), so a read hands them out as they are; a projection builds a new top level. */
  private output(found: T[], options: FindOptions): T[] {
    return options.projection ? found.map((doc) => project(doc, options.projection!) as T) : found.slice();
  }

  /** A page and the count of every match, from one plan of the query: its buckets are bound once for both. */
  async findPage(filter: Filter = {}, options: FindOptions = {}): Promise<{ items: T[]; total: number }> {
    if (this.source) await this.loadNow();
    let plan: Plan<T> | null = null;
    const once = () => (plan ??= this.plan(filter, options));
    const items = this.output(this.select(filter, options, once), options);
    return { items, total: this.count(filter, once) };
  }

  async scanNumbers(filter: Filter, fields: string[], visit: (batch: NumberBatch) => void): Promise<void> {
    if (this.source) await this.loadNow();
    const plan = this.plan(filter);
    plan.numbers(fields, visit);
    this.lastQueryStats = { index: plan.index?.name ?? null, examined: plan.examined };
  }

  async findOne(filter: Filter = {}, options: FindOptions = {}): Promise<T | null> {
    return (await this.find(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    if (this.source) await this.loadNow();
    return this.count(filter, () => this.plan(filter));
  }

  async estimatedCount(): Promise<number> {
    // the metrics' scrape: an estimate need not load a collection nobody has used yet
    return this.source ? this.sourceCount : this.docs.size;
  }

  private count(filter: Filter, planned: () => Plan<T>): number {
    const key = cacheKey(filter);
    const cached = key === null ? undefined : this.answers.count(key);
    if (cached !== undefined) return cached;
    const plan = planned();
    const count = plan.count();
    this.lastQueryStats = { index: plan.index?.name ?? null, examined: plan.examined };
    if (key !== null) this.answers.keepCount(key, count);
    return count;
  }

  /**
   * While deferred, writes keep only unique indexes (they refuse duplicates); the rest go stale and are
   * built again once, when resumed or when a read uses them.
   */
  private deferred = false;

  defer() {
    this.deferred = true;
  }

  /** Back to keeping every index on each write, after rebuilding the ones writes skipped. */
  resume() {
    this.deferred = false;
    for (const index of this.indexes) this.build(index);
  }

  /** the indexes writes keep, until an index is added, built or goes stale */
  private kept: MemoryIndex<T>[] | null = null;

  /** The indexes writes keep now: those built, and while deferred only the unique ones. */
  private maintained() {
    if (this.deferred)
      for (const index of this.indexes)
        if (!index.unique && !index.stale) {
          index.clear();
          index.stale = true;
          this.kept = null;
        }
    return (this.kept ??= this.indexes.filter((index) => !index.stale));
  }

  private store(doc: T, previous?: T) {
    const indexes = this.maintained();
    const moved = previous ? indexes.filter((index) => !index.unchanged(previous, doc)) : indexes;
    for (const index of moved) {
      if (index.conflict(doc)) throw new DuplicateKeyError(this.name, index.fields);
    }
    this.answers.changed(previous, doc);
    if (previous) {
      for (const index of moved) index.remove(previous._id);
      // the entries that stay point at the new version: scans read documents from the index
      for (const index of indexes) if (!moved.includes(index)) index.refresh(doc);
    }
    for (const index of moved) index.add(doc);
    this.docs.set(doc._id, freezeNew(doc));
  }

  async insertOne(document: T): Promise<void> {
    if (this.source) await this.loadNow();
    if (typeof document._id !== 'string') throw new Error(`${this.name}: documents need a string _id`);
    if (this.docs.has(document._id)) throw new DuplicateKeyError(this.name, { _id: document._id });
    this.store(copy(document));
  }

  /** One document by its id, as projections read on every event: a lookup, no plan and no cache; undefined for any other filter. */
  private byIdAlone(filter: Filter): T[] | undefined {
    if (typeof filter._id !== 'string' || Object.keys(filter).length !== 1) return undefined;
    const doc = this.docs.get(filter._id);
    return doc ? [doc] : [];
  }

  /**
   * The documents a write changes, uncached (the write clears the cache at once anyway). A projection's
   * guard — { _id, revision: { $lt: n } } — comes with every event of a replay: one lookup and one comparison.
   */
  private targets(filter: Filter, many: boolean): T[] {
    const guard = filter.revision as { $lt?: unknown } | undefined;
    const guarded =
      typeof guard === 'object' &&
      guard !== null &&
      Object.keys(guard).length === 1 &&
      typeof guard.$lt === 'number';
    if (typeof filter._id === 'string' && guarded && Object.keys(filter).length === 2) {
      const revision = this.docs.get(filter._id)?.revision;
      return typeof revision === 'number' && revision < (guard.$lt as number)
        ? [this.docs.get(filter._id)!]
        : [];
    }
    return this.byIdAlone(filter) ?? this.selectUncached(filter, many ? {} : { limit: 1 });
  }

  private updateMatching(
    filter: Filter,
    update: Update,
    options: UpdateOptions,
    many: boolean,
  ): UpdateResult {
    const targets = this.targets(filter, many);
    let modified = 0;
    const { $setOnInsert: _ignored, ...modifier } = update;
    for (const current of targets) {
      // the fast path copies only what it changes; mingo changes in place, so it gets a deep copy
      let next = { ...current };
      let changed = applySimpleUpdate(next, modifier);
      if (changed === null) {
        next = copy(current);
        changed = applyUpdate(next, modifier as never).length > 0;
      }
      if (!changed) continue;
      if (next._id !== current._id) throw new Error(`${this.name}: _id cannot change`);
      this.store(next, current);
      modified++;
    }
    if (targets.length > 0 || !options.upsert)
      return { matchedCount: targets.length, modifiedCount: modified, upsertedId: null };
    return { matchedCount: 0, modifiedCount: 0, upsertedId: this.upsert(filter, update) };
  }

  /** Builds the new document from the filter's equalities, then applies the update and $setOnInsert. */
  private upsert(filter: Filter, update: Update): string {
    const seed: Record<string, unknown> = {};
    for (const [path, condition] of Object.entries(filter)) {
      if (path.startsWith('$')) continue;
      const values = equalityValues(condition);
      if (values?.length === 1) setPath(seed, path, values[0]);
    }
    const { $setOnInsert, ...modifier } = update;
    if (applySimpleUpdate(seed, modifier) === null) applyUpdate(seed, modifier);
    if ($setOnInsert && applySimpleUpdate(seed, { $set: $setOnInsert }) === null)
      applyUpdate(seed, { $set: $setOnInsert });
    if (typeof seed._id !== 'string')
      throw new Error(`${this.name}: an upsert needs a string _id in its filter or update`);
    if (this.docs.has(seed._id)) throw new DuplicateKeyError(this.name, { _id: seed._id });
    this.store(seed as T);
    return seed._id;
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    if (this.source) await this.loadNow();
    return this.updateMatching(filter, update, options, false);
  }

  async updateMany(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    if (this.source) await this.loadNow();
    return this.updateMatching(filter, update, options, true);
  }

  async replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    if (this.source) await this.loadNow();
    const [current] = this.targets(filter, false);
    if (current) {
      this.store({ ...copy(replacement), _id: current._id }, current);
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
    }
    if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
    const id = replacement._id ?? (equalityValues(filter._id)?.[0] as string | undefined);
    await this.insertOne({ ...copy(replacement), _id: id });
    return { matchedCount: 0, modifiedCount: 0, upsertedId: id ?? null };
  }

  private remove(filter: Filter, many: boolean): DeleteResult {
    const targets = this.targets(filter, many);
    const indexes = this.maintained();
    for (const doc of targets) {
      this.answers.changed(doc, undefined);
      for (const index of indexes) index.remove(doc._id);
      this.docs.delete(doc._id);
    }
    return { deletedCount: targets.length };
  }

  async deleteOne(filter: Filter): Promise<DeleteResult> {
    if (this.source) await this.loadNow();
    return this.remove(filter, false);
  }

  async deleteMany(filter: Filter = {}): Promise<DeleteResult> {
    if (this.source) await this.loadNow();
    return this.remove(filter, true);
  }

  async bulkWrite(operations: BulkOperation<T>[]): Promise<BulkResult> {
    const result: BulkResult = {
      insertedCount: 0,
      matchedCount: 0,
      modifiedCount: 0,
      deletedCount: 0,
      upsertedCount: 0,
    };
    const count = (r: UpdateResult) => {
      result.matchedCount += r.matchedCount;
      result.modifiedCount += r.modifiedCount;
      if (r.upsertedId !== null) result.upsertedCount++;
    };
    for (const op of operations) {
      if ('insertOne' in op) {
        await this.insertOne(op.insertOne.document);
        result.insertedCount++;
      } else if ('updateOne' in op)
        count(await this.updateOne(op.updateOne.filter, op.updateOne.update, op.updateOne));
      else if ('updateMany' in op)
        count(await this.updateMany(op.updateMany.filter, op.updateMany.update, op.updateMany));
      else if ('replaceOne' in op)
        count(await this.replaceOne(op.replaceOne.filter, op.replaceOne.replacement, op.replaceOne));
      else if ('deleteOne' in op)
        result.deletedCount += (await this.deleteOne(op.deleteOne.filter)).deletedCount;
      else result.deletedCount += (await this.deleteMany(op.deleteMany.filter)).deletedCount;
    }
    return result;
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    if (this.source) await this.loadNow();
    const first = pipeline[0];
    const source = first && '$match' in first ? this.select(first.$match as Filter) : [...this.docs.values()];
    return copy(aggregate(source, first && '$match' in first ? pipeline.slice(1) : pipeline) as R[]);
  }

  /**
   * The stored documents, as they are: a write replaces a frozen document and never changes one, so a
   * snapshot can keep this array and serialize it bit by bit while writes go on.
   */
  documents(): readonly T[] {
    if (this.source) throw new Error(`${this.name}: not loaded from its snapshot yet (await loadNow())`);
    return [...this.docs.values()];
  }

  /**
   * Puts a snapshot's documents into an empty collection: no copy (they are fresh from the file), frozen
   * as every stored document.
   */
  private load(documents: readonly T[]): void {
    if (this.docs.size > 0) throw new Error(`${this.name}: a snapshot loads into an empty collection only`);
    for (const doc of documents) this.docs.set(doc._id, freezeNew(doc));
    // unique indexes refuse duplicates from the next write on; the others are built when a read first uses them
    for (const index of this.indexes) {
      index.stale = true;
      if (index.unique) this.build(index);
    }
    this.kept = null;
    this.answers.clear();
  }

  async drop(): Promise<void> {
    this.source = null;
    this.docs.clear();
    this.answers.clear();
    for (const index of this.indexes) {
      index.clear();
      index.stale = false;
    }
    this.kept = null;
  }
}

/** The fast path where it applies, mingo where it does not (and for any document it cannot judge). */
function matcherFor(filter: Filter): (doc: Doc) => boolean {
  const simple = compileSimpleFilter(filter);
  let query: Query | null = null;
  const full = (doc: Doc) => (query ??= new Query(filter, {})).test(doc);
  if (!simple) return full;
  return (doc) => simple(doc) ?? full(doc);
}

/**
 * Freezes a document about to be stored, and every object in it not frozen yet. An update copies only the
 * objects on its changed paths and shares the rest with the previous version, which is frozen already, so
 * this walks just the new parts. Frozen documents can be handed to readers without a copy: a reader that
 * tries to change one gets a TypeError instead of changing the store.
 */
function freezeNew<D>(value: D): D {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) freezeNew(item);
  else for (const key in value) freezeNew((value as Record<string, unknown>)[key]);
  return value;
}

/** The embedded read store: collections live in this process's memory. */
export class MemoryReadStore implements ReadStore {
  readonly name = 'memory';
  private readonly collections = new Map<string, MemoryCollection<Doc>>();
  private deferring = false;
  /** told of a collection whose snapshot could not be loaded (it stays empty) */
  loadFailed: (collection: string, error: unknown) => void = () => {};

  collection<T extends Doc = Doc>(name: string): Collection<T> & MemoryCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      this.collections.set(
        name,
        (collection = new MemoryCollection(name, {
          askedLoads: (except) => this.askedLoads(except),
          failed: (failed, error) => this.loadFailed(failed, error),
        })),
      );
      if (this.deferring) collection.defer();
    }
    return collection as unknown as Collection<T> & MemoryCollection<T>;
  }

  /**
   * For a replay of the log: writes skip the non-unique indexes, which are built once at the end (or at the
   * first read that needs one). Keeping nine catalogue indexes through every event of a listing's history
   * cost more than building them once from the final documents.
   */
  deferIndexes() {
    this.deferring = true;
    for (const collection of this.collections.values()) collection.defer();
  }

  /**
   * Loads every collection still to load from a snapshot, one after another, giving way to any collection
   * a request or an event needs meanwhile: what is asked for loads first.
   */
  async loadPending(): Promise<void> {
    for (const collection of [...this.collections.values()]) await collection.loadInBackground();
  }

  /** Resolves once no load a reader waits on is under way, but the `except` collection's own. */
  private async askedLoads(except: string): Promise<void> {
    const asked = () =>
      [...this.collections.values()].flatMap((c) => (c.name === except ? [] : (c.askedLoad ?? [])));
    for (let loads = asked(); loads.length > 0; loads = asked()) await Promise.all(loads);
  }

  resumeIndexes() {
    this.deferring = false;
    for (const collection of this.collections.values()) collection.resume();
  }

  async close(): Promise<void> {
    this.collections.clear();
  }
}
/* eslint-enable @typescript-eslint/require-await */
