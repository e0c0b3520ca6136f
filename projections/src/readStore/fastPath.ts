import { copy, getPath } from './values';

/**
 * Fast paths for the filters and updates projections run once per event ({ _id, revision: { $lt } },
 * $set, $inc, …). mingo builds a fresh operator context for every query and update, which costs more
 * than the work itself at 100,000 events; these cover the plain cases with MongoDB's semantics and
 * answer `null` for anything else, which then goes to mingo.
 */
type Matcher = (doc: Record<string, unknown>) => boolean | null;

const OPERATORS = new Set(['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$nin', '$exists']);
const isPrimitive = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** MongoDB compares with $lt/$gt only within one type ("type bracketing"). */
const sameKind = (a: unknown, b: unknown) => typeof a === typeof b && a !== null && b !== null;

function conditionMatcher(path: string, condition: unknown): Matcher | null {
  const parts = path.split('.'); // once per query, not once per document
  // one result object reused for every document: a count walks tens of thousands, and an allocation each adds up
  const result = { value: undefined as unknown, simple: true };
  const read = (doc: Record<string, unknown>): { value: unknown; simple: boolean } => {
    let current: unknown = doc;
    result.simple = true;
    for (const part of parts) {
      if (Array.isArray(current)) {
        result.simple = false;
        result.value = undefined;
        return result;
      }
      if (current === null || typeof current !== 'object') {
        result.value = undefined;
        return result;
      }
      current = (current as Record<string, unknown>)[part];
    }
    result.value = current;
    result.simple = !Array.isArray(current) && (current === undefined || isPrimitive(current));
    return result;
  };
  const equals = (value: unknown, expected: unknown) =>
    expected === null ? value === null || value === undefined : value === expected;
  if (isPrimitive(condition)) {
    return (doc) => {
      const { value, simple } = read(doc);
      return simple ? equals(value, condition) : null;
    };
  }
  if (typeof condition !== 'object' || Array.isArray(condition)) return null;
  if ('$regex' in condition) return regexMatcher(read, condition);
  const ops = Object.entries(condition as Record<string, unknown>);
  if (ops.length === 0 || !ops.every(([op]) => OPERATORS.has(op))) return null;
  for (const [op, operand] of ops) {
    const list = op === '$in' || op === '$nin';
    if (
      list
        ? !Array.isArray(operand) || !operand.every(isPrimitive)
        : op === '$exists'
          ? typeof operand !== 'boolean'
          : !isPrimitive(operand)
    )
      return null;
  }
  return (doc) => {
    const { value, simple } = read(doc);
    if (!simple) {
      // an array of plain values answers membership as MongoDB does: $eq/$in if an element matches, $ne if none does
      if (
        !Array.isArray(value) ||
        !value.every(isPrimitive) ||
        !ops.every(([op]) => op === '$eq' || op === '$ne' || op === '$in' || op === '$nin')
      )
        return null;
      for (const [op, operand] of ops) {
        const members = value as unknown[];
        const list = op === '$in' || op === '$nin';
        const hit = list
          ? (operand as unknown[]).some((o) => o !== null && members.includes(o))
          : operand !== null && members.includes(operand);
        if ((op === '$ne' || op === '$nin') === hit) return false;
      }
      return true;
    }
    for (const [op, operand] of ops) {
      switch (op) {
        case '$eq':
          if (!equals(value, operand)) return false;
          break;
        case '$ne':
          if (equals(value, operand)) return false;
          break;
        case '$in':
          if (!(operand as unknown[]).some((o) => equals(value, o))) return false;
          break;
        case '$nin':
          if ((operand as unknown[]).some((o) => equals(value, o))) return false;
          break;
        case '$exists':
          if ((value !== undefined) !== operand) return false;
          break;
        case '$lt':
          if (!sameKind(value, operand) || !((value as number) < (operand as number))) return false;
          break;
        case '$lte':
          if (!sameKind(value, operand) || !((value as number) <= (operand as number))) return false;
          break;
        case '$gt':
          if (!sameKind(value, operand) || !((value as number) > (operand as number))) return false;
          break;
        case '$gte':
          if (!sameKind(value, operand) || !((value as number) >= (operand as number))) return false;
          break;
      }
    }
    return true;
  };
}

/** { $regex, $options } on a string field; arrays and other options go to mingo. */
function regexMatcher(
  read: (doc: Record<string, unknown>) => { value: unknown; simple: boolean },
  condition: Record<string, unknown>,
): Matcher | null {
  const { $regex: pattern, $options: options = '', ...rest } = condition;
  if (Object.keys(rest).length || typeof options !== 'string' || !/^[ims]*$/.test(options)) return null;
  if (typeof pattern !== 'string' && !(pattern instanceof RegExp)) return null;
  const regex = pattern instanceof RegExp ? (options ? null : pattern) : new RegExp(pattern, options);
  if (!regex || regex.global || regex.sticky) return null;
  return (doc) => {
    const { value, simple } = read(doc);
    if (!simple) return null;
    return typeof value === 'string' && regex.test(value);
  };
}

/** $and, $or and $nor of plain filters, each answering true, false or null (mingo decides) as a whole. */
function logicalMatcher(op: string, branches: unknown): Matcher | null {
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const matchers: Matcher[] = [];
  for (const branch of branches) {
    if (branch === null || typeof branch !== 'object' || Array.isArray(branch)) return null;
    const matcher = compileSimpleFilter(branch as Record<string, unknown>);
    if (!matcher) return null;
    matchers.push(matcher);
  }
  const decisive = op === '$and' ? false : true; // one branch that answers this decides the whole
  const negate = op === '$nor';
  return (doc) => {
    let unsure = false;
    for (const matcher of matchers) {
      const result = matcher(doc);
      if (result === decisive) return negate ? !decisive : decisive;
      if (result === null) unsure = true;
    }
    if (unsure) return null;
    return negate ? decisive : !decisive;
  };
}

/** A matcher for a filter of plain field conditions, or null when mingo must decide. */
export function compileSimpleFilter(filter: Record<string, unknown>): Matcher | null {
  const matchers: Matcher[] = [];
  for (const [path, condition] of Object.entries(filter)) {
    const matcher =
      path === '$and' || path === '$or' || path === '$nor'
        ? logicalMatcher(path, condition)
        : path.startsWith('$')
          ? null
          : conditionMatcher(path, condition);
    if (!matcher) return null;
    matchers.push(matcher);
  }
  return (doc) => {
    let unsure = false;
    for (const matcher of matchers) {
      const result = matcher(doc);
      if (result === false) return false;
      if (result === null) unsure = true;
    }
    return unsure ? null : true;
  };
}

const SIMPLE_UPDATES = new Set(['$set', '$unset', '$inc', '$push']);

/**
 * Applies $set, $unset, $inc and a $push of one value on paths whose parents are plain objects; answers null (and
 * changes nothing) when the update needs mingo. Returns whether anything changed. Objects along a changed path are
 * replaced by copies, never changed in place: a shallow copy of a stored document can be updated this way while the
 * stored version, which indexes and earlier reads still hold, stays as it was.
 */
export function applySimpleUpdate(
  doc: Record<string, unknown>,
  update: Record<string, Record<string, unknown>>,
): boolean | null {
  for (const [op, fields] of Object.entries(update)) {
    if (!SIMPLE_UPDATES.has(op) || fields === null || typeof fields !== 'object') return null;
    for (const [path, value] of Object.entries(fields)) {
      if (path === '_id' || path.includes('$')) return null;
      const parentPath = path.split('.').slice(0, -1).join('.');
      const parent = parentPath ? getPath(doc, parentPath) : doc;
      if (parent !== undefined && (parent === null || typeof parent !== 'object' || Array.isArray(parent)))
        return null;
      if (
        op === '$inc' &&
        (typeof value !== 'number' ||
          (getPath(doc, path) !== undefined && typeof getPath(doc, path) !== 'number'))
      )
        return null;
      // $push of one value onto an array (or a missing field); $each and friends go to mingo
      const modified =
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.keys(value).some((k) => k.startsWith('$'));
      if (
        op === '$push' &&
        (modified || (getPath(doc, path) !== undefined && !Array.isArray(getPath(doc, path))))
      )
        return null;
    }
  }
  let changed = false;
  for (const [op, fields] of Object.entries(update)) {
    for (const [path, value] of Object.entries(fields)) {
      const before = getPath(doc, path);
      if (op === '$set') {
        if (!deepEqual(before, value)) {
          setPathCopying(doc, path, copy(value));
          changed = true;
        }
      } else if (op === '$unset') {
        if (before !== undefined) {
          const parts = path.split('.');
          const parent = parts.length > 1 ? parentCopy(doc, parts) : doc;
          delete parent[parts[parts.length - 1]];
          changed = true;
        }
      } else if (op === '$push') {
        setPathCopying(doc, path, [...((before as unknown[] | undefined) ?? []), copy(value)]);
        changed = true;
      } else if (value !== 0 || before === undefined) {
        setPathCopying(doc, path, ((before as number | undefined) ?? 0) + (value as number));
        changed = true;
      }
    }
  }
  return changed;
}

/** The parent object of a dotted path, each object on the way replaced by a copy (created when missing). */
function parentCopy(doc: Record<string, unknown>, parts: string[]): Record<string, unknown> {
  let current = doc;
  for (const part of parts.slice(0, -1)) {
    const child = current[part];
    current[part] =
      child !== null && typeof child === 'object' ? { ...(child as Record<string, unknown>) } : {};
    current = current[part] as Record<string, unknown>;
  }
  return current;
}

function setPathCopying(doc: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  parentCopy(doc, parts)[parts[parts.length - 1]] = value;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
