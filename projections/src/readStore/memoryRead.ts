import { find as mingoFind } from 'mingo';
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
    return mingoFind([copy(doc)], {}, projection).all()[0] as Record<string, unknown>;
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
