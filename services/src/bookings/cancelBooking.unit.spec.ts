import { ROLES, type DomainEvent, type SqliteEventStore } from '@estate/events';
import { freshEventStoreForEachTest, givenEvents } from '../../test/eventStore';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { hashToken } from '../identity';
import { bookingDecider, bookingStream } from './booking';
import { calendarDecider, calendarStream } from './calendar';
import { cancelBookingWorkflow, cancellationIdOf, type CancelBookingInput } from './cancelBooking';
import { bookingRequest, datesReserved } from '@estate/events/fixtures';

/** Cancelling a request across the request and the listing's calendar: Given events / When the workflow runs / Then the streams; then a crash at every step. */
const guest = { userId: 'guest-1', role: ROLES.USER, agencyId: null } as const;
const stranger = { userId: 'user-9', role: ROLES.USER, agencyId: null } as const;
const KEY = 'k'.repeat(43);
const byGuest = (actor: typeof guest | typeof stranger = guest): CancelBookingInput => ({
  requestId: 'r1',
  reason: 'Изменились планы',
  by: { actor },
});

describe('cancelling a booking (workflow)', () => {
  let store: SqliteEventStore;
  freshEventStoreForEachTest('cancel', (opened) => (store = opened));

  const given = (stream: string, ...events: DomainEvent[]) => givenEvents(store, stream, ...events);
  /** a request accepted with its nights held by entry e1 */
  const accepted = async (guestKeyHash: string | null = null) => {
    await given(calendarStream('p1'), {
      type: 'DatesReserved',
      data: datesReserved(),
    });
    await given(
      bookingStream('r1'),
      { type: 'BookingRequested', data: bookingRequest({ guestKeyHash }) },
      { type: 'BookingAccepted', data: { requestId: 'r1', entryId: 'e1', by: 'agent-1' } },
    );
  };
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
  const statusOf = async () => {
    const booking = fold(bookingDecider, await store.readStream(bookingStream('r1')));
    return booking.exists ? booking.status : null;
  };
  const held = async () =>
    [...fold(calendarDecider, await store.readStream(calendarStream('p1'))).entries.values()].map(
      (e) => e.requestId,
    );

  it('given an accepted request, when its guest cancels, then it is cancelled and its nights are free', async () => {
    await accepted();
    await runWorkflow(store, cancelBookingWorkflow, 'w1', byGuest());
    expect(await statusOf()).toBe('canceled');
    expect(await held()).toEqual([]);
    expect((await store.readStream(bookingStream('r1'))).at(-1)!.data).toEqual({
      requestId: 'r1',
      reason: 'Изменились планы',
      by: 'guest-1',
      byGuest: true,
      cancellationId: cancellationIdOf('w1'),
      guest: { userId: 'guest-1', phone: '79991112233' },
    });
  });

  it('given a request sent by a guest without an account, when cancelled with the key of their link, then by the guest', async () => {
    await accepted(hashToken(KEY));
    await runWorkflow(store, cancelBookingWorkflow, 'w1', {
      requestId: 'r1',
      reason: 'Поменялись даты',
      by: { keyHash: hashToken(KEY) },
    });
    expect(await statusOf()).toBe('canceled');
    expect(await held()).toEqual([]);
  });

  it('given someone who may not cancel it, then the request’s refusal and nothing written', async () => {
    await accepted();
    const head = await store.headPosition();
    await expect(runWorkflow(store, cancelBookingWorkflow, 'w1', byGuest(stranger))).rejects.toMatchObject({
      kind: 'FORBIDDEN',
    });
    expect(await statusOf()).toBe('accepted');
    expect(await held()).toEqual(['r1']);
    expect(await types(calendarStream('p1'))).toEqual(['DatesReserved']);
    // only the run's own record: started, refused, closed
    expect(await store.headPosition()).toBe(head + 3);
  });

  it('given a wrong key, then the request is as good as absent', async () => {
    await accepted(hashToken(KEY));
    await expect(
      runWorkflow(store, cancelBookingWorkflow, 'w1', {
        requestId: 'r1',
        reason: 'x',
        by: { keyHash: hashToken('x'.repeat(43)) },
      }),
    ).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    expect(await held()).toEqual(['r1']);
  });

  it('given a request already cancelled, then the request’s refusal', async () => {
    await accepted();
    await runWorkflow(store, cancelBookingWorkflow, 'w1', byGuest());
    await expect(runWorkflow(store, cancelBookingWorkflow, 'w2', byGuest())).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
      message: 'Заявка отменена',
    });
    expect(await types(calendarStream('p1'))).toEqual(['DatesReserved', 'CalendarEntryReleased']);
  });

  describe.each(crashPoints(cancelBookingWorkflow).map((p) => [p.label, p] as const))(
    'a crash %s',
    (_label, point) => {
      it('leaves a state the rules allow; the same id run again finishes exactly once', async () => {
        await accepted();
        await expect(runWorkflow(store, point.workflow, 'w1', byGuest())).rejects.toBeInstanceOf(
          InjectedCrash,
        );
        // allowed: no night is held twice, and a night is held only by a request that is accepted
        // or whose cancellation is still running (its nights are given back when it finishes)
        const holders = await held();
        expect(holders.length).toBeLessThanOrEqual(1);
        expect(await resumeWorkflow(store, [cancelBookingWorkflow as never], 'w1')).toBe('completed');
        expect(await statusOf()).toBe('canceled');
        expect(await held()).toEqual([]);
        expect(await types(bookingStream('r1'))).toEqual([
          'BookingRequested',
          'BookingAccepted',
          'BookingCancelled',
        ]);
        expect(await types(calendarStream('p1'))).toEqual(['DatesReserved', 'CalendarEntryReleased']);
        // the caller's retry with the same id gets the same answer and writes nothing
        const head = await store.headPosition();
        expect(await runWorkflow(store, cancelBookingWorkflow, 'w1', byGuest())).toEqual({ requestId: 'r1' });
        expect(await store.headPosition()).toBe(head);
      });
    },
  );
});
