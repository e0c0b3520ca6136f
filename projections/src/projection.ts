import type { EventOf, EventType, StoredEvent } from '@estate/events';
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
  /** the event types it reads (defineProjection); absent: it looks at every event itself */
  handles?: readonly EventType[];
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

/** A stored event of one of the types a projection handles, its data at the current schema version. */
export type ProjectedEvent<T extends EventType> = {
  [K in T]: Omit<StoredEvent, 'type' | 'data'> & EventOf<K>;
}[T];

/**
 * Every event type of one of the catalogue's groups (`bookingEvents`, `calendarEvents`, …), for a read
 * model that follows each event of those streams: an event the group gains later reaches it too.
 */
export const eventTypesOf = <Group extends Partial<Record<EventType, unknown>>>(group: Group) =>
  Object.keys(group) as (keyof Group & EventType)[];

/**
 * A projection typed by the events it handles: `apply` is called only for those, and a `switch` on
 * `event.type` narrows `event.data` to each one's schema (no casts of event data).
 */
export function defineProjection<T extends EventType>(projection: {
  name: string;
  version: number;
  collections: Record<string, IndexSpec[]>;
  handles: readonly T[];
  apply(event: ProjectedEvent<T>, store: ReadStore): Promise<void>;
}): Projection {
  const handles = new Set<string>(projection.handles);
  return {
    name: projection.name,
    version: projection.version,
    collections: projection.collections,
    handles: projection.handles,
    async apply(event, store) {
      if (handles.has(event.type)) await projection.apply(event as ProjectedEvent<T>, store);
    },
  };
}
