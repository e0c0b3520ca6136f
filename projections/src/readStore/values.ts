/** Reads a dotted path ('address.fullAddress') from a document. */
export function getPath(doc: unknown, path: string): unknown {
  if (!path.includes('.'))
    return doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[path] : undefined;
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Writes a dotted path, creating the objects on the way. */
export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let current = doc;
  for (const part of parts.slice(0, -1)) {
    if (current[part] === null || typeof current[part] !== 'object') current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  current[parts[parts.length - 1]] = value;
}

/** MongoDB's comparison order across types: missing/null < numbers < strings < objects < arrays < booleans < dates. */
function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number' || typeof value === 'bigint') return 2;
  if (typeof value === 'string') return 3;
  if (value instanceof Date) return 9;
  if (Array.isArray(value)) return 5;
  if (typeof value === 'boolean') return 8;
  return 4;
}

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
      return 0;
    case 2:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 3:
      return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    default: {
      const sa = JSON.stringify(a);
      const sb = JSON.stringify(b);
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    }
  }
}

export type SortSpec = Record<string, 1 | -1>;

/** A reader of one path, made once: a top-level field is a plain property read. */
export function pathReader(path: string): (doc: unknown) => unknown {
  if (path.includes('.')) return (doc) => getPath(doc, path);
  return (doc) =>
    doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[path] : undefined;
}

export const sortComparator = (sort: SortSpec) => {
  const keys = Object.entries(sort).map(([path, direction]) => ({ read: pathReader(path), direction }));
  return (a: unknown, b: unknown) => {
    for (const { read, direction } of keys) {
      const c = compareValues(read(a), read(b));
      if (c !== 0) return c * direction;
    }
    return 0;
  };
};

/** A value a plain equality condition pins a field to, or undefined when the condition is not one. */
export function equalityValues(condition: unknown): unknown[] | undefined {
  if (condition === null || typeof condition !== 'object' || condition instanceof Date) return [condition];
  if (Array.isArray(condition)) return undefined; // array equality is not indexed
  const ops = condition as Record<string, unknown>;
  const keys = Object.keys(ops);
  if (keys.length === 1 && keys[0] === '$eq') return equalityValues(ops.$eq);
  if (
    keys.length === 1 &&
    keys[0] === '$in' &&
    Array.isArray(ops.$in) &&
    ops.$in.every((v) => v === null || typeof v !== 'object')
  )
    return ops.$in as unknown[];
  return undefined;
}

export const isPlainValue = (value: unknown) =>
  value === null || value === undefined || typeof value !== 'object' || value instanceof Date;

/**
 * A deep copy of plain data (objects, arrays, Dates, primitives): what goes in or out of the store is
 * never shared. Several times faster than structuredClone for the small documents read models hold.
 */
export function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map(copy) as T;
  // spread first, then replace the nested values in place: adding forty keys one by one to {} turns the
  // copy into a dictionary-mode object in V8, which is several times slower to read in every later scan
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in out) {
    const field = out[key];
    if (field !== null && typeof field === 'object') out[key] = copy(field);
  }
  return out as T;
}
