import { ROLES, type DomainEvent, type SqliteEventStore } from '@estate/events';
import { freshEventStoreForEachTest, givenEvents } from '../../test/eventStore';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow, workflowStream } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { acceptBookingWorkflow, entryIdOf, type AcceptBookingInput } from './acceptBooking';
import { bookingDecider, bookingStream } from './booking';
import { calendarDecider, calendarStream } from './calendar';
import { bookingRequest } from '@estate/events/fixtures';

/**
 * Accepting a request across the listing's calendar and the request, Given events on the streams /
 * When the workflow runs / Then what each stream holds; then a crash at every step.
 */
const host = { userId: 'agent-1', role: ROLES.AGENT, agencyId: 'agency-1' } as const;
const stranger = { userId: 'agent-9', role: ROLES.AGENCY_OWNER, agencyId: 'agency-9' } as const;
const input = (requestId = 'r1', actor: AcceptBookingInput['actor'] = host): AcceptBookingInput => ({
  publicationId: 'p1',
  requestId,
  startDate: '2030-01-10',
  endDate: '2030-01-12',
  actor,
});

describe('accepting a booking (workflow)', () => {
  let store: SqliteEventStore;
  freshEventStoreForEachTest('accept', (opened) => (store = opened));

  const given = (stream: string, ...events: DomainEvent[]) => givenEvents(store, stream, ...events);
  const requested = (requestId: string, startDate = '2030-01-10', endDate = '2030-01-12') =>
    given(bookingStream(requestId), {
      type: 'BookingRequested',
      data: bookingRequest({ requestId, startDate, endDate }),
    });
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
  const request = async (requestId = 'r1') =>
    fold(bookingDecider, await store.readStream(bookingStream(requestId)));
  const calendar = async () => fold(calendarDecider, await store.readStream(calendarStream('p1')));
  /** which request holds each entry of the calendar */
  const held = async () => [...(await calendar()).entries.values()].map((e) => e.requestId);
  const statusOf = async (requestId = 'r1') => {
    const booking = await request(requestId);
    return booking.exists ? booking.status : null;
  };

  it('given a request and free nights, then the nights are reserved and the request accepted with that entry', async () => {
    await requested('r1');
    expect(await runWorkflow(store, acceptBookingWorkflow, 'w1', input())).toEqual({
      entryId: entryIdOf('w1'),
    });
    expect(await held()).toEqual(['r1']);
    const events = await store.readStream(bookingStream('r1'));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['BookingRequested', expect.anything()],
      ['BookingAccepted', { requestId: 'r1', entryId: entryIdOf('w1'), by: 'agent-1' }],
    ]);
    expect(await types(workflowStream('w1'))).toEqual([
      'WorkflowStarted',
      'WorkflowStepCompleted',
      'WorkflowStepCompleted',
      'WorkflowCompleted',
    ]);
  });

  it('given an accepted request, when accepted again by another run, then nothing is written on its streams', async () => {
    await requested('r1');
    await runWorkflow(store, acceptBookingWorkflow, 'w1', input());
    expect(await runWorkflow(store, acceptBookingWorkflow, 'w2', input())).toEqual({
      entryId: entryIdOf('w1'),
    });
    expect(await types(calendarStream('p1'))).toEqual(['DatesReserved']);
    expect(await types(bookingStream('r1'))).toEqual(['BookingRequested', 'BookingAccepted']);
  });

  it('given nights held by another request, then the calendar’s refusal, and the request still waits', async () => {
    await requested('r1');
    await requested('r2', '2030-01-11', '2030-01-13');
    await runWorkflow(store, acceptBookingWorkflow, 'w1', input('r1'));
    await expect(
      runWorkflow(store, acceptBookingWorkflow, 'w2', {
        ...input('r2'),
        startDate: '2030-01-11',
        endDate: '2030-01-13',
      }),
    ).rejects.toMatchObject({ kind: 'DATES_UNAVAILABLE' });
    expect(await statusOf('r2')).toBe('sent');
    expect(await held()).toEqual(['r1']);
    expect(await types(workflowStream('w2'))).toEqual([
      'WorkflowStarted',
      'WorkflowStepFailed',
      'WorkflowCompensated',
    ]);
  });

  it('given a rejected request, then the request’s refusal, and the nights reserved for it are given back', async () => {
    await requested('r1');
    await given(bookingStream('r1'), {
      type: 'BookingRejected',
      data: { requestId: 'r1', reason: 'Ремонт', by: 'agent-1' },
    });
    await expect(runWorkflow(store, acceptBookingWorkflow, 'w1', input())).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
      message: 'Заявка отклонена',
    });
    expect(await held()).toEqual([]);
    expect(await types(calendarStream('p1'))).toEqual(['DatesReserved', 'CalendarEntryReleased']);
    expect(await statusOf()).toBe('rejected');
    // asked again with the same id: the same answer, nothing written
    const head = await store.headPosition();
    await expect(runWorkflow(store, acceptBookingWorkflow, 'w1', input())).rejects.toMatchObject({
      message: 'Заявка отклонена',
    });
    expect(await store.headPosition()).toBe(head);
  });

  it('given an actor who may not answer the request, then the request’s refusal and no night held', async () => {
    await requested('r1');
    await expect(
      runWorkflow(store, acceptBookingWorkflow, 'w1', input('r1', stranger)),
    ).rejects.toMatchObject({
      kind: 'FORBIDDEN',
    });
    expect(await held()).toEqual([]);
    expect(await statusOf()).toBe('sent');
  });

  /** The rule every crash must leave standing: an accepted request holds its nights, and no night is held twice. */
  const expectAllowedState = async () => {
    const holders = await held();
    expect(new Set(holders).size).toBe(holders.length);
    if ((await statusOf()) === 'accepted') {
      const booking = await request();
      const entry = [...(await calendar()).entries.values()].find((e) => e.requestId === 'r1');
      expect(booking.exists && booking.status === 'accepted' && entry).toBeTruthy();
      const accepted = (await store.readStream(bookingStream('r1'))).find(
        (e) => e.type === 'BookingAccepted',
      )!;
      expect((accepted.data as { entryId: string }).entryId).toBe(entry!.entryId);
    }
  };

  describe.each(
    crashPoints(acceptBookingWorkflow)
      .filter((p) => p.during === 'run')
      .map((p) => [p.label, p] as const),
  )('a crash %s', (_label, point) => {
    it('leaves a state the rules allow; the same id run again finishes exactly once', async () => {
      await requested('r1');
      await expect(runWorkflow(store, point.workflow, 'w1', input())).rejects.toBeInstanceOf(InjectedCrash);
      await expectAllowedState();
      expect(await runWorkflow(store, acceptBookingWorkflow, 'w1', input())).toEqual({
        entryId: entryIdOf('w1'),
      });
      await expectAllowedState();
      expect(await statusOf()).toBe('accepted');
      expect(await types(calendarStream('p1'))).toEqual(['DatesReserved']);
      expect(await types(bookingStream('r1'))).toEqual(['BookingRequested', 'BookingAccepted']);
      // the background's recovery finds nothing left to do
      expect(await resumeWorkflow(store, [acceptBookingWorkflow as never], 'w1')).toBe('finished');
    });

    it('is finished by the background’s recovery too', async () => {
      await requested('r1');
      await expect(runWorkflow(store, point.workflow, 'w1', input())).rejects.toBeInstanceOf(InjectedCrash);
      expect(await resumeWorkflow(store, [acceptBookingWorkflow as never], 'w1')).toBe('completed');
      expect(await types(calendarStream('p1'))).toEqual(['DatesReserved']);
      expect(await types(bookingStream('r1'))).toEqual(['BookingRequested', 'BookingAccepted']);
    });
  });

  it('a crash after giving the nights back is finished by a resume: the refusal, the nights free once', async () => {
    await requested('r1');
    await given(bookingStream('r1'), {
      type: 'BookingCancelled',
      data: {
        requestId: 'r1',
        reason: 'Изменились планы',
        by: 'guest-1',
        byGuest: true,
        cancellationId: null,
        guest: null,
      },
    });
    const undoCrash = crashPoints(acceptBookingWorkflow).find((p) => p.during === 'undo')!;
    await expect(runWorkflow(store, undoCrash.workflow, 'w1', input())).rejects.toBeInstanceOf(InjectedCrash);
    expect(await held()).toEqual([]);
    expect(await resumeWorkflow(store, [acceptBookingWorkflow as never], 'w1')).toBe('compensated');
    await expect(runWorkflow(store, acceptBookingWorkflow, 'w1', input())).rejects.toMatchObject({
      message: 'Заявка отменена',
    });
    expect(await types(calendarStream('p1'))).toEqual(['DatesReserved', 'CalendarEntryReleased']);
    expect(await statusOf()).toBe('canceled');
  });
});
