import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CURRENT_SCHEMA_VERSION, newEvent, SqliteEventStore, type DomainEvent } from '@estate/events';
import type { AppContext } from '../src/core/context';

/**
 * The workflow specifications' event log: a SQLite store in a folder of its own, opened before each
 * test (handed to `opened`, the spec keeps it in its `store`) and closed and removed after it, so no
 * test sees another's streams. Call it where beforeEach would stand (a file's top or a describe).
 */
export function freshEventStoreForEachTest(name: string, opened: (store: SqliteEventStore) => void) {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), `estate-${name}-`));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
    opened(store);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

/** Given: facts already on a stream, written as the product writes them (each type's current schema) */
export async function givenEvents(store: SqliteEventStore, stream: string, ...events: DomainEvent[]) {
  const stored = await store.readStream(stream);
  await store.append(
    stream,
    events.map((e) => newEvent(e.type, e.data, {}, { schemaVersion: CURRENT_SCHEMA_VERSION[e.type] })),
    stored.length ? stored[stored.length - 1].revision : 'no-stream',
  );
}

/**
 * What a workflow needs of the app in a specification: the log, the app's clock stopped at `at`
 * (when given), and read models that are always caught up (there are none here).
 */
export const workflowContext = (store: SqliteEventStore, at?: string) =>
  ({
    eventStore: store,
    ...(at === undefined ? {} : { clock: () => new Date(at) }),
    projections: { whenCaughtUp: () => undefined },
  }) as unknown as AppContext;
