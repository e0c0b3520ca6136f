import type { MemoryIndex, Range, Visit } from './memoryIndex';
import type { Doc, Filter } from './port';
import { compareValues, equalityValues, type SortSpec } from './values';

/** How a read walks a collection: which documents it examines, in what order, and whether that order is the sort's. */
export type Plan<T extends Doc> = { index: MemoryIndex<T> | null; sortServed: boolean; scan(visit: Visit<T>): void };

type Candidate<T extends Doc> = { index: MemoryIndex<T>; buckets: string[]; range: Range; score: number };

/**
 * Picks the index for a filter: the most equality fields pinned, then a range on the sorted key. The
 * index that serves the sort counts only for a read with a limit, which stops after the page; any other
 * read walks its whole range and sorts what it keeps anyway. (A trial run of each candidate was tried
 * and dropped: the first documents of a range are not a fair sample of it, prices and latitudes
 * correlate with cities, and it chose a four times wider range.)
 */
export function planRead<T extends Doc>(
  docs: Map<string, T>,
  indexes: MemoryIndex<T>[],
  filter: Filter,
  sort?: SortSpec,
  limited = false,
): Plan<T> {
  const ids = '_id' in filter ? equalityValues(filter._id) : undefined;
  if (ids) {
    return {
      index: null,
      sortServed: false,
      scan(visit) {
        for (const id of ids) {
          const doc = typeof id === 'string' ? docs.get(id) : undefined;
          if (doc && !visit(doc)) return;
        }
      },
    };
  }
  const sortField = sort ? Object.keys(sort)[0] : undefined;
  const candidates: Candidate<T>[] = [];
  for (const index of indexes) {
    const buckets = index.bucketsFor(filter);
    if (!buckets) continue;
    const ranged = index.sortField in filter;
    // serving a limited sort outweighs a range: a page ends after its documents, while an unsorted range
    // is walked to its end (a date bound like 'published before three days ago' spans nearly everything)
    const score = index.equalityFields.length * 4 + (ranged ? 2 : 0) + (limited && sortField === index.sortField ? 3 : 0) - (buckets.length > 1 ? 1 : 0);
    if (score > 0) candidates.push({ index, buckets, range: index.rangeFor(filter), score });
  }
  if (candidates.length === 0) {
    return {
      index: null,
      sortServed: false,
      scan(visit) {
        for (const doc of docs.values()) if (!visit(doc)) return;
      },
    };
  }
  const servesSort = (c: Candidate<T>) => sortField === c.index.sortField && c.index.unindexed.size === 0;
  const best = candidates.reduce((a, b) => (b.score > a.score ? b : a)); // ties: the index declared first
  const direction = sort && servesSort(best) ? sort[sortField!] : 1;
  return { index: best.index, sortServed: Boolean(sort) && servesSort(best), scan: (visit) => scanCandidate(docs, best, direction, visit) };
}

/** Walks a candidate's buckets (merged into one sorted stream when the order matters), then its unindexed documents. Returns whether it ran to the end. */
function scanCandidate<T extends Doc>(docs: Map<string, T>, c: Candidate<T>, direction: 1 | -1, visit: Visit<T>): boolean {
  if (direction === 1 && c.buckets.length === 1) {
    if (!c.index.scan(c.buckets[0], c.range, visit)) return false;
  } else if (!merge(c, direction, visit)) return false;
  for (const id of c.index.unindexed) {
    const doc = docs.get(id);
    if (doc && !visit(doc)) return false;
  }
  return true;
}

/** A k-way merge of the buckets' cursors by the sorted key: an $in on an equality field still reads in index order. */
function merge<T extends Doc>(c: Candidate<T>, direction: 1 | -1, visit: Visit<T>): boolean {
  const cursors = c.buckets.map((bucket) => c.index.cursor(bucket, c.range, direction));
  const heads = cursors.map((next) => next());
  for (;;) {
    let at = -1;
    for (let i = 0; i < heads.length; i++) {
      if (heads[i] && (at < 0 || compareValues(heads[i]!.value, heads[at]!.value) * direction < 0)) at = i;
    }
    if (at < 0) return true;
    if (!visit(heads[at]!.doc)) return false;
    heads[at] = cursors[at]();
  }
}
