import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, SqliteEventStore, type StoredEvent } from '@estate/events';
import { MemoryReadStore } from '@estate/projections';
import { SqliteBus } from './bus/sqlite';
import type { AppContext } from './context';
import { createLogger } from './logger';
import { DOMAIN_EVENTS_TOPIC, publicData, startDomainEventForwarder } from './forwarder';

it('forwards every domain event to the bus in global order, keyed by stream, resuming from its checkpoint', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'forwarder-'));
  const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
  const bus = new SqliteBus(join(dir, 'bus.sqlite'));
  const readStore = new MemoryReadStore();
  const ctx = {
    eventStore,
    personalData: { stored: eventStore },
    bus,
    readStore,
    logger: createLogger('silent'),
  } as unknown as AppContext;
  await eventStore.append(
    'publication-a',
    [newEvent('PublicationPublished', { publicationId: 'a' })],
    'no-stream',
  );
  const first = await startDomainEventForwarder(ctx);
  await eventStore.append(
    'publication-b',
    [newEvent('PublicationPublished', { publicationId: 'b' })],
    'no-stream',
  );
  const wait = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  const received: { key: string | null; value: StoredEvent }[] = [];
  const sub = await bus.subscribe(
    'reader',
    DOMAIN_EVENTS_TOPIC,
    (batch) => void received.push(...batch.map((m) => ({ key: m.key, value: m.value as StoredEvent }))),
  );
  await wait(() => received.length === 2);
  await first.stop();
  await eventStore.append('publication-a', [newEvent('PublicationPublished', { publicationId: 'a' })], 0);
  const second = await startDomainEventForwarder(ctx); // a restart resumes after the checkpoint
  await wait(() => received.length === 3);
  await new Promise((r) => setTimeout(r, 200));
  await second.stop();
  await sub.stop();
  expect(received.map((m) => [m.key, m.value.position])).toEqual([
    ['publication-a', 1],
    ['publication-b', 2],
    ['publication-a', 3],
  ]);
  await bus.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps a code’s salt out of what it publishes', () => {
  const data = { phone: '79990000001', codeSalt: 'a'.repeat(32), codeHash: 'b'.repeat(64), purpose: 'login' };
  expect(publicData(data)).toEqual({ phone: '79990000001', codeHash: 'b'.repeat(64), purpose: 'login' });
});
