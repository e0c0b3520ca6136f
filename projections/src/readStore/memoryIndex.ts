import {
  buildColumn,
  insertAt,
  ISO_TIMESTAMP,
  remapColumn,
  removeAt,
  setValue,
  spliceIn,
  spliceOut,
  type Column,
  type Moved,
} from './columns';
import type { Filter, IndexSpec } from './port';
import { compareValues, equalityValues, getPath, isPlainValue } from './values';

/**
 * `doc` is the stored document, kept current by `refresh`, so a scan needs no lookup by id. The entry also
 * names its bucket and (unique indexes) its full key: one object per document and index, found by id.
 */
export type Entry<D = Record<string, unknown>> = {
  value: unknown;
  id: string;
  doc: D;
  bucket: string;
  key: string;
};

/** Sorted by the key's value, then by _id. */
const compareEntries = (a: Entry<unknown>, b: Entry<unknown>) =>
  compareValues(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export type Range = {
  lower?: { value: unknown; inclusive: boolean };
  upper?: { value: unknown; inclusive: boolean };
};
/** Answers false to stop a scan. */
export type Visit<D> = (doc: D) => boolean;

/**
 * The documents of one bucket, sorted by the index's last key. Reads far outnumber writes, so a write
 * only notes what it added, removed or changed, and the next read folds the notes in: a replay of 100,000
 * events sorts each bucket once, on its first read. The sorted array is what makes a read cheap: a range
 * is two binary searches, and a count or a filter runs over typed columns of it (see columns.ts). The
 * columns outlive writes: a merge copies the kept runs and sets the inserted values, and a document that
 * changed in place sets its own position, so a write to a big bucket never costs the next read a rebuild.
 */
export class Bucket<D> {
  private entries: Entry<D>[] = [];
  private readonly added = new Set<Entry<D>>();
  private readonly removed = new Set<Entry<D>>();
  /** entries whose document changed without moving: their values in the columns are set at the next read */
  private readonly changed = new Set<Entry<D>>();
  private readonly columns = new Map<string, Column | null>();
  private keys: { values: Float64Array; times: boolean } | null | undefined;

  get size() {
    return this.entries.length + this.added.size - this.removed.size;
  }

  add(entry: Entry<D>) {
    this.added.add(entry);
  }

  remove(entry: Entry<D>) {
    if (!this.added.delete(entry)) this.removed.add(entry);
    this.changed.delete(entry);
  }

  /** A document changed without moving (the entry points at its new version): its column values are stale. */
  touched(entry: Entry<D>) {
    if (this.columns.size > 0 && !this.added.has(entry)) this.changed.add(entry);
  }

  /**
   * The sorted key as numbers when every value is a number or every value an ISO timestamp (else null),
   * so a merge of buckets compares numbers.
   */
  numericKeys(): Float64Array | null {
    return this.keyNumbers()?.values ?? null;
  }

  private keyNumbers(): { values: Float64Array; times: boolean } | null {
    const entries = this.sorted();
    if (this.keys === undefined) {
      const column = buildColumn(entries.map((e) => e.value));
      const numbers =
        column?.kind === 'number' ? column.values : column?.kind === 'string' ? column.times : null;
      this.keys =
        numbers && !numbers.some(Number.isNaN) ? { values: numbers, times: column!.kind === 'string' } : null;
    }
    return this.keys;
  }

  /**
   * A range bound as a number comparable with the numeric keys, or null when only compareValues can place
   * it (a bound of another type than the keys, or a text that is not a timestamp of the keys' shape).
   */
  private numericBound(value: unknown, keys: { times: boolean }): number | null {
    if (!keys.times) return typeof value === 'number' ? value : null;
    return typeof value === 'string' && ISO_TIMESTAMP.test(value) ? Date.parse(value) : null;
  }

  sorted(): Entry<D>[] {
    if (this.added.size > 0 || this.removed.size > 0) this.merge();
    if (this.changed.size > 0) {
      for (const entry of this.changed) {
        const at = positionOf(this.entries, entry);
        if (at < 0) continue;
        for (const [path, column] of this.columns)
          if (column === null || !setValue(column, at, getPath(entry.doc, path))) this.columns.delete(path);
      }
      this.changed.clear();
    }
    return this.entries;
  }

  /**
   * Folds the notes into the sorted array, in the array and the columns alike: the removed and the
   * insertion points are found by binary search (an entry keeps the key it was placed by). A few notes are
   * spliced in place; many (a replay, a bulk change) are merged into new arrays in one pass.
   */
  private merge() {
    if (this.added.size + this.removed.size <= SPLICED) this.splice();
    else this.remerge();
  }

  private splice() {
    const gone = [...this.removed]
      .map((e) => positionOf(this.entries, e))
      .filter((at) => at >= 0)
      .sort((a, b) => b - a);
    const fresh = [...this.added].sort(compareEntries);
    this.added.clear();
    this.removed.clear();
    const keys = this.keys;
    for (const at of gone) {
      this.entries.splice(at, 1);
      for (const column of this.columns.values()) if (column) removeAt(column, at);
      if (keys) keys.values = spliceOut(keys.values, at);
    }
    for (const entry of fresh) {
      const at = lowerBound(this.entries, entry);
      this.entries.splice(at, 0, entry);
      for (const [path, column] of this.columns)
        if (!column || !insertAt(column, at, getPath(entry.doc, path))) this.columns.delete(path);
      if (this.keys) {
        const key = keyNumber(entry.value, this.keys.times);
        if (Number.isNaN(key)) this.keys = undefined;
        else this.keys.values = spliceIn(this.keys.values, at, key);
      }
    }
  }

  private remerge() {
    const old = this.entries;
    const gone = [...this.removed]
      .map((e) => positionOf(old, e))
      .filter((at) => at >= 0)
      .sort((a, b) => a - b);
    const fresh = [...this.added].sort(compareEntries);
    this.added.clear();
    this.removed.clear();
    const entries = new Array<Entry<D>>(old.length - gone.length + fresh.length);
    const moved: Moved[] = [];
    const inserted: { at: number; entry: Entry<D> }[] = [];
    let i = 0;
    let g = 0;
    let f = 0;
    let at = 0;
    let insertAt = f < fresh.length ? lowerBound(old, fresh[f]) : old.length;
    while (i < old.length || f < fresh.length) {
      const stop = Math.min(g < gone.length ? gone[g] : old.length, insertAt);
      if (stop > i) {
        moved.push({ from: i, to: stop, at });
        for (let k = i; k < stop; k++) entries[at++] = old[k];
        i = stop;
      }
      if (f < fresh.length && insertAt === i) {
        inserted.push({ at, entry: fresh[f] });
        entries[at++] = fresh[f++];
        insertAt = f < fresh.length ? lowerBound(old, fresh[f]) : old.length;
      } else if (g < gone.length && gone[g] === i) {
        i++;
        g++;
      }
    }
    this.entries = entries;
    for (const [path, column] of this.columns) {
      const next =
        column &&
        remapColumn(
          column,
          entries.length,
          moved,
          inserted.map(({ at, entry }) => ({ at, value: getPath(entry.doc, path) })),
        );
      if (next) this.columns.set(path, next);
      else this.columns.delete(path);
    }
    if (this.keys) {
      const keys = this.keys;
      const values = new Float64Array(entries.length);
      for (const { from, to, at } of moved) values.set(keys.values.subarray(from, to), at);
      let fits = true;
      for (const { at, entry } of inserted) {
        values[at] = keyNumber(entry.value, keys.times);
        if (Number.isNaN(values[at])) fits = false;
      }
      this.keys = fits ? { values, times: keys.times } : undefined;
    } else this.keys = undefined;
  }

  column(path: string): Column | null {
    const entries = this.sorted();
    let column = this.columns.get(path);
    if (column === undefined)
      this.columns.set(path, (column = buildColumn(entries.map((e) => getPath(e.doc, path)))));
    return column;
  }

  /** The positions [from, to) of the sorted entries within a range of the key. */
  positions(range: Range): [number, number] {
    const entries = this.sorted();
    const keys = this.keyNumbers();
    const place = (value: unknown, after: boolean) => {
      const bound = keys ? this.numericBound(value, keys) : null;
      return bound === null ? firstPosition(entries, value, after) : firstNumber(keys!.values, bound, after);
    };
    const from = range.lower ? place(range.lower.value, !range.lower.inclusive) : 0;
    const to = range.upper ? place(range.upper.value, range.upper.inclusive) : entries.length;
    return [from, Math.max(from, to)];
  }
}

/** notes a read splices into a bucket in place; more are merged in one pass */
const SPLICED = 16;

/** A key as the numeric keys hold it (a timestamp's time), NaN when it cannot be one. */
const keyNumber = (key: unknown, times: boolean) =>
  times
    ? typeof key === 'string' && ISO_TIMESTAMP.test(key)
      ? Date.parse(key)
      : NaN
    : typeof key === 'number'
      ? key
      : NaN;

/** The first position whose entry sorts at or after this one. */
function lowerBound<D>(entries: Entry<D>[], entry: Entry<D>): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareEntries(entries[mid], entry) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where an entry of the sorted array is: its key and _id place it (a key no order places, NaN, is looked for), -1 when absent. */
function positionOf<D>(entries: Entry<D>[], entry: Entry<D>): number {
  const at = lowerBound(entries, entry);
  return entries[at] === entry ? at : entries.indexOf(entry);
}

/** The first position whose number is > v (after = true) or ≥ v. */
function firstNumber(values: Float64Array, v: number, after: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < v || (after && values[mid] === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose value is > v (after = true) or ≥ v. */
function firstPosition(entries: Entry<unknown>[], v: unknown, after: boolean): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareValues(entries[mid].value, v);
    if (c < 0 || (after && c === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A bucket's name from its equality values: typed, so 1 and '1', or a Date and its ISO text, are different buckets. */
function bucketKey(values: unknown[]): string {
  let key = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) key += '\u0001';
    if (v === null || v === undefined) key += '-';
    else if (typeof v === 'string') key += v.includes('\u0001') ? `q${JSON.stringify(v)}` : `s${v}`;
    else if (typeof v === 'number') key += `n${v}`;
    else if (typeof v === 'boolean') key += v ? 't' : 'f';
    else if (v instanceof Date) key += `d${v.getTime()}`;
    else key += `j${JSON.stringify(v)}`;
  }
  return key;
}

/**
 * A compound index as MongoDB uses one for equality-then-range queries: documents are grouped in
 * buckets by the values of the leading (equality) fields, and each bucket is kept sorted by the last
 * key. A document whose indexed field holds an array is kept aside and always examined.
 */
export class MemoryIndex<
  D extends Record<string, unknown> & { _id: string } = Record<string, unknown> & { _id: string },
> {
  readonly name: string;
  readonly equalityFields: string[];
  readonly sortField: string;
  readonly unique: boolean;
  private readonly buckets = new Map<string, Bucket<D>>();
  private readonly placement = new Map<string, Entry<D>>();
  /** full key → _id, for unique indexes */
  private readonly keys = new Map<string, string>();
  readonly unindexed = new Set<string>();
  /** its entries are not kept by writes (a deferred replay, a snapshot's load): its collection builds it before a read uses it */
  stale = false;

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

  private keyOf(doc: Record<string, unknown>): { bucket: string; value: unknown; full: string } | null {
    const values = this.equalityFields.map((f) => getPath(doc, f) ?? null);
    const value = getPath(doc, this.sortField) ?? null;
    if (!values.every(isPlainValue) || !isPlainValue(value)) return null;
    const bucket = bucketKey(values);
    return { bucket, value, full: this.unique ? bucketKey([...values, value]) : '' };
  }

  /** The id of another document holding the same full key, for unique indexes. */
  conflict(doc: Record<string, unknown> & { _id: string }): string | null {
    if (!this.unique) return null;
    const key = this.keyOf(doc);
    const holder = key ? this.keys.get(key.full) : undefined;
    return holder !== undefined && holder !== doc._id ? holder : null;
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
    const entry: Entry<D> = { value: key.value, id: doc._id, doc, bucket: key.bucket, key: key.full };
    let bucket = this.buckets.get(key.bucket);
    if (!bucket) this.buckets.set(key.bucket, (bucket = new Bucket<D>()));
    bucket.add(entry);
    this.placement.set(doc._id, entry);
    if (this.unique) this.keys.set(key.full, doc._id);
  }

  /** Points the entry at the document's new version when an update left the key where it was. */
  refresh(doc: D) {
    const placed = this.placement.get(doc._id);
    if (!placed) return;
    placed.doc = doc;
    this.buckets.get(placed.bucket)!.touched(placed);
  }

  remove(id: string) {
    if (this.unindexed.delete(id)) return;
    const placed = this.placement.get(id);
    if (!placed) return;
    const bucket = this.buckets.get(placed.bucket)!;
    bucket.remove(placed);
    if (bucket.size === 0) this.buckets.delete(placed.bucket);
    this.placement.delete(id);
    if (this.unique && this.keys.get(placed.key) === id) this.keys.delete(placed.key);
  }

  clear() {
    this.buckets.clear();
    this.placement.clear();
    this.keys.clear();
    this.unindexed.clear();
  }

  bucket(key: string): Bucket<D> | undefined {
    return this.buckets.get(key);
  }

  /** How many buckets a filter pins down (an $in names several), or null when some equality field is not pinned. */
  bucketCount(filter: Filter): number | null {
    let count = 1;
    for (const field of this.equalityFields) {
      const values = field in filter ? equalityValues(filter[field]) : undefined;
      if (!values) return null;
      count *= values.length;
    }
    return count;
  }

  /** The buckets a filter pins down, with their equality values (call after bucketCount). */
  bucketsFor(filter: Filter): { key: string; values: unknown[] }[] {
    let tuples: unknown[][] = [[]];
    for (const field of this.equalityFields) {
      const values = equalityValues(filter[field])!;
      tuples = tuples.flatMap((prefix) => values.map((v) => [...prefix, v ?? null]));
    }
    const buckets = new Map<string, unknown[]>(); // '$in: [a, a]' names one bucket once
    for (const values of tuples) buckets.set(bucketKey(values), values);
    return [...buckets].map(([key, values]) => ({ key, values }));
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
