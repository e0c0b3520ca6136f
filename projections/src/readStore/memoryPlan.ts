import { bind, clausesOf, passesAll, select, type Check, type Clause } from './columns';
import type { Bucket, Entry, MemoryIndex, Range, Visit } from './memoryIndex';
import type { Doc, Filter } from './port';
import { compareValues, equalityValues, type SortSpec } from './values';

/** A test of a whole document: the fast path where it applies, mingo where it does not. */
export type DocTest = (filter: Filter) => (doc: Doc) => boolean;

/**
 * How a read walks a collection: which documents it examines, in what order, and whether that order
 * is the sort's. `scan` visits the matching documents only; `count` counts them without visiting.
 */
export type Plan<T extends Doc> = {
  index: MemoryIndex<T> | null;
  sortServed: boolean;
  /** entries or documents looked at so far */
  examined: number;
  scan(visit: Visit<T>): void;
  count(): number;
};

type Candidate<T extends Doc> = { index: MemoryIndex<T>; score: number };

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
  docTest: DocTest,
  sort?: SortSpec,
  limited = false,
): Plan<T> {
  const ids = '_id' in filter ? equalityValues(filter._id) : undefined;
  if (ids) return documentPlan(filter, docTest, () => ids.flatMap((id) => (typeof id === 'string' ? (docs.get(id) ?? []) : [])));
  const sortField = sort ? Object.keys(sort)[0] : undefined;
  const candidates: Candidate<T>[] = [];
  for (const index of indexes) {
    const buckets = index.bucketCount(filter);
    if (buckets === null || buckets > 64) continue; // an $in cross product this large is cheaper to scan
    const ranged = index.sortField in filter;
    // serving a limited sort outweighs a range: a page ends after its documents, while an unsorted range
    // is walked to its end (a date bound like 'published before three days ago' spans nearly everything)
    const score = index.equalityFields.length * 4 + (ranged ? 2 : 0) + (limited && sortField === index.sortField ? 3 : 0) - (buckets > 1 ? 1 : 0);
    if (score > 0) candidates.push({ index, score });
  }
  if (candidates.length === 0) return documentPlan(filter, docTest, () => docs.values());
  const best = candidates.reduce((a, b) => (b.score > a.score ? b : a)); // ties: the index declared first
  const servesSort = sortField === best.index.sortField && best.index.unindexed.size === 0;
  return indexPlan(docs, best.index, filter, docTest, servesSort ? sort![sortField!] : 1, Boolean(sort) && servesSort);
}

/** Documents from a list or the whole collection, each tested whole. */
function documentPlan<T extends Doc>(filter: Filter, docTest: DocTest, source: () => Iterable<T>): Plan<T> {
  const test = docTest(filter);
  const plan: Plan<T> = {
    index: null,
    sortServed: false,
    examined: 0,
    scan(visit) {
      for (const doc of source()) {
        plan.examined++;
        if (test(doc) && !visit(doc)) return;
      }
    },
    count() {
      let n = 0;
      plan.scan(() => ++n > 0);
      return n;
    },
  };
  return plan;
}

/** One bucket's part of a read: its sorted entries, the positions within the range, the column checks and the document test. */
type Run<T> = { entries: Entry<T>[]; from: number; to: number; checks: Check[]; rest: ((doc: Doc) => boolean) | null };

function runOf<T extends Doc>(bucket: Bucket<T>, range: Range, clauses: Clause[], docTest: DocTest): Run<T> {
  const entries = bucket.sorted();
  const [from, to] = bucket.positions(range);
  const { checks, residual } = bind(clauses, (path) => bucket.column(path));
  return { entries, from, to, checks, rest: residual ? docTest(residual) : null };
}

const matches = <T>(run: Run<T>, i: number) => passesAll(run.checks, i) && (run.rest === null || run.rest(run.entries[i].doc as Doc));

/** The filter without the equality conditions every document of the buckets meets by being there. */
function withoutPinned(filter: Filter, index: MemoryIndex<Doc>): Filter {
  const rest = { ...filter };
  for (const field of index.equalityFields) {
    const values = equalityValues(filter[field]);
    // a Date prints like its ISO string in a bucket key: keep its condition to tell them apart
    if (values?.every((v) => v === null || v === undefined || typeof v !== 'object')) delete rest[field];
  }
  return rest;
}

/** Positions of a run are walked in chunks, each twice the last: the columns judge a chunk in one pass, and a page stops early. */
const FIRST_CHUNK = 32;

function indexPlan<T extends Doc>(docs: Map<string, T>, index: MemoryIndex<T>, filter: Filter, docTest: DocTest, direction: 1 | -1, sortServed: boolean): Plan<T> {
  const c = { index, buckets: index.bucketsFor(filter), range: index.rangeFor(filter) };
  const clauses = clausesOf(withoutPinned(filter, c.index as unknown as MemoryIndex<Doc>));
  const runs = () =>
    c.buckets.flatMap((key) => {
      const bucket = c.index.bucket(key);
      return bucket ? [runOf(bucket, c.range, clauses, docTest)] : [];
    });
  const unindexed = () => documentPlan(filter, docTest, () => [...c.index.unindexed].flatMap((id) => docs.get(id) ?? []));
  const plan: Plan<T> = {
    index: c.index,
    sortServed,
    examined: 0,
    scan(visit) {
      const all = runs();
      // only a served sort needs the buckets merged in key order; otherwise they are read one after another
      const finished = sortServed && all.length > 1 ? merge(all, direction, visit, plan) : all.every((run) => walk(run, direction, visit, plan));
      if (!finished || c.index.unindexed.size === 0) return;
      const rest = unindexed();
      rest.scan(visit);
      plan.examined += rest.examined;
    },
    count() {
      let n = 0;
      for (const run of runs()) {
        plan.examined += run.to - run.from;
        const { positions, count } = select(run.checks, run.from, run.to);
        if (!run.rest) n += count;
        else for (let k = 0; k < count; k++) if (run.rest(run.entries[positions[k]].doc as Doc)) n++;
      }
      if (c.index.unindexed.size === 0) return n;
      const rest = unindexed();
      n += rest.count();
      plan.examined += rest.examined;
      return n;
    },
  };
  return plan;
}

/** Visits a run's matching documents in either order, a chunk at a time; false when the visitor stopped it. */
function walk<T>(run: Run<T>, direction: 1 | -1, visit: Visit<T>, plan: { examined: number }): boolean {
  const { entries, rest } = run;
  for (let done = 0, chunk = FIRST_CHUNK; done < run.to - run.from; done += chunk, chunk *= 2) {
    const size = Math.min(chunk, run.to - run.from - done);
    const start = direction === 1 ? run.from + done : run.to - done - size;
    plan.examined += size;
    const { positions, count } = select(run.checks, start, start + size);
    // the scratch buffer is reused by the next select: take this chunk's positions out first
    const found = positions.slice(0, count);
    for (let k = 0; k < count; k++) {
      const doc = entries[found[direction === 1 ? k : count - 1 - k]].doc;
      if (rest && !rest(doc as Doc)) continue;
      if (!visit(doc)) return false;
    }
  }
  return true;
}

/** A k-way merge of the runs by the sorted key, in either direction: an $in on an equality field still reads in index order. */
function merge<T>(runs: Run<T>[], direction: 1 | -1, visit: Visit<T>, plan: { examined: number }): boolean {
  // each run's next matching position, walking from its low end (ascending) or its high end (descending)
  const next = (run: Run<T>, at: number) => {
    for (let i = at; direction === 1 ? i < run.to : i >= run.from; i += direction) {
      plan.examined++;
      if (matches(run, i)) return i;
    }
    return -1;
  };
  const heads = runs.map((run) => next(run, direction === 1 ? run.from : run.to - 1));
  for (;;) {
    let at = -1;
    for (let r = 0; r < runs.length; r++) {
      if (heads[r] < 0) continue;
      if (at < 0 || compareValues(runs[r].entries[heads[r]].value, runs[at].entries[heads[at]].value) * direction < 0) at = r;
    }
    if (at < 0) return true;
    if (!visit(runs[at].entries[heads[at]].doc)) return false;
    heads[at] = next(runs[at], heads[at] + direction);
  }
}
