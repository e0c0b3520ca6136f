import type { Filter } from './port';

/**
 * One field of a bucket's sorted documents laid out as arrays, so a count or a page tests thousands of
 * listings with a few array reads instead of walking objects. Built on demand, then kept through
 * writes: a merge copies it (`remapColumn`) and a changed document sets its own position (`setValue`).
 *  - number: every value a number, null or missing (NaN stands for null and missing);
 *  - string: every value a string, null or missing; codes name each distinct string (-1: null or
 *    missing) for equality tests, and when every string is an ISO timestamp of one shape
 *    (2026-11-23T12:00:00.000Z, whose text order is its time order) `times` holds them as numbers
 *    for range tests; other string ranges compare the texts.
 * A field holding anything else (arrays, objects, mixed types) has no column: its conditions are
 * judged on the documents, with MongoDB's full semantics.
 */
export type Column =
  | { kind: 'number'; values: Float64Array }
  | {
      kind: 'string';
      texts: (string | null)[];
      codes: Int32Array;
      codeOf: Map<string, number>;
      times: Float64Array | null;
    };

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The column of a list of values (a field of a bucket's documents, or its sorted keys), or null when it cannot be one. */
export function buildColumn(raw: readonly unknown[]): Column | null {
  const n = raw.length;
  let numbers = 0;
  let strings = 0;
  for (let i = 0; i < n; i++) {
    const v = raw[i];
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return null;
      numbers++;
    } else if (typeof v === 'string') strings++;
    else if (v !== null && v !== undefined) return null;
  }
  if (numbers > 0 && strings > 0) return null;
  if (strings === 0) {
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = typeof raw[i] === 'number' ? (raw[i] as number) : NaN;
    return { kind: 'number', values };
  }
  const texts = raw.map((v) => (typeof v === 'string' ? v : null));
  const codeOf = new Map<string, number>();
  const codes = new Int32Array(n);
  let times: Float64Array | null = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const text = texts[i];
    if (text === null) {
      codes[i] = -1;
      if (times) times[i] = NaN;
      continue;
    }
    let code = codeOf.get(text);
    if (code === undefined) codeOf.set(text, (code = codeOf.size));
    codes[i] = code;
    if (times) {
      const time = ISO_TIMESTAMP.test(text) ? Date.parse(text) : NaN;
      if (Number.isNaN(time)) times = null;
      else times[i] = time;
    }
  }
  return { kind: 'string', texts, codes, codeOf, times };
}

/**
 * Sets position i to a value; false when the value does not fit the column (another type, NaN), which must
 * then be built again: it keeps exactly what buildColumn would make of the same values.
 */
export function setValue(column: Column, i: number, v: unknown): boolean {
  const missing = v === null || v === undefined;
  if (column.kind === 'number') {
    if (missing) column.values[i] = NaN;
    else if (typeof v === 'number' && !Number.isNaN(v)) column.values[i] = v;
    else return false;
    return true;
  }
  if (missing) {
    column.texts[i] = null;
    column.codes[i] = -1;
    if (column.times) column.times[i] = NaN;
    return true;
  }
  if (typeof v !== 'string') return false;
  column.texts[i] = v;
  let code = column.codeOf.get(v);
  if (code === undefined) {
    // codes of texts no longer held stay behind: past twice the column's length, it is built afresh
    if (column.codeOf.size > 2 * column.codes.length + 64) return false;
    column.codeOf.set(v, (code = column.codeOf.size));
  }
  column.codes[i] = code;
  if (column.times) {
    const time = ISO_TIMESTAMP.test(v) ? Date.parse(v) : NaN;
    if (Number.isNaN(time)) column.times = null;
    else column.times[i] = time;
  }
  return true;
}

type TypedArray = Float64Array | Int32Array;

/** The array without position i: the values after it move down, in the same buffer. */
export function spliceOut<A extends TypedArray>(array: A, i: number): A {
  array.copyWithin(i, i + 1);
  return array.subarray(0, array.length - 1) as A;
}

/**
 * The array with `value` put in at position i: in the same buffer while it has room (a bucket's arrays
 * keep a quarter to spare), so a write to a big bucket allocates nothing the garbage collector must sweep.
 */
export function spliceIn<A extends TypedArray>(array: A, i: number, value: number): A {
  const n = array.length;
  const Kind = array.constructor as new (
    buffer: ArrayBufferLike | number,
    offset?: number,
    length?: number,
  ) => A;
  let next: A;
  if (array.byteOffset === 0 && array.buffer.byteLength >= (n + 1) * array.BYTES_PER_ELEMENT)
    next = new Kind(array.buffer, 0, n + 1);
  else {
    next = new Kind(Math.ceil(n * 1.25) + 16).subarray(0, n + 1) as A;
    next.set(array);
  }
  next.copyWithin(i + 1, i, n);
  next[i] = value;
  return next;
}

/** The column without position i. */
export function removeAt(column: Column, i: number) {
  if (column.kind === 'number') {
    column.values = spliceOut(column.values, i);
    return;
  }
  column.texts.splice(i, 1);
  column.codes = spliceOut(column.codes, i);
  if (column.times) column.times = spliceOut(column.times, i);
}

/** The column with a value put in at position i; false when it does not fit (the column is then built again). */
export function insertAt(column: Column, i: number, value: unknown): boolean {
  if (column.kind === 'number') column.values = spliceIn(column.values, i, NaN);
  else {
    column.texts.splice(i, 0, null);
    column.codes = spliceIn(column.codes, i, -1);
    if (column.times) column.times = spliceIn(column.times, i, NaN);
  }
  return setValue(column, i, value);
}

/** Old positions [from, to) that a merge moved to `at` and after. */
export type Moved = { from: number; to: number; at: number };

/**
 * The column after a merge of its bucket: the kept runs copied, each inserted value set; null when an
 * inserted value does not fit (the column is then built again).
 */
export function remapColumn(
  column: Column,
  length: number,
  moved: Moved[],
  inserted: { at: number; value: unknown }[],
): Column | null {
  let next: Column;
  if (column.kind === 'number') {
    const values = new Float64Array(length);
    for (const { from, to, at } of moved) values.set(column.values.subarray(from, to), at);
    next = { kind: 'number', values };
  } else {
    const texts = new Array<string | null>(length);
    const codes = new Int32Array(length);
    const times = column.times ? new Float64Array(length) : null;
    for (const { from, to, at } of moved) {
      for (let i = from; i < to; i++) texts[at + i - from] = column.texts[i];
      codes.set(column.codes.subarray(from, to), at);
      times?.set(column.times!.subarray(from, to), at);
    }
    next = { kind: 'string', texts, codes, codeOf: column.codeOf, times };
  }
  for (const { at, value } of inserted) if (!setValue(next, at, value)) return null;
  return next;
}

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);
const isNullish = (v: unknown) => v === null || v === undefined;

/**
 * A condition bound to one bucket's columns. One class with every field set keeps the evaluators'
 * property reads monomorphic, and a switch on `kind` replaces a closure per condition: a query builds
 * a handful of these per bucket, and closures cost more to create than to run on a small bucket.
 */
export class Check {
  kind: Kind = Kind.Never;
  values: Float64Array = EMPTY_NUMBERS;
  codes: Int32Array = EMPTY_CODES;
  flags: Uint8Array = EMPTY_FLAGS;
  texts: (string | null)[] = [];
  set: Set<number> = EMPTY_SET;
  lo = -Infinity;
  hi = Infinity;
  loIn = true;
  hiIn = true;
  loText: string | null = null;
  hiText: string | null = null;
  withNull = false;
  negate = false;
  branches: Check[][] = [];
}

export enum Kind {
  Never,
  NumberRange,
  NumberEquals,
  NumberIn,
  Codes,
  TextRange,
  Or,
}

const EMPTY_NUMBERS = new Float64Array(0);
const EMPTY_CODES = new Int32Array(0);
const EMPTY_FLAGS = new Uint8Array(0);
const EMPTY_SET = new Set<number>();

const check = (fields: Partial<Check>) => Object.assign(new Check(), fields);

type Bound = { value: number | string; inclusive: boolean; time: number };
type Member = { numbers: number[]; texts: string[]; withNull: boolean; negate: boolean };

/**
 * A field condition read once per query, whatever the bucket: its range bounds and its equality
 * lists. null when the documents must judge it ($regex, $exists, $elemMatch, a Date or null bound, …).
 */
type Prepared = { low: Bound | null; high: Bound | null; members: Member[] };

function prepare(condition: unknown): Prepared | null {
  const ops: [string, unknown][] =
    condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    !(condition instanceof Date)
      ? Object.entries(condition as Record<string, unknown>)
      : [['$eq', condition]];
  if (ops.length === 0) return null;
  const prepared: Prepared = { low: null, high: null, members: [] };
  for (const [op, operand] of ops) {
    if (RANGE_OPS.has(op)) {
      if (typeof operand !== 'number' && typeof operand !== 'string') return null;
      if (Number.isNaN(operand)) return null;
      const time = typeof operand === 'string' && ISO_TIMESTAMP.test(operand) ? Date.parse(operand) : NaN;
      const bound = { value: operand, inclusive: op === '$gte' || op === '$lte', time };
      if (op === '$gt' || op === '$gte') prepared.low = bound;
      else prepared.high = bound;
      continue;
    }
    const list =
      op === '$eq' || op === '$ne'
        ? [operand]
        : (op === '$in' || op === '$nin') && Array.isArray(operand)
          ? operand
          : null;
    if (
      !list ||
      !list.every(
        (v) => isNullish(v) || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean',
      )
    )
      return null;
    const numbers = [...new Set(list.filter((v): v is number => typeof v === 'number'))];
    if (numbers.some(Number.isNaN)) return null;
    const texts = list.filter((v): v is string => typeof v === 'string');
    prepared.members.push({
      numbers,
      texts,
      withNull: list.some(isNullish),
      negate: op === '$ne' || op === '$nin',
    });
  }
  return prepared;
}

/** The checks of a prepared condition on one bucket's column. */
function conditionChecks(column: Column, prepared: Prepared): Check[] {
  const checks = prepared.members.map((member) => memberCheck(column, member));
  const { low, high } = prepared;
  if (!low && !high) return checks;
  // type bracketing: a number bound never matches a string, nor a string bound a number
  const numeric = column.kind === 'number';
  if ([low, high].some((b) => b !== null && (typeof b.value === 'number') !== numeric))
    return [check({ kind: Kind.Never })];
  checks.push(rangeCheck(column, low, high));
  return checks;
}

function rangeCheck(column: Column, low: Bound | null, high: Bound | null): Check {
  const loIn = low?.inclusive ?? true;
  const hiIn = high?.inclusive ?? true;
  if (column.kind === 'number')
    return check({
      kind: Kind.NumberRange,
      values: column.values,
      lo: (low?.value as number) ?? -Infinity,
      hi: (high?.value as number) ?? Infinity,
      loIn,
      hiIn,
    });
  // timestamps compare as numbers when the bounds are timestamps of the same shape: then text order is time order
  if (
    column.times &&
    (low === null || !Number.isNaN(low.time)) &&
    (high === null || !Number.isNaN(high.time))
  ) {
    return check({
      kind: Kind.NumberRange,
      values: column.times,
      lo: low?.time ?? -Infinity,
      hi: high?.time ?? Infinity,
      loIn,
      hiIn,
    });
  }
  return check({
    kind: Kind.TextRange,
    texts: column.texts,
    loText: (low?.value as string) ?? null,
    hiText: (high?.value as string) ?? null,
    loIn,
    hiIn,
  });
}

/** Equality with any of the values, null matching null and missing; values of another type never match. */
function memberCheck(column: Column, member: Member): Check {
  const { numbers, texts, withNull, negate } = member;
  if (column.kind === 'number') {
    if (numbers.length === 1 && !withNull)
      return check({ kind: Kind.NumberEquals, values: column.values, lo: numbers[0], negate });
    return check({ kind: Kind.NumberIn, values: column.values, set: new Set(numbers), withNull, negate });
  }
  const flags = new Uint8Array(column.codeOf.size + 1); // index code + 1: 0 is null or missing
  if (withNull) flags[0] = 1;
  for (const text of texts) {
    const code = column.codeOf.get(text);
    if (code !== undefined) flags[code + 1] = 1;
  }
  return check({ kind: Kind.Codes, codes: column.codes, flags, negate });
}

/** Whether position i passes the check. */
function passes(c: Check, i: number): boolean {
  switch (c.kind) {
    case Kind.NumberRange: {
      const v = c.values[i]; // NaN (null, missing) fails every comparison
      return (c.loIn ? v >= c.lo : v > c.lo) && (c.hiIn ? v <= c.hi : v < c.hi);
    }
    case Kind.NumberEquals:
      return (c.values[i] === c.lo) !== c.negate;
    case Kind.NumberIn: {
      const v = c.values[i];
      return (v !== v ? c.withNull : c.set.has(v)) !== c.negate;
    }
    case Kind.Codes:
      return (c.flags[c.codes[i] + 1] === 1) !== c.negate;
    case Kind.TextRange: {
      const v = c.texts[i];
      if (v === null) return false;
      if (c.loText !== null && (c.loIn ? v < c.loText : v <= c.loText)) return false;
      return c.hiText === null || (c.hiIn ? v <= c.hiText : v < c.hiText);
    }
    case Kind.Or:
      for (const branch of c.branches) if (passesAll(branch, i)) return true;
      return false;
    case Kind.Never:
      return false;
  }
}

function passesAll(checks: Check[], i: number): boolean {
  for (let k = 0; k < checks.length; k++) if (!passes(checks[k], i)) return false;
  return true;
}

/** Scratch for `select`: reads are synchronous, so one buffer serves every query in turn. */
let scratch = new Int32Array(1024);

/**
 * The positions in [from, to) that pass every check, ascending, in a shared scratch buffer valid
 * until the next call: one tight loop per check over the survivors of the previous one.
 */
export function select(checks: Check[], from: number, to: number): { positions: Int32Array; count: number } {
  if (scratch.length < to - from) scratch = new Int32Array(Math.max(to - from, 2 * scratch.length));
  const out = scratch;
  let n = 0;
  if (checks.length === 0) {
    for (let i = from; i < to; i++) out[n++] = i;
    return { positions: out, count: n };
  }
  const first = checks[0];
  if (first.kind === Kind.NumberRange && first.loIn && first.hiIn) {
    const { values, lo, hi } = first;
    for (let i = from; i < to; i++) if (values[i] >= lo && values[i] <= hi) out[n++] = i;
  } else for (let i = from; i < to; i++) if (passes(first, i)) out[n++] = i;
  for (let k = 1; k < checks.length && n > 0; k++) {
    const c = checks[k];
    let m = 0;
    if (c.kind === Kind.NumberRange && c.loIn && c.hiIn) {
      const { values, lo, hi } = c;
      for (let j = 0; j < n; j++) {
        const v = values[out[j]];
        if (v >= lo && v <= hi) out[m++] = out[j];
      }
    } else if (c.kind === Kind.Codes && !c.negate) {
      const { codes, flags } = c;
      for (let j = 0; j < n; j++) if (flags[codes[out[j]] + 1] === 1) out[m++] = out[j];
    } else for (let j = 0; j < n; j++) if (passes(c, out[j])) out[m++] = out[j];
    n = m;
  }
  return { positions: out, count: n };
}

/** A filter taken apart once per query: each part kept with its own key, for the documents to judge when a column cannot. */
export type Clause =
  { path: string; prepared: Prepared; part: Filter } | { or: Clause[][]; part: Filter } | { doc: Filter };

export function clausesOf(filter: Filter): Clause[] {
  const clauses: Clause[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition))
      for (const part of condition as Filter[]) clauses.push(...clausesOf(part));
    else if (key === '$or' && Array.isArray(condition) && condition.length > 0)
      clauses.push({ or: (condition as Filter[]).map(clausesOf), part: { $or: condition } });
    else {
      const prepared = key.startsWith('$') ? null : prepare(condition);
      clauses.push(
        prepared ? { path: key, prepared, part: { [key]: condition } } : { doc: { [key]: condition } },
      );
    }
  }
  return clauses;
}

/** The columns a bucket can offer: built on first use, null for a field that cannot be one. */
export type Columns = (path: string) => Column | null;

/** Binds the clauses to a bucket's columns: checks for what the columns can judge, a filter for the documents. */
export function bind(clauses: Clause[], columns: Columns): { checks: Check[]; residual: Filter | null } {
  const checks: Check[] = [];
  const rest: Filter[] = [];
  for (const clause of clauses) {
    const bound = bindOne(clause, columns);
    if (bound) checks.push(...bound);
    else rest.push('doc' in clause ? clause.doc : clause.part);
  }
  // each part keeps its own key: two $or parts, or two conditions on one path, must not overwrite each other
  return { checks, residual: rest.length === 0 ? null : rest.length === 1 ? rest[0] : { $and: rest } };
}

function bindOne(clause: Clause, columns: Columns): Check[] | null {
  if ('doc' in clause) return null;
  if ('or' in clause) {
    const branches: Check[][] = [];
    for (const branch of clause.or) {
      const { checks, residual } = bind(branch, columns);
      if (residual) return null;
      branches.push(checks);
    }
    return [check({ kind: Kind.Or, branches })];
  }
  const column = columns(clause.path);
  return column ? conditionChecks(column, clause.prepared) : null;
}
