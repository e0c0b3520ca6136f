import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, WrongExpectedRevisionError, type EventOf, type EventStore } from '@estate/events';
import { commandHandler, handleCommand, setStreamQueueDepth, type Decider } from './decider';
import { DomainError } from './errors';
import { StreamQueueFullError } from './streamQueue';

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

/**
 * The store as one process sees it: every append that lost a race on the revision is counted, and
 * reads of `user-u1` may be held until the test opens the gate (a slow engine).
 */
function observed(inner: EventStore, gate: Promise<void> = Promise.resolve()) {
  const seen = { conflicts: 0 };
  const store: EventStore = {
    name: inner.name,
    readStream: async (streamId, ...rest) => {
      await gate;
      return inner.readStream(streamId, ...rest);
    },
    append: (streamId, events, expected) =>
      inner.append(streamId, events, expected).catch((error: unknown) => {
        if (error instanceof WrongExpectedRevisionError) seen.conflicts++;
        throw error;
      }),
    readAll: (...args) => inner.readAll(...args),
    headPosition: () => inner.headPosition(),
    subscribe: (...args) => inner.subscribe(...args),
    close: () => inner.close(),
  };
  return { store, seen };
}

const dir = mkdtempSync(join(tmpdir(), 'handler-'));
let file: string;
let store: SqliteEventStore;
beforeEach(async () => {
  file = join(dir, `${Date.now()}-${Math.random()}.sqlite`);
  store = new SqliteEventStore(file);
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

  it('decides each of many simultaneous commands on the state the others left, so a rule over the history holds', async () => {
    const attempts = Array.from({ length: 10 }, (_, i) =>
      handleCommand(store, 'user-u1', decider, { type: 'Start', tokenHash: hash(i), limit: 3 }, {}, 20),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await store.readStream('user-u1')).filter((e) => e.type === 'SessionStarted')).toHaveLength(3);
  });

  it("takes this process's commands on a stream in turn: none loses a race, each in the order it came", async () => {
    const { store: one, seen } = observed(store);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handleCommand(one, 'user-u1', decider, { type: 'Start', tokenHash: hash(i), limit: 100 }),
      ),
    );
    expect(seen.conflicts).toBe(0);
    const started = (await store.readStream('user-u1')).filter((e) => e.type === 'SessionStarted');
    expect(started.map((e) => (e.data as { tokenHash: string }).tokenHash)).toEqual(
      Array.from({ length: 20 }, (_, i) => hash(i)),
    );
  });

  it('still re-decides when a writer in another process wins the race, so a rule over the history holds', async () => {
    // two processes on one log: each has its own store, hence its own turns
    const other = new SqliteEventStore(file);
    const here = observed(store);
    const there = observed(other);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        handleCommand(
          i % 2 ? there.store : here.store,
          'user-u1',
          decider,
          { type: 'Start', tokenHash: hash(i), limit: 3 },
          {},
          20,
        ),
      ),
    );
    await other.close();
    expect(here.seen.conflicts + there.seen.conflicts).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await store.readStream('user-u1')).filter((e) => e.type === 'SessionStarted')).toHaveLength(3);
  });

  it('answers 429 at once to a command beyond the configured depth of its stream, and goes on with the others', async () => {
    let open!: () => void;
    const { store: slow } = observed(
      store,
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    setStreamQueueDepth(slow, 2);
    const start = (i: number) =>
      handleCommand(slow, 'user-u1', decider, { type: 'Start', tokenHash: hash(i), limit: 100 });
    const accepted = [start(1), start(2)];
    // refused while the two before it wait on the store
    const refused = await start(3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamQueueFullError);
    expect(refused).toMatchObject({ status: 429, errorCode: 108 });
    open();
    expect((await Promise.all(accepted)).map((r) => r.state.sessions)).toEqual([1, 2]);
    expect((await store.readStream('user-u1')).filter((e) => e.type === 'SessionStarted')).toHaveLength(2);
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

describe('a command handler bound to its decider', () => {
  const handleUser = commandHandler(decider, (id: string) => `user-${id}`);

  it('runs the command on the stream its id names, with the metadata, as handleCommand does', async () => {
    const result = await handleUser(
      store,
      'u1',
      { type: 'Start', tokenHash: hash(1), limit: 3 },
      { actor: 'u1', correlationId: 'corr-1' },
    );
    expect(result).toMatchObject({ state: { registered: true, sessions: 1 }, nextExpectedRevision: 1 });
    const [, started] = await store.readStream('user-u1');
    expect(started).toMatchObject({
      type: 'SessionStarted',
      metadata: { actor: 'u1', correlationId: 'corr-1' },
    });
    expect(handleUser.streamOf('u1')).toBe('user-u1');
    expect(handleUser.decider).toBe(decider);
  });

  it('keeps the rules and the retries: the attempts given, then a conflict', async () => {
    await handleUser(store, 'u1', { type: 'Start', tokenHash: hash(1), limit: 1 });
    await expect(
      handleUser(store, 'u1', { type: 'Start', tokenHash: hash(2), limit: 1 }),
    ).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
    });
    // every append loses a race to another process's writer
    let appends = 0;
    const racing = {
      readStream: store.readStream.bind(store),
      append: () => {
        appends++;
        return Promise.reject(new WrongExpectedRevisionError('user-u1', 0, 1));
      },
    } as unknown as SqliteEventStore;
    await expect(
      handleUser(racing, 'u1', { type: 'Start', tokenHash: hash(3), limit: 100 }, {}, 2),
    ).rejects.toMatchObject({ status: 409 });
    expect(appends).toBe(2);
  });
});
