import type { StoredEvent } from '@estate/events';
import type { IndexSpec, ReadStore } from './readStore/port';

/**
 * A read model: which collections it owns (with the indexes its queries need) and how each event
 * changes them. `apply` must be idempotent: applying an event it has already applied changes nothing,
 * so a crash between a write and its checkpoint is harmless.
 */
export type Projection = {
  name: string;
  /** bump when the documents' shape changes: the runner then rebuilds this read model from zero */
  version: number;
  collections: Record<string, IndexSpec[]>;
  apply(event: StoredEvent, store: ReadStore): Promise<void>;
};

/** Runs `fn` unless the guarded upsert found the document at a later revision (MongoDB's E11000 on upsert). */
export async function ignoreAlreadyApplied(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return;
    throw error;
  }
}
