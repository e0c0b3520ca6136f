import type { DomainEvent, StoredEvent } from '@estate/events';
import type { Projection } from './projection';
import { MemoryReadStore } from './readStore/memory';
import type { ReadStore } from './readStore/port';

/** Turns domain events into stored ones: positions in order, revisions counted per stream. */
export function storedEvents(
  events: { streamId: string; event: DomainEvent; occurredAt?: string }[],
): StoredEvent[] {
  const revisions = new Map<string, number>();
  return events.map(({ streamId, event, occurredAt }, i) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return {
      eventId: `e${i + 1}`,
      streamId,
      revision,
      position: i + 1,
      type: event.type,
      data: event.data,
      schemaVersion: 1,
      occurredAt: occurredAt ?? new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      metadata: { correlationId: 'c', causationId: null, actor: null },
    };
  });
}

/** Given events / Then documents: applies events to projections on a fresh embedded read store. */
export async function project(
  projections: Projection[],
  events: StoredEvent[],
  store: ReadStore = new MemoryReadStore(),
) {
  for (const event of events) for (const projection of projections) await projection.apply(event, store);
  return store;
}

/**
 * The same events applied once and, on the same store, twice (a crash before the checkpoint
 * delivers them again): each collection's documents after both, by id, for a spec to compare.
 */
export async function appliedOnceAndTwice(
  projections: Projection[],
  events: StoredEvent[],
  collections: string[],
): Promise<{ once: unknown[][]; twice: unknown[][] }> {
  const once = await project(projections, events);
  const twice = await project(projections, events, await project(projections, events));
  const documents = (store: ReadStore) =>
    Promise.all(collections.map((name) => store.collection(name).find({}, { sort: { _id: 1 } })));
  return { once: await documents(once), twice: await documents(twice) };
}
