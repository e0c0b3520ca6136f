import { bind, clausesOf, select, type Check, type Clause, type Column } from './columns';
import type { Bucket, Entry, MemoryIndex, Range, Visit } from './memoryIndex';
import type { Doc, Filter, NumberBatch } from './port';
import { compareValues, equalityValues, getPath, type SortSpec } from './values';

/** A test of a whole document: the fast path where it applies, mingo where it does not. */
export type DocTest = (filter: Filter) => (doc: Doc) => boolean;

/**
 * How a read walks a collection: which documents it examines, in what order, and whether that order
 * is the sort's. `scan` visits the matching documents only; `count` counts them without visiting.
 */
export type Plan<T extends Doc> = {
  index: MemoryIndex<T> | null;
  sortServed: boolean;
  /** the scan's order is the sort's exactly (key, then _id ascending): a page may stop at its last document */
  exactOrder: boolean;
  /** entries or documents looked at so far */
  examined: number;
  scan(visit: Visit<T>): void;
  count(): number;
  /** gives `visit` the matches' numeric fields (NaN: anything else), from the buckets' columns where they have them */
  numbers(fields: string[], visit: (batch: NumberBatch) => void): void;
};

const BATCH = 2048;
const numberOf = (value: unknown) => (typeof value === 'number' ? value : NaN);

/**
 * One batch reused through a read (reads are synchronous, and a visitor keeps nothing of it): `add` puts
 * in a document, `run` the selected positions of a bucket, their values read from its columns.
 */
class Batcher<T extends Doc> implements NumberBatch {
  count = 0;
  readonly values: Float64Array[];
  private readonly ids: string[] = [];
  /** while a run is given: its entries, and where the batch starts among its positions */
  private entries: Entry<T>[] | null = null;
  private positions: Int32Array = new Int32Array(0);
  private offset = 0;
  constructor(
    private readonly fields: string[],
    private readonly visit: (batch: NumberBatch) => void,
  ) {
    this.values = fields.map(() => new Float64Array(BATCH));
  }

  readonly id = (k: number): string =>
    this.entries ? this.entries[this.positions[this.offset + k]].id : this.ids[k];

  add(doc: Doc) {
    for (let j = 0; j < this.fields.length; j++)
      this.values[j][this.count] = numberOf(getPath(doc, this.fields[j]));
    this.ids[this.count++] = doc._id;
    if (this.count === BATCH) this.flush();
  }

  run(entries: Entry<T>[], positions: Int32Array, count: number, columns: (Column | null)[]) {
    this.flush();
    this.entries = entries;
    this.positions = positions;
    for (let from = 0; from < count; from += BATCH) {
      const size = Math.min(BATCH, count - from);
      columns.forEach((column, j) => {
        const out = this.values[j];
        if (column?.kind === 'number') {
          const { values } = column;
          for (let k = 0; k < size; k++) out[k] = values[positions[from + k]];
        } else
          for (let k = 0; k < size; k++)
            out[k] = numberOf(getPath(entries[positions[from + k]].doc, this.fields[j]));
      });
      this.offset = from;
      this.count = size;
      this.visit(this);
    }
    this.count = 0;
    this.entries = null;
  }

  flush() {
    if (this.count > 0) this.visit(this);
    this.count = 0;
  }
}

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
  /** makes an index ready before it is measured or read (its collection builds one writes have not kept) */
  prepare: (index: MemoryIndex<T>) => void = () => {},
): Plan<T> {
  const ids = '_id' in filter ? equalityValues(filter._id) : undefined;
  if (ids)
    return documentPlan(filter, docTest, () =>
      ids.flatMap((id) => (typeof id === 'string' ? (docs.get(id) ?? []) : [])),
    );
  const order = sortOrder(sort);
  const candidates: Candidate<T>[] = [];
  for (const index of indexes) {
    const buckets = index.bucketCount(filter);
    if (buckets === null || buckets > 64) continue; // an $in cross product this large is cheaper to scan
    const ranged = index.sortField in filter;
    // serving a limited sort outweighs a range: a page ends after its documents, while an unsorted range
    // is walked to its end (a date bound like 'published before three days ago' spans nearly everything)
    const score =
      index.equalityFields.length * 4 +
      (ranged ? 2 : 0) +
      (limited && order(index) ? 3 : 0) -
      (buckets > 1 ? 1 : 0);
    if (score > 0) candidates.push({ index, score });
  }
  if (candidates.length === 0) return documentPlan(filter, docTest, () => docs.values());
  const top = Math.max(...candidates.map((c) => c.score));
  const tied = candidates.filter((c) => c.score === top).map((c) => c.index);
  // of indexes that score the same, the one whose range holds the fewest entries (binary searches tell
  // exactly); on a tie still, the one declared first
  let best = tied[0];
  if (tied.length > 1) {
    tied.forEach(prepare);
    const sizes = tied.map((index) => rangeSize(index, filter));
    best = tied[sizes.indexOf(Math.min(...sizes))];
  }
  prepare(best);
  const served = best.unindexed.size === 0 ? order(best) : null;
  return indexPlan(docs, best, filter, docTest, served);
}

/** How many entries a read through the index walks: its range in each bucket the filter pins, and the unindexed. */
function rangeSize<T extends Doc>(index: MemoryIndex<T>, filter: Filter): number {
  const range = index.rangeFor(filter);
  let size = index.unindexed.size;
  for (const { key } of index.bucketsFor(filter)) {
    const [from, to] = index.bucket(key)?.positions(range) ?? [0, 0];
    size += to - from;
  }
  return size;
}

/** How an index serves a sort: the sorted key's direction, the equality fields sorted on before it, and whether the order is exact. */
type ServedOrder = { direction: 1 | -1; leading: [string, 1 | -1][]; exact: boolean };

/**
 * Whether an index can give a sort's order: the sort names the index's sorted key, and every key before it
 * is an equality field of the index (the buckets are then read group after group, as MongoDB merges an $in
 * for a sort). The walk gives equal keys by ascending _id, so { …, key, _id: 1 } needs no sorting afterwards.
 */
function sortOrder(sort: SortSpec | undefined) {
  const keys = sort ? Object.entries(sort) : [];
  return (index: MemoryIndex<Doc> | MemoryIndex<never>): ServedOrder | null => {
    const at = keys.findIndex(([field]) => field === index.sortField);
    if (at < 0) return null;
    const leading = keys.slice(0, at);
    if (!leading.every(([field]) => index.equalityFields.includes(field))) return null;
    const tail = keys.slice(at + 1);
    const exact = tail.length === 0 || (tail.length === 1 && tail[0][0] === '_id' && tail[0][1] === 1);
    // leading fields are served only exactly: the caller's tie-breaking looks at the first key alone
    if (leading.length > 0 && !exact) return null;
    return { direction: keys[at][1], leading, exact };
  };
}

/** Documents from a list or the whole collection, each tested whole. */
function documentPlan<T extends Doc>(filter: Filter, docTest: DocTest, source: () => Iterable<T>): Plan<T> {
  const test = docTest(filter);
  const plan: Plan<T> = {
    index: null,
    sortServed: false,
    exactOrder: false,
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
    numbers(fields, visit) {
      const batcher = new Batcher<T>(fields, visit);
      plan.scan((doc) => (batcher.add(doc), true));
      batcher.flush();
    },
  };
  return plan;
}

/** One bucket's part of a read: its sorted entries, the positions within the range, the column checks and the document test. */
type Run<T> = {
  entries: Entry<T>[];
  bucket: Bucket<T>;
  from: number;
  to: number;
  checks: Check[];
  rest: ((doc: Doc) => boolean) | null;
  lead: unknown[];
};

/** Below `smallRun` positions a run tests whole documents: binding columns would cost more than it saves (tests set 0 to put the columns to work everywhere). */
export const tuning = { smallRun: 48 };

function runOf<T extends Doc>(
  bucket: Bucket<T>,
  lead: unknown[],
  range: Range,
  clauses: Clause[],
  docTest: DocTest,
  wholeTest: () => (doc: Doc) => boolean,
): Run<T> {
  const entries = bucket.sorted();
  const [from, to] = bucket.positions(range);
  if (to - from <= tuning.smallRun) return { entries, bucket, from, to, checks: [], rest: wholeTest(), lead };
  const { checks, residual } = bind(clauses, (path) => bucket.column(path));
  return { entries, bucket, from, to, checks, rest: residual ? docTest(residual) : null, lead };
}

/** The filter without the equality conditions every document of the buckets meets by being there (bucket keys are typed). */
function withoutPinned(filter: Filter, index: MemoryIndex<Doc>): Filter {
  const rest = { ...filter };
  for (const field of index.equalityFields) delete rest[field];
  return rest;
}

/** Positions of a run are walked in chunks, each twice the last: the columns judge a chunk in one pass, and a page stops early. */
const FIRST_CHUNK = 32;

function indexPlan<T extends Doc>(
  docs: Map<string, T>,
  index: MemoryIndex<T>,
  filter: Filter,
  docTest: DocTest,
  served: ServedOrder | null,
): Plan<T> {
  const range = index.rangeFor(filter);
  const inBuckets = withoutPinned(filter, index);
  const clauses = clausesOf(inBuckets);
  let whole: ((doc: Doc) => boolean) | null = null;
  const wholeTest = () => (whole ??= docTest(inBuckets));
  const direction = served?.direction ?? 1;
  // the buckets' runs are bound once per read, whether it counts, scans or both
  let bound: Run<T>[] | null = null;
  const runs = () =>
    (bound ??= index.bucketsFor(filter).flatMap(({ key, values }) => {
      const bucket = index.bucket(key);
      if (!bucket) return [];
      const lead = (served?.leading ?? []).map(([field]) => values[index.equalityFields.indexOf(field)]);
      return [runOf(bucket, lead, range, clauses, docTest, wholeTest)];
    }));
  /** runs grouped by their values of the sort's leading equality fields, the groups in the sort's order */
  const groups = () => {
    const leading = served?.leading ?? [];
    const sorted = [...runs()].sort((a, b) => {
      for (let i = 0; i < leading.length; i++) {
        const c = compareValues(a.lead[i], b.lead[i]);
        if (c !== 0) return c * leading[i][1];
      }
      return 0;
    });
    const out: Run<T>[][] = [];
    for (const run of sorted) {
      const last = out[out.length - 1];
      if (last && leading.every((_, i) => compareValues(last[0].lead[i], run.lead[i]) === 0)) last.push(run);
      else out.push([run]);
    }
    return out;
  };
  const unindexed = () =>
    documentPlan(filter, docTest, () => [...index.unindexed].flatMap((id) => docs.get(id) ?? []));
  const plan: Plan<T> = {
    index,
    sortServed: served !== null,
    exactOrder: served?.exact ?? false,
    examined: 0,
    scan(visit) {
      // only a served sort needs the buckets merged in key order; otherwise they are read one after another
      const finished = served
        ? groups().every((group) => merge(group, direction, visit, plan))
        : runs().every((run) => walk(run, visit, plan));
      if (!finished || index.unindexed.size === 0) return;
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
        else for (let k = 0; k < count; k++) if (run.rest(run.entries[positions[k]].doc)) n++;
      }
      if (index.unindexed.size === 0) return n;
      const rest = unindexed();
      n += rest.count();
      plan.examined += rest.examined;
      return n;
    },
    numbers(fields, visit) {
      const batcher = new Batcher<T>(fields, visit);
      for (const run of runs()) {
        plan.examined += run.to - run.from;
        const columns = fields.map((field) => run.bucket.column(field));
        const { positions, count } = select(run.checks, run.from, run.to);
        let kept = count;
        if (run.rest) {
          kept = 0;
          for (let k = 0; k < count; k++)
            if (run.rest(run.entries[positions[k]].doc)) positions[kept++] = positions[k];
        }
        batcher.run(run.entries, positions, kept, columns);
      }
      if (index.unindexed.size === 0) return;
      const rest = unindexed();
      rest.scan((doc) => (batcher.add(doc), true));
      batcher.flush();
      plan.examined += rest.examined;
    },
  };
  return plan;
}

/**
 * A run's matching positions one at a time, by the key in the walk's direction and, among equal keys,
 * by ascending _id (the entries' own order). Positions are judged a chunk at a time, each chunk twice
 * the last, so a page stops early and a long walk runs the columns' tight loops; walking down, a chunk
 * never splits a group of equal keys, and each group is given upwards.
 */
class Cursor<T> {
  private low: number;
  private high: number;
  private size = FIRST_CHUNK;
  private buffer: number[] = [];
  private taken = 0;
  constructor(
    readonly run: Run<T>,
    private readonly direction: 1 | -1,
    private readonly plan: { examined: number },
  ) {
    this.low = run.from;
    this.high = run.to;
  }

  next(): number {
    while (this.taken >= this.buffer.length) {
      if (this.low >= this.high) return -1;
      this.fill();
    }
    return this.buffer[this.taken++];
  }

  private fill() {
    const { run } = this;
    const { entries } = run;
    let start: number;
    let end: number;
    if (this.direction === 1) {
      start = this.low;
      end = Math.min(this.low + this.size, this.high);
      this.low = end;
    } else {
      end = this.high;
      start = Math.max(this.high - this.size, this.low);
      while (start > this.low && compareValues(entries[start - 1].value, entries[start].value) === 0) start--;
      this.high = start;
    }
    this.size *= 2;
    this.plan.examined += end - start;
    const { positions, count } = select(run.checks, start, end);
    const found: number[] = [];
    for (let k = 0; k < count; k++)
      if (run.rest === null || run.rest(entries[positions[k]].doc as Doc)) found.push(positions[k]);
    this.taken = 0;
    if (this.direction === 1) {
      this.buffer = found;
      return;
    }
    // downwards: the groups of equal keys from the top, each group upwards
    const ordered: number[] = [];
    for (let k = found.length - 1; k >= 0;) {
      let first = k;
      while (first > 0 && compareValues(entries[found[first - 1]].value, entries[found[k]].value) === 0)
        first--;
      for (let g = first; g <= k; g++) ordered.push(found[g]);
      k = first - 1;
    }
    this.buffer = ordered;
  }
}

/** Visits a run's matching documents in ascending order; false when the visitor stopped it. */
function walk<T>(run: Run<T>, visit: Visit<T>, plan: { examined: number }): boolean {
  const cursor = new Cursor(run, 1, plan);
  for (let at = cursor.next(); at >= 0; at = cursor.next()) if (!visit(run.entries[at].doc)) return false;
  return true;
}

/** A k-way merge of the runs by the sorted key in either direction, equal keys by ascending _id: an $in on an equality field still reads in index order. */
function merge<T>(runs: Run<T>[], direction: 1 | -1, visit: Visit<T>, plan: { examined: number }): boolean {
  const cursors = runs.map((run) => new Cursor(run, direction, plan));
  const heads = cursors.map((cursor) => cursor.next());
  const keys = runs.map((run) => run.bucket.numericKeys());
  const numeric = keys.every((k) => k !== null);
  const before = (r: number, s: number) => {
    const c = numeric
      ? keys[r][heads[r]] - keys[s][heads[s]]
      : compareValues(runs[r].entries[heads[r]].value, runs[s].entries[heads[s]].value);
    return c !== 0 ? c * direction < 0 : runs[r].entries[heads[r]].id < runs[s].entries[heads[s]].id;
  };
  for (;;) {
    let at = -1;
    for (let r = 0; r < runs.length; r++) {
      if (heads[r] >= 0 && (at < 0 || before(r, at))) at = r;
    }
    if (at < 0) return true;
    if (!visit(runs[at].entries[heads[at]].doc)) return false;
    heads[at] = cursors[at].next();
  }
}
