import { find as mingoFind } from 'mingo';
import { compileSimpleFilter } from './fastPath';
import type { Doc } from './port';
import { copy } from './values';

/**
 * A projected result: a new top level holding the kept fields (their values are the stored, frozen ones).
 * A plain projection walks only the fields it keeps, so a read of { _id, lat, lon } over thousands of
 * listings touches three fields each, not every listing's images, address and history.
 */
export function project(
  doc: Record<string, unknown>,
  projection: Record<string, unknown>,
): Record<string, unknown> {
  const fields = Object.keys(projection).filter((k) => k !== '_id');
  const plain = fields.every(
    (k) =>
      !k.includes('.') &&
      !k.startsWith('$') &&
      (projection[k] === 0 || projection[k] === 1 || typeof projection[k] === 'boolean'),
  );
  const including = fields.filter((k) => projection[k]).length;
  // dotted paths, operators and mixed inclusion/exclusion keep mingo's full semantics
  if (!plain || (including > 0 && including < fields.length))
    return mingoFind([copy(doc)], {}, projection).all()[0];
  const keepId = projection._id === undefined || Boolean(projection._id);
  const out: Record<string, unknown> = {};
  if (including > 0 || (fields.length === 0 && keepId && projection._id !== undefined)) {
    // walk the few kept fields, not the document's forty
    if (keepId) out._id = doc._id;
    for (const key of fields) if (doc[key] !== undefined) out[key] = doc[key];
    return out;
  }
  for (const key in doc) if (key === '_id' ? keepId : !(key in projection)) out[key] = doc[key];
  return out;
}

/**
 * A key for a filter made only of JSON values, or null: a Date and its ISO string, or a RegExp and {},
 * would print the same and must not share a cached answer.
 */
export function cacheKey(filter: Record<string, unknown>): string | null {
  return jsonOnly(filter) ? JSON.stringify(filter) : null;
}

function jsonOnly(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(jsonOnly);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!jsonOnly((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** answers remembered at most (counts and pages): for repeats, not a history */
const REMEMBERED = 2000;

type Pins = [string, unknown][];

type Remembered<T> = {
  key: string;
  /** whether a document may be among the filter's matches: made when a write first asks */
  test: ((doc: Doc) => boolean) | null;
  count: number | undefined;
  pages: Map<string, T[]>;
};

/** The remembered filters that pin the same plain top-level equalities (status, deal, city, …). */
type Group<T> = { pins: Pins; members: Set<Remembered<T>> };

/**
 * Answers of reads (a filter's count and pages) kept until a write changes them. A write drops only the
 * answers of the filters its document matches before or after it: the others' matches are the same
 * documents as before, so a catalogue written to many times a second still answers repeated searches
 * from memory. The filters are grouped by their plain equalities, so a write looks only at the groups
 * its document agrees with; what the fast path cannot judge counts as a match.
 */
export class Answers<T> {
  private readonly byFilter = new Map<string, Remembered<T>>();
  private readonly groups = new Map<string, Group<T>>();
  private size = 0;

  count(filterKey: string): number | undefined {
    return this.byFilter.get(filterKey)?.count;
  }

  page(filterKey: string, pageKey: string): T[] | undefined {
    return this.byFilter.get(filterKey)?.pages.get(pageKey);
  }

  keepCount(filterKey: string, count: number) {
    this.entry(filterKey).count = count;
  }

  keepPage(filterKey: string, pageKey: string, page: T[]) {
    const entry = this.entry(filterKey);
    if (!entry.pages.has(pageKey)) this.size++;
    entry.pages.set(pageKey, page);
  }

  private entry(filterKey: string): Remembered<T> {
    let entry = this.byFilter.get(filterKey);
    if (entry) return entry;
    if (this.size >= REMEMBERED) this.clear();
    // the key is the filter's JSON: read again, so no caller's later change of its object counts
    const pins: Pins = Object.entries(JSON.parse(filterKey) as Record<string, unknown>).filter(
      ([path, value]) =>
        !path.startsWith('$') &&
        !path.includes('.') &&
        (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
    );
    const signature = JSON.stringify(pins);
    let group = this.groups.get(signature);
    if (!group) this.groups.set(signature, (group = { pins, members: new Set() }));
    entry = { key: filterKey, test: null, count: undefined, pages: new Map() };
    group.members.add(entry);
    this.byFilter.set(filterKey, entry);
    this.size++;
    return entry;
  }

  /** A document was written: `before` is its stored version (none for an insert), `after` the new one (none for a delete). */
  changed(before: Doc | undefined, after: Doc | undefined) {
    for (const [signature, group] of this.groups) {
      if (!(before && admits(group.pins, before)) && !(after && admits(group.pins, after))) continue;
      for (const entry of group.members) {
        if (!entry.test) {
          const simple = compileSimpleFilter(JSON.parse(entry.key) as Record<string, unknown>);
          entry.test = simple ? (doc) => simple(doc) !== false : () => true;
        }
        if ((before && entry.test(before)) || (after && entry.test(after))) {
          this.byFilter.delete(entry.key);
          group.members.delete(entry);
          this.size -= 1 + entry.pages.size;
        }
      }
      if (group.members.size === 0) this.groups.delete(signature);
    }
  }

  clear() {
    this.byFilter.clear();
    this.groups.clear();
    this.size = 0;
  }
}

/** Whether a document holds a group's pinned values (a list may hold one: its filters' tests decide). */
function admits(pins: Pins, doc: Doc): boolean {
  for (const [path, value] of pins) {
    const held = doc[path];
    if (held !== value && !Array.isArray(held)) return false;
  }
  return true;
}
