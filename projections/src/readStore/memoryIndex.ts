import BTreeModule from 'sorted-btree';
import type { Filter, IndexSpec } from './port';
import { compareValues, equalityValues, getPath, isPlainValue } from './values';

// sorted-btree is CommonJS with an `exports.default`: Node's ESM loader hands over the whole exports object
const BTree: typeof BTreeModule = (BTreeModule as unknown as { default?: typeof BTreeModule }).default ?? BTreeModule;

type Entry = { value: unknown; id: string };

/** Sorted by the key's value, then by _id; an empty id sorts before every real one (a probe). */
const compareEntries = (a: Entry, b: Entry) => compareValues(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
type Bucket = BTreeModule<Entry, true>;

export type Range = { lower?: { value: unknown; inclusive: boolean }; upper?: { value: unknown; inclusive: boolean } };

/**
 * A compound index as MongoDB uses one for equality-then-range queries: documents are grouped in
 * buckets by the values of the leading (equality) fields, and each bucket is kept sorted by the last
 * key. A document whose indexed field holds an array is kept aside and always examined.
 */
export class MemoryIndex {
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
    for (const [entry] of this.buckets.get(key.bucket)?.entries({ value: key.value, id: '' }) ?? []) {
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

  add(doc: Record<string, unknown> & { _id: string }) {
    const key = this.keyOf(doc);
    if (!key) {
      this.unindexed.add(doc._id);
      return;
    }
    const entry: Entry = { value: key.value, id: doc._id };
    let bucket = this.buckets.get(key.bucket);
    if (!bucket) this.buckets.set(key.bucket, (bucket = new BTree<Entry, true>(undefined, compareEntries)));
    bucket.set(entry, true);
    this.placement.set(doc._id, { bucket: key.bucket, entry });
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

  /** Ids in one bucket within a range of the sorted key, in ascending or descending order. */
  *walk(bucketKey: string, range: Range, direction: 1 | -1): Generator<string> {
    const bucket = this.buckets.get(bucketKey);
    if (!bucket) return;
    const { lower, upper } = range;
    const aboveLower = (e: Entry) => !lower || (lower.inclusive ? compareValues(e.value, lower.value) >= 0 : compareValues(e.value, lower.value) > 0);
    const belowUpper = (e: Entry) => !upper || (upper.inclusive ? compareValues(e.value, upper.value) <= 0 : compareValues(e.value, upper.value) < 0);
    if (direction === 1) {
      for (const [entry] of bucket.entries(lower ? { value: lower.value, id: '' } : undefined)) {
        if (!belowUpper(entry)) return;
        if (aboveLower(entry)) yield entry.id;
      }
    } else {
      // '\uffff' sorts after every real id, so the walk starts past all entries equal to the upper bound
      for (const [entry] of bucket.entriesReversed(upper ? { value: upper.value, id: '\uffff' } : undefined)) {
        if (!aboveLower(entry)) return;
        if (belowUpper(entry)) yield entry.id;
      }
    }
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
