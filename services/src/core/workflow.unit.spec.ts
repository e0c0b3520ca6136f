import { whenever } from '@estate/events/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type EventOf, type EventStore } from '@estate/events';
import { fold, handleCommand, setStreamQueueDepth, type Decider } from './decider';
import { DomainError } from './errors';
import { StreamQueueFullError } from './streamQueue';
import { defineWorkflow, resumeWorkflow, runWorkflow, workflowStream, type StepRun } from './workflow';
import { crashPoints, InjectedCrash } from './workflowSpec';

/**
 * A toy use case across two streams, to check the runner itself: a night is taken on a calendar,
 * then a request is marked accepted; the request may be refused (it was cancelled meanwhile), and
 * then the night is given back. The two streams reuse the calendar's and the booking's events.
 */
type CalendarEvent = EventOf<'DatesReserved'> | EventOf<'CalendarEntryReleased'>;
const calendar: Decider<{ type: 'Reserve' | 'Release'; requestId: string }, Set<string>, CalendarEvent> = {
  initialState: () => new Set(),
  evolve: (held, e) => {
    const next = new Set(held);
    if (e.type === 'DatesReserved') next.add(e.data.requestId);
    else next.delete(e.data.entryId);
    return next;
  },
  decide: (c, held) => {
    if (c.type === 'Reserve') {
      if (held.has(c.requestId)) return [];
      if (held.size > 0) throw new DomainError('DATES_UNAVAILABLE');
      return [
        {
          type: 'DatesReserved',
          data: {
            publicationId: 'p1',
            entryId: c.requestId,
            requestId: c.requestId,
            startDate: '2030-01-01',
            endDate: '2030-01-02',
          },
        },
      ];
    }
    return held.has(c.requestId)
      ? [{ type: 'CalendarEntryReleased', data: { publicationId: 'p1', entryId: c.requestId } }]
      : [];
  },
};
type RequestEvent = EventOf<'BookingCancelled'> | EventOf<'BookingAccepted'>;
const request: Decider<{ type: 'Accept'; entryId: string }, 'sent' | 'accepted' | 'cancelled', RequestEvent> =
  {
    initialState: () => 'sent',
    evolve: (_s, e) => (e.type === 'BookingAccepted' ? 'accepted' : 'cancelled'),
    decide: (c, s) => {
      if (s === 'accepted') return [];
      if (s === 'cancelled') throw new DomainError('ACTION_NOT_ALLOWED', 'Заявка уже отменена');
      return [
        {
          type: 'BookingAccepted',
          data: { requestId: 'r1', entryId: c.entryId, by: 'host' },
        },
      ];
    },
  };

const accept = defineWorkflow({
  name: 'toy-accept',
  steps: [
    {
      name: 'reserve',
      run: async ({ store, input }: StepRun<{ requestId: string }>) =>
        void (await handleCommand(store, 'calendar-p1', calendar, {
          type: 'Reserve',
          requestId: input.requestId,
        })),
      undo: async ({ store, input }) =>
        void (await handleCommand(store, 'calendar-p1', calendar, {
          type: 'Release',
          requestId: input.requestId,
        })),
    },
    {
      name: 'accept',
      run: async ({ store, input }) =>
        void (await handleCommand(store, `booking-${input.requestId}`, request, {
          type: 'Accept',
          entryId: input.requestId,
        })),
    },
  ],
  output: ({ input }) => ({ accepted: input.requestId }),
});

describe('workflow runner', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'estate-workflow-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const held = async () => fold(calendar, await store.readStream('calendar-p1'));
  const status = async (id: string) => fold(request, await store.readStream(`booking-${id}`));
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
  /** the guest cancels the request before the workflow reaches it: its acceptance will be refused */
  const guestCancels = (requestId: string) =>
    store.append(
      `booking-${requestId}`,
      [
        {
          eventId: `cancel-${requestId}`,
          type: 'BookingCancelled',
          data: { requestId, by: 'guest', reason: 'Изменились планы', byGuest: true },
          schemaVersion: 1,
          occurredAt: new Date().toISOString(),
          metadata: { correlationId: 'c', causationId: null, actor: null },
        },
      ],
      'no-stream',
    );

  it('runs every step and records each on its own stream', async () => {
    expect(await runWorkflow(store, accept, 'w1', { requestId: 'r1' })).toEqual({ accepted: 'r1' });
    expect([...(await held())]).toEqual(['r1']);
    expect(await status('r1')).toBe('accepted');
    expect(await types(workflowStream('w1'))).toEqual([
      'WorkflowStarted',
      'WorkflowStepCompleted',
      'WorkflowStepCompleted',
      'WorkflowCompleted',
    ]);
  });

  it('undoes the steps done when a later step is refused, and answers the refusal', async () => {
    await guestCancels('r1');
    await expect(runWorkflow(store, accept, 'w1', { requestId: 'r1' })).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
      message: 'Заявка уже отменена',
    });
    expect([...(await held())]).toEqual([]); // the night is free again
    expect(await types(workflowStream('w1'))).toEqual([
      'WorkflowStarted',
      'WorkflowStepCompleted',
      'WorkflowStepFailed',
      'WorkflowStepUndone',
      'WorkflowCompensated',
    ]);
    // asked again, the same workflow gives the same answer and changes nothing
    await expect(runWorkflow(store, accept, 'w1', { requestId: 'r1' })).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
    });
    expect((await store.readStream('calendar-p1')).length).toBe(2);
  });

  it('answers a refusal of the first step with nothing to undo', async () => {
    await runWorkflow(store, accept, 'w1', { requestId: 'r1' });
    await expect(runWorkflow(store, accept, 'w2', { requestId: 'r2' })).rejects.toMatchObject({
      kind: 'DATES_UNAVAILABLE',
    });
    expect([...(await held())]).toEqual(['r1']);
  });

  it('gives the same answer to the same id, without running anything again', async () => {
    await runWorkflow(store, accept, 'w1', { requestId: 'r1' });
    const appended = await store.headPosition();
    expect(await runWorkflow(store, accept, 'w1', { requestId: 'r1' })).toEqual({ accepted: 'r1' });
    expect(await store.headPosition()).toBe(appended);
  });

  describe.each(
    crashPoints(accept)
      .filter((p) => p.during === 'run')
      .map((p) => [p.label, p] as const),
  )('a crash %s', (_label, point) => {
    it('leaves an allowed state, and a resume finishes the work exactly once', async () => {
      await expect(runWorkflow(store, point.workflow, 'w1', { requestId: 'r1' })).rejects.toBeInstanceOf(
        InjectedCrash,
      );
      // allowed: the request is accepted only with its night held
      expect(whenever((await status('r1')) === 'accepted', [...(await held())], ['r1'])).toEqual(['r1']);
      expect(await resumeWorkflow(store, [accept as never], 'w1')).toBe('completed');
      expect([...(await held())]).toEqual(['r1']);
      expect(await status('r1')).toBe('accepted');
      expect((await types('calendar-p1')).filter((t) => t === 'DatesReserved')).toHaveLength(1);
      expect(await types('booking-r1')).toEqual(['BookingAccepted']);
    });
  });

  it('leaves the workflow where it was when a stream is too busy for a step (429), and a retry finishes it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // the request's stream read slowly, one command at a time: a command already on it fills its queue
    const busy: EventStore = {
      name: store.name,
      readStream: async (streamId, ...rest) => {
        if (streamId === 'booking-r1') await gate;
        return store.readStream(streamId, ...rest);
      },
      append: (...args) => store.append(...args),
      readAll: (...args) => store.readAll(...args),
      headPosition: () => store.headPosition(),
      subscribe: (...args) => store.subscribe(...args),
      close: () => store.close(),
    };
    setStreamQueueDepth(busy, 1);
    const looksAtRequest: Decider<object, null, RequestEvent> = {
      initialState: () => null,
      evolve: (state) => state,
      decide: () => [],
    };
    const before = handleCommand(busy, 'booking-r1', looksAtRequest, {});
    await expect(runWorkflow(busy, accept, 'w1', { requestId: 'r1' })).rejects.toBeInstanceOf(
      StreamQueueFullError,
    );
    // not a refusal: nothing recorded as failed, the night still held for the retry
    expect(await types(workflowStream('w1'))).toEqual(['WorkflowStarted', 'WorkflowStepCompleted']);
    expect([...(await held())]).toEqual(['r1']);
    await expect(resumeWorkflow(busy, [accept as never], 'w1')).rejects.toBeInstanceOf(StreamQueueFullError);
    open();
    await before;
    expect(await runWorkflow(busy, accept, 'w1', { requestId: 'r1' })).toEqual({ accepted: 'r1' });
    expect(await status('r1')).toBe('accepted');
    expect((await types('calendar-p1')).filter((t) => t === 'DatesReserved')).toHaveLength(1);
  });

  it('finishes undoing after a crash during compensation', async () => {
    await guestCancels('r1');
    const undoCrash = crashPoints(accept).find((p) => p.label === 'after undoing reserve')!;
    await expect(runWorkflow(store, undoCrash.workflow, 'w1', { requestId: 'r1' })).rejects.toBeInstanceOf(
      InjectedCrash,
    );
    expect(await resumeWorkflow(store, [accept as never], 'w1')).toBe('compensated');
    expect([...(await held())]).toEqual([]);
    expect(await types('calendar-p1')).toEqual(['DatesReserved', 'CalendarEntryReleased']);
  });
});
