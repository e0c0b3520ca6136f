import BTreeModule from 'sorted-btree';
import type { Filter, IndexSpec } from './port';
import { compareValues, equalityValues, getPath, isPlainValue } from './values';

// sorted-btree is CommonJS with an `exports.default`: Node's ESM loader hands over the whole exports object
const BTree: typeof BTreeModule = (BTreeModule as unknown as { default?: typeof BTreeModule }).default ?? BTreeModule;

/** `doc` is the stored document, kept current by `refresh`, so a scan needs no lookup by id. */
type Entry<D = Record<string, unknown>> = { value: unknown; id: string; doc: D };

/** Sorted by the key's value, then by _id; an empty id sorts before every real one (a probe). */
const compareEntries = (a: Entry, b: Entry) => compareValues(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
type Bucket = BTreeModule<Entry, true>;
/** An id that sorts before (FIRST) or after (LAST) every real id: the probes at a range's ends. */
const FIRST = '';
const LAST = '\uffff';

export type Range = { lower?: { value: unknown; inclusive: boolean }; upper?: { value: unknown; inclusive: boolean } };
/** Answers false to stop a scan. */
export type Visit<D> = (doc: D) => boolean;

/**
 * A compound index as MongoDB uses one for equality-then-range queries: documents are grouped in
 * buckets by the values of the leading (equality) fields, and each bucket is kept sorted by the last
 * key. A document whose indexed field holds an array is kept aside and always examined.
 */
export class MemoryIndex<D extends Record<string, unknown> & { _id: string } = Record<string, unknown> & { _id: string }> {
  readonly name: string;
  readonly equalityFields: string[];
  readonly sortField: string;
  readonly unique: boolean;
  private readonly buckets = new Map<string, Bucket>();
  private readonly placement = new Map<string, { bucket: string; entry: Entry }>();
  readonly unindexed = new Set<string>();

  constructor(spec: IndexSpec) {
    const fields = Object.keys(spec.key);
    this.name = spec.name ?? fields.map((f) => `${f}_${spec.key[f]}`).join('_');
    this.equalityFields = fields.slice(0, -1);
    this.sortField = fields[fields.length - 1];
    this.unique = spec.unique ?? false;
  }

  get fields() {
    return [...this.equalityFields, this.sortField];
  }

  private keyOf(doc: Record<string, unknown>): { bucket: string; value: unknown } | null {
    const values = this.equalityFields.map((f) => getPath(doc, f) ?? null);
    const value = getPath(doc, this.sortField) ?? null;
    if (!values.every(isPlainValue) || !isPlainValue(value)) return null;
    return { bucket: JSON.stringify(values), value };
  }

  /** The id of another document holding the same full key, for unique indexes. */
  conflict(doc: Record<string, unknown> & { _id: string }): string | null {
    if (!this.unique) return null;
    const key = this.keyOf(doc);
    if (!key) return null;
    for (const [entry] of this.buckets.get(key.bucket)?.entries({ value: key.value, id: FIRST, doc }) ?? []) {
      if (compareValues(entry.value, key.value) !== 0) break;
      if (entry.id !== doc._id) return entry.id;
    }
    return null;
  }

  /** Whether an update from `before` to `after` leaves this index's entry where it is. */
  unchanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
    for (const field of this.fields) {
      const a = getPath(before, field);
      const b = getPath(after, field);
      if (a !== b && !(a == null && b == null)) return false;
      if (a !== null && typeof a === 'object') return false; // objects and arrays: compare by re-indexing
    }
    return true;
  }

  add(doc: D) {
    const key = this.keyOf(doc);
    if (!key) {
      this.unindexed.add(doc._id);
      return;
    }
    const entry: Entry = { value: key.value, id: doc._id, doc };
    let bucket = this.buckets.get(key.bucket);
    if (!bucket) this.buckets.set(key.bucket, (bucket = new BTree<Entry, true>(undefined, compareEntries)));
    bucket.set(entry, true);
    this.placement.set(doc._id, { bucket: key.bucket, entry });
  }

  /** Points the entry at the document's new version when an update left the key where it was. */
  refresh(doc: D) {
    const placed = this.placement.get(doc._id);
    if (placed) placed.entry.doc = doc;
  }

  remove(id: string) {
    if (this.unindexed.delete(id)) return;
    const placed = this.placement.get(id);
    if (!placed) return;
    const bucket = this.buckets.get(placed.bucket)!;
    bucket.delete(placed.entry);
    if (bucket.size === 0) this.buckets.delete(placed.bucket);
    this.placement.delete(id);
  }

  clear() {
    this.buckets.clear();
    this.placement.clear();
    this.unindexed.clear();
  }

  /** The bucket keys a filter pins down, or null when some equality field is not pinned. */
  bucketsFor(filter: Filter): string[] | null {
    let keys: unknown[][] = [[]];
    for (const field of this.equalityFields) {
      const values = field in filter ? equalityValues(filter[field]) : undefined;
      if (!values) return null;
      keys = keys.flatMap((prefix) => values.map((v) => [...prefix, v ?? null]));
      if (keys.length > 64) return null; // an $in cross product this large is cheaper to scan
    }
    return [...new Set(keys.map((k) => JSON.stringify(k)))]; // '$in: [a, a]' names one bucket once
  }

  /** The probe keys at a range's ends: FIRST/LAST ids put a bound before or after the entries equal to it. */
  private bounds(range: Range) {
    const { lower, upper } = range;
    const low = lower ? ({ value: lower.value, id: lower.inclusive ? FIRST : LAST } as Entry) : undefined;
    const high = upper ? ({ value: upper.value, id: upper.inclusive ? LAST : FIRST } as Entry) : undefined;
    return { low, high };
  }

  /**
   * Visits the documents of one bucket within a range of the sorted key, in ascending order (sorted-btree's
   * forRange: no iterator objects, which matters when a count walks tens of thousands of entries).
   * Returns false when `visit` stopped it.
   */
  scan(bucketKey: string, range: Range, visit: Visit<D>): boolean {
    const bucket = this.buckets.get(bucketKey);
    if (!bucket || bucket.size === 0) return true;
    const { low, high } = this.bounds(range);
    let stopped = false;
    bucket.forRange(low ?? bucket.minKey()!, high ?? bucket.maxKey()!, true, (entry) => {
      if (visit(entry.doc as D)) return;
      stopped = true;
      return { break: true };
    });
    return !stopped;
  }

  /** A pull cursor over one bucket's range in either order, for merging several buckets into one sorted stream. */
  cursor(bucketKey: string, range: Range, direction: 1 | -1): () => { value: unknown; doc: D } | undefined {
    const bucket = this.buckets.get(bucketKey);
    if (!bucket) return () => undefined;
    const { low, high } = this.bounds(range);
    const it = direction === 1 ? bucket.entries(low, []) : bucket.entriesReversed(high, []);
    return () => {
      const step = it.next();
      if (step.done) return undefined;
      const entry = step.value[0];
      if (direction === 1 ? high && compareEntries(entry, high) > 0 : low && compareEntries(entry, low) < 0) return undefined;
      return { value: entry.value, doc: entry.doc as D };
    };
  }

  /** The range a filter's $gt/$gte/$lt/$lte (or equality) puts on the sorted key; comparisons only narrow within one type. */
  rangeFor(filter: Filter): Range {
    const condition = filter[this.sortField];
    if (condition === undefined) return {};
    const equal = equalityValues(condition);
    if (equal && equal.length === 1 && equal[0] !== null && equal[0] !== undefined) {
      return { lower: { value: equal[0], inclusive: true }, upper: { value: equal[0], inclusive: true } };
    }
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return {};
    const ops = condition as Record<string, unknown>;
    const range: Range = {};
    const bounded = (v: unknown) => typeof v === 'number' || typeof v === 'string' || v instanceof Date;
    if (bounded(ops.$gte)) range.lower = { value: ops.$gte, inclusive: true };
    if (bounded(ops.$gt)) range.lower = { value: ops.$gt, inclusive: false };
    if (bounded(ops.$lte)) range.upper = { value: ops.$lte, inclusive: true };
    if (bounded(ops.$lt)) range.upper = { value: ops.$lt, inclusive: false };
    return range;
  }
}
