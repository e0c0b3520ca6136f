import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type EventOf } from '@estate/events';
import { handleCommand, type Decider } from './decider';
import { DomainError } from './errors';

/** A tiny decider whose rule depends on the whole history: at most `limit` sessions per user. */
type Event = EventOf<'UserRegistered'> | EventOf<'SessionStarted'>;
type State = { registered: boolean; sessions: number };
type Command = { type: 'Start'; tokenHash: string; limit: number };
const decider: Decider<Command, State, Event> = {
  initialState: () => ({ registered: false, sessions: 0 }),
  evolve: (s, e) =>
    e.type === 'UserRegistered' ? { ...s, registered: true } : { ...s, sessions: s.sessions + 1 },
  decide: (c, s) => {
    if (s.sessions >= c.limit) throw new DomainError('ACTION_NOT_ALLOWED');
    return [
      {
        type: 'SessionStarted',
        data: {
          userId: 'u1',
          tokenHash: c.tokenHash,
          expiresAt: '2030-01-01T00:00:00.000Z',
          startedAt: '2029-01-01T00:00:00.000Z',
        },
      },
    ];
  },
};
const hash = (n: number) => n.toString(16).padStart(64, '0');

const dir = mkdtempSync(join(tmpdir(), 'handler-'));
let store: SqliteEventStore;
beforeEach(async () => {
  store = new SqliteEventStore(join(dir, `${Date.now()}-${Math.random()}.sqlite`));
  await store.append(
    'user-u1',
    [
      {
        eventId: 'r1',
        type: 'UserRegistered',
        schemaVersion: 1,
        occurredAt: new Date().toISOString(),
        metadata: { correlationId: 'c', causationId: null, actor: null },
        data: { userId: 'u1', name: 'Анна', phone: '79990000001', email: null, role: 3, agencyId: null },
      },
    ],
    'no-stream',
  );
});
afterEach(() => store.close());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the command handler', () => {
  it('appends what decide returns, with the metadata of the command', async () => {
    const result = await handleCommand(
      store,
      'user-u1',
      decider,
      { type: 'Start', tokenHash: hash(1), limit: 3 },
      { actor: 'u1', correlationId: 'corr-1' },
    );
    expect(result.state.sessions).toBe(1);
    const [, started] = await store.readStream('user-u1');
    expect(started).toMatchObject({
      type: 'SessionStarted',
      revision: 1,
      metadata: { actor: 'u1', correlationId: 'corr-1' },
    });
  });

  it('re-decides on the new state when a concurrent writer wins, so a rule over the history holds', async () => {
    const attempts = Array.from({ length: 10 }, (_, i) =>
      handleCommand(store, 'user-u1', decider, { type: 'Start', tokenHash: hash(i), limit: 3 }, {}, 20),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await store.readStream('user-u1')).filter((e) => e.type === 'SessionStarted')).toHaveLength(3);
  });

  it('answers a conflict (errorCode 103) when the stream keeps moving past its retries', async () => {
    const racing = {
      ...store,
      readStream: store.readStream.bind(store),
      append: async (...args: Parameters<typeof store.append>) => {
        await store.append(
          'user-u1',
          [
            {
              eventId: `x${Math.random()}`,
              type: 'SessionStarted',
              schemaVersion: 1,
              occurredAt: '',
              metadata: { correlationId: 'c', causationId: null, actor: null },
              data: {},
            },
          ],
          'any',
        );
        return store.append(...args);
      },
    } as unknown as SqliteEventStore;
    await expect(
      handleCommand(racing, 'user-u1', decider, { type: 'Start', tokenHash: hash(9), limit: 100 }, {}, 3),
    ).rejects.toMatchObject({ errorCode: 103, status: 409 });
  });

  it('refuses to append data that does not fit the event schema', async () => {
    const broken: Decider<Command, State, Event> = {
      ...decider,
      decide: () => [
        {
          type: 'SessionStarted',
          data: { userId: 'u1', tokenHash: 'short', expiresAt: 'x', startedAt: 'x' },
        },
      ],
    };
    await expect(
      handleCommand(store, 'user-u1', broken, { type: 'Start', tokenHash: '', limit: 1 }),
    ).rejects.toThrow();
    expect(await store.readStream('user-u1')).toHaveLength(1);
  });
});
