import { createHash } from 'node:crypto';
import type { Projection } from './projection';
import type { ReadStore } from './readStore/port';

/** Key order and all: two documents are equal when these texts are. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * One hash of every document of the projections' collections, in `_id` order: two read stores built
 * from the same log hold the same read models when these are equal (a rebuild, a restart from a
 * snapshot, another engine).
 */
export async function hashReadModels(store: ReadStore, projections: readonly Projection[]): Promise<string> {
  const hash = createHash('sha256');
  for (const projection of projections) {
    for (const name of Object.keys(projection.collections)) {
      hash.update(name);
      for (const doc of await store.collection(name).find({}, { sort: { _id: 1 } }))
        hash.update(canonical(doc));
    }
  }
  return hash.digest('hex');
}
