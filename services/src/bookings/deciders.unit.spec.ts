import { ROLES, upcast } from '@estate/events';
import { bookingRequest } from '@estate/events/fixtures';
import { fold } from '../core/decider';
import { deciderSpec } from '../core/deciderSpec';
import { bookingDecider, cancellingGuestOf, type BookingEvent } from './booking';
import { calendarDecider, overlaps, rangesOverlappingReservations, type CalendarEvent } from './calendar';
import { displayStatus } from './status';
import { agent, otherAgent, owner, stranger, user } from '../../test/actors';

const calendar = deciderSpec(calendarDecider);
const pub = { publicationId: 'p1' };
const reserved = (entryId: string, requestId: string, startDate: string, endDate: string): CalendarEvent => ({
  type: 'DatesReserved',
  data: { ...pub, entryId, requestId, startDate, endDate },
});
const blocked = (
  entryId: string,
  startDate: string,
  endDate: string,
  source: 'manual' | 'ical' = 'manual',
): CalendarEvent => ({
  type: 'DatesBlocked',
  data: { ...pub, entryId, startDate, endDate, source, note: null },
});
const reserve = (requestId: string, startDate: string, endDate: string) => ({
  type: 'Reserve' as const,
  ...pub,
  entryId: `e-${requestId}`,
  requestId,
  startDate,
  endDate,
});

describe('the calendar', () => {
  it('reserves free nights', () =>
    calendar([])
      .when(reserve('r1', '2030-01-10', '2030-01-12'))
      .then([reserved('e-r1', 'r1', '2030-01-10', '2030-01-12')]));

  it('refuses nights another booking holds, however they overlap', () => {
    for (const [start, end] of [
      ['2030-01-11', '2030-01-13'],
      ['2030-01-09', '2030-01-11'],
      ['2030-01-09', '2030-01-15'],
      ['2030-01-10', '2030-01-11'],
    ]) {
      calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')])
        .when(reserve('r2', start, end))
        .thenThrows('DATES_UNAVAILABLE');
    }
  });

  it('lets the next guest arrive on the day the last one leaves', () =>
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')])
      .when(reserve('r2', '2030-01-12', '2030-01-14'))
      .then([reserved('e-r2', 'r2', '2030-01-12', '2030-01-14')]));

  it('refuses blocked nights', () =>
    calendar([blocked('b1', '2030-01-01', '2030-01-31')])
      .when(reserve('r1', '2030-01-10', '2030-01-12'))
      .thenThrows('DATES_UNAVAILABLE'));

  it('treats accepting the same request again as done', () =>
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')])
      .when(reserve('r1', '2030-01-10', '2030-01-12'))
      .then([]));

  it('blocks free or blocked nights, never reserved ones', () => {
    calendar([blocked('b1', '2030-01-01', '2030-01-05')])
      .when({
        type: 'Block',
        ...pub,
        entryId: 'b2',
        startDate: '2030-01-03',
        endDate: '2030-01-08',
        source: 'manual',
        note: null,
      })
      .then([blocked('b2', '2030-01-03', '2030-01-08')]);
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')])
      .when({
        type: 'Block',
        ...pub,
        entryId: 'b2',
        startDate: '2030-01-11',
        endDate: '2030-01-20',
        source: 'manual',
        note: null,
      })
      .thenThrows('DATES_UNAVAILABLE');
  });

  it('releases a block once; a reservation only through its request', () => {
    calendar([blocked('b1', '2030-01-01', '2030-01-05')])
      .when({ type: 'ReleaseBlock', ...pub, entryId: 'b1' })
      .then([{ type: 'CalendarEntryReleased', data: { ...pub, entryId: 'b1' } }]);
    calendar([])
      .when({ type: 'ReleaseBlock', ...pub, entryId: 'b1' })
      .then([]);
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')])
      .when({ type: 'ReleaseBlock', ...pub, entryId: 'e1' })
      .thenThrows('ACTION_NOT_ALLOWED');
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')])
      .when({ type: 'ReleaseReservation', ...pub, requestId: 'r1' })
      .then([{ type: 'CalendarEntryReleased', data: { ...pub, entryId: 'e1' } }]);
    calendar([])
      .when({ type: 'ReleaseReservation', ...pub, requestId: 'r1' })
      .then([]);
  });
});

describe('importing another portal’s calendar', () => {
  const today = '2030-01-01';
  const entryIdOf = (startDate: string, endDate: string) =>
    `ical-${startDate.replace(/-/g, '')}-${endDate.replace(/-/g, '')}`;
  const block = (startDate: string, endDate: string) => ({
    entryId: entryIdOf(startDate, endDate),
    startDate,
    endDate,
    note: 'Airbnb',
  });
  const imported = (released: string[], blocks: ReturnType<typeof block>[]): CalendarEvent => ({
    type: 'CalendarFeedImported',
    data: { ...pub, released, blocked: blocks },
  });
  const importing = (...ranges: [string, string][]) => ({
    type: 'ImportCalendar' as const,
    ...pub,
    today,
    ranges: ranges.map(([startDate, endDate]) => ({ startDate, endDate, note: 'Airbnb' })),
  });
  const feb = imported([], [block('2030-02-01', '2030-02-03'), block('2030-03-01', '2030-03-04')]);

  it('blocks every new range in one event, in order of the nights', () =>
    calendar([])
      .when(importing(['2030-03-01', '2030-03-04'], ['2030-02-01', '2030-02-03']))
      .then([feb]));

  it('changes nothing when the feed is the same as last time (an hourly import appends nothing)', () =>
    calendar([feb])
      .when(
        importing(['2030-03-01', '2030-03-04'], ['2030-02-01', '2030-02-03'], ['2030-02-01', '2030-02-03']),
      )
      .then([]));

  it('keeps the ranges the feed still holds, releases those it dropped, blocks the new ones', () =>
    calendar([feb])
      .when(importing(['2030-03-01', '2030-03-04'], ['2030-04-10', '2030-04-12']))
      .then([imported([entryIdOf('2030-02-01', '2030-02-03')], [block('2030-04-10', '2030-04-12')])]));

  it('recognises a block of an older import by its nights, whatever its id, and releases duplicates', () =>
    calendar([
      blocked('old-1', '2030-02-01', '2030-02-03', 'ical'),
      blocked('old-2', '2030-02-01', '2030-02-03', 'ical'),
    ])
      .when(importing(['2030-02-01', '2030-02-03']))
      .then([imported(['old-2'], [])]));

  it('leaves the host’s own blocks alone, and blocks over them', () =>
    calendar([blocked('b1', '2030-02-01', '2030-02-10')])
      .when(importing(['2030-02-05', '2030-02-07']))
      .then([imported([], [block('2030-02-05', '2030-02-07')])]));

  it('never blocks nights booked here: such ranges are conflicts, the rest of the feed is imported', () =>
    calendar([
      reserved('e1', 'r1', '2030-02-10', '2030-02-12'),
      reserved('e2', 'r2', '2030-02-20', '2030-02-25'),
    ])
      .when(
        importing(
          ['2030-02-11', '2030-02-13'],
          ['2030-02-12', '2030-02-20'],
          ['2030-02-01', '2030-02-30'],
          ['2030-02-24', '2030-02-26'],
          ['2030-02-25', '2030-02-27'],
        ),
      )
      .then([imported([], [block('2030-02-12', '2030-02-20'), block('2030-02-25', '2030-02-27')])]));

  it('ignores ranges wholly in the past and keeps past imported blocks as they were', () =>
    calendar([imported([], [block('2029-12-01', '2029-12-05')])])
      .when(importing(['2029-11-01', '2030-01-01'], ['2030-01-01', '2030-01-02']))
      .then([imported([], [block('2030-01-01', '2030-01-02')])]));

  it('an empty feed releases every future imported block, and only those', () =>
    calendar([
      feb,
      imported([], [block('2029-12-01', '2029-12-05')]),
      blocked('b1', '2030-05-01', '2030-05-02'),
    ])
      .when(importing())
      .then([imported([entryIdOf('2030-02-01', '2030-02-03'), entryIdOf('2030-03-01', '2030-03-04')], [])]));

  it('is folded into the calendar: released blocks go, new ones hold their nights', () => {
    const state = [
      feb,
      imported([entryIdOf('2030-02-01', '2030-02-03')], [block('2030-04-10', '2030-04-12')]),
    ].reduce((state, event) => calendarDecider.evolve(state, event), calendarDecider.initialState());
    expect([...state.entries.values()].map((e) => [e.startDate, e.type, e.source])).toEqual([
      ['2030-03-01', 2, 'ical'],
      ['2030-04-10', 2, 'ical'],
    ]);
    calendar([feb])
      .when(reserve('r1', '2030-03-02', '2030-03-03'))
      .thenThrows('DATES_UNAVAILABLE');
  });

  it('finds conflicts by a sweep that agrees with comparing every pair', () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const dayAt = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    for (let round = 0; round < 50; round++) {
      const reservations: CalendarEvent[] = [];
      for (let d = rnd(5); d < 300; d += 2 + rnd(15)) {
        const nights = 1 + rnd(6);
        reservations.push(reserved(`e${d}`, `r${d}`, dayAt(d), dayAt(d + nights)));
        d += nights;
      }
      const state = reservations.reduce(
        (state, event) => calendarDecider.evolve(state, event),
        calendarDecider.initialState(),
      );
      const ranges = Array.from({ length: 60 }, () => {
        const start = rnd(320);
        return { startDate: dayAt(start), endDate: dayAt(start + 1 + rnd(10)), note: null };
      });
      const byPairs = ranges.filter((r) =>
        reservations.some((e) => e.type === 'DatesReserved' && overlaps(e.data, r)),
      );
      expect(new Set(rangesOverlappingReservations(state, ranges))).toEqual(new Set(byPairs));
    }
  });
});

describe('the calendar state', () => {
  it('is persistent: evolving a state leaves the earlier one as it was', () => {
    const first = calendarDecider.evolve(
      calendarDecider.initialState(),
      blocked('b1', '2030-01-01', '2030-01-05'),
    );
    const second = calendarDecider.evolve(first, reserved('e1', 'r1', '2030-01-10', '2030-01-12'));
    const third = calendarDecider.evolve(second, {
      type: 'CalendarEntryReleased',
      data: { ...pub, entryId: 'b1' },
    });
    expect([...first.entries.values()].map((e) => e.entryId)).toEqual(['b1']);
    expect([...second.entries.values()].map((e) => e.entryId)).toEqual(['b1', 'e1']);
    expect([...third.entries.values()].map((e) => e.entryId)).toEqual(['e1']);
  });
});

const booking = deciderSpec(bookingDecider);
const author = agent;
const guest = user;
/** who a cancellation through the guest's link is by: the link names no account */
const BY_LINK = 'guest';
const request = bookingRequest({
  guest: { userId: guest.userId, name: 'Ольга', phone: '79991112233', email: null },
});
const requested: BookingEvent = { type: 'BookingRequested', data: request };
const accepted: BookingEvent = {
  type: 'BookingAccepted',
  data: { requestId: 'r1', entryId: 'e1', by: owner.userId },
};
const rejected: BookingEvent = {
  type: 'BookingRejected',
  data: { requestId: 'r1', reason: 'Занято', by: owner.userId },
};
const cancelled = (by: string, byGuest: boolean, guestUserId = request.guest.userId): BookingEvent => ({
  type: 'BookingCancelled',
  data: {
    requestId: 'r1',
    reason: 'Изменились планы',
    by,
    byGuest,
    cancellationId: 'x1',
    // the guest's reason is theirs: the event names them, so it is encrypted with their key
    guest: byGuest ? { userId: guestUserId, phone: request.guest.phone } : null,
  },
});
const checkedOut: BookingEvent = { type: 'GuestCheckedOut', data: { requestId: 'r1', by: owner.userId } };

describe('a booking request', () => {
  it('is recorded once: the same listing, nights and phone while it is open is the same request', () => {
    booking([])
      .when({ type: 'RequestBooking', ...request })
      .then([requested]);
    booking([requested])
      .when({ type: 'RequestBooking', ...request })
      .then([]);
    booking([requested, accepted])
      .when({
        type: 'RequestBooking',
        ...request,
        guest: { ...request.guest, name: 'Оля', userId: null },
        chatId: 'c2',
      })
      .then([]);
  });

  it('once rejected, cancelled or over, is closed: asking again is a new request elsewhere, never this one reopened', () => {
    for (const closed of [rejected, cancelled(guest.userId, true)])
      booking([requested, closed])
        .when({ type: 'RequestBooking', ...request })
        .thenThrows('ACTION_NOT_ALLOWED');
    booking([requested, accepted, checkedOut])
      .when({ type: 'RequestBooking', ...request })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('is never another asking under the same id', () => {
    for (const other of [
      { startDate: '2030-01-11' },
      { endDate: '2030-01-13' },
      { publicationId: 'p2' },
      { guest: { ...request.guest, phone: '79990000001' } },
    ]) {
      booking([requested])
        .when({ type: 'RequestBooking', ...request, ...other })
        .thenThrows('CONFLICT');
    }
  });

  it('names its guest as the one cancelling when it is they (signed in, or with their link’s key), never the host’s staff', () => {
    const keyHash = 'a'.repeat(64);
    const booking = fold(bookingDecider, [
      { type: 'BookingRequested', data: { ...request, guestKeyHash: keyHash } },
    ] as never);
    if (!booking.exists) throw new Error('no request');
    const theGuest = { userId: request.guest.userId, phone: request.guest.phone };
    expect(
      cancellingGuestOf(booking, {
        actor: { userId: request.guest.userId!, role: ROLES.USER, agencyId: null },
      }),
    ).toEqual(theGuest);
    expect(cancellingGuestOf(booking, { actor: owner })).toBeNull();
    expect(cancellingGuestOf(booking, { keyHash })).toEqual(theGuest);
    expect(cancellingGuestOf(booking, { keyHash: 'b'.repeat(64) })).toBeNull();
  });

  it('is cancelled through the guest’s link by its key alone, while open', () => {
    const keyHash = 'a'.repeat(64);
    const byLink = {
      type: 'BookingRequested' as const,
      data: { ...request, guest: { ...request.guest, userId: null }, guestKeyHash: keyHash },
    };
    booking([byLink])
      .when({ type: 'CancelBookingByLink', keyHash, reason: 'Изменились планы', cancellationId: 'x1' })
      .then([cancelled(BY_LINK, true, null)]);
    booking([byLink, accepted])
      .when({ type: 'CancelBookingByLink', keyHash, reason: 'Изменились планы', cancellationId: 'x1' })
      .then([cancelled(BY_LINK, true, null)]);
    booking([byLink])
      .when({ type: 'CancelBookingByLink', keyHash: 'b'.repeat(64), reason: 'x', cancellationId: 'x1' })
      .thenThrows('NOT_FOUND');
    booking([requested])
      .when({ type: 'CancelBookingByLink', keyHash, reason: 'x', cancellationId: 'x1' })
      .thenThrows('NOT_FOUND'); // a request with no link
    booking([byLink, rejected])
      .when({ type: 'CancelBookingByLink', keyHash, reason: 'x', cancellationId: 'x1' })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('of version 1 (before the guest’s link) reads as having no key', () => {
    const { guestKeyHash: _none, listing: _snapshot, ...v1 } = request;
    expect(upcast('BookingRequested', 1, v1)).toEqual({ ...v1, guestKeyHash: null, listing: null });
  });

  it('of version 2 (before the listing’s snapshot) reads as having none', () => {
    const { listing: _none, ...v2 } = request;
    expect(upcast('BookingRequested', 2, v2)).toEqual({ ...v2, listing: null });
  });

  it('cancelled at version 1 (before the cancelling run’s id) reads as cancelled by no run', () => {
    const v1 = { requestId: 'r1', reason: 'Изменились планы', by: guest.userId, byGuest: true };
    expect(upcast('BookingCancelled', 1, v1)).toEqual({ ...v1, cancellationId: null, guest: null });
  });

  it('cancelled at version 2 (before the guest was named) reads as naming no guest', () => {
    const v2 = {
      requestId: 'r1',
      reason: 'Изменились планы',
      by: 'guest',
      byGuest: true,
      cancellationId: 'x1',
    };
    expect(upcast('BookingCancelled', 2, v2)).toEqual({ ...v2, guest: null });
  });

  it('is accepted by the owner or the listing’s author, once; by nobody else', () => {
    booking([requested]).when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' }).then([accepted]);
    booking([requested])
      .when({ type: 'AcceptBooking', actor: author, entryId: 'e1' })
      .then([{ ...accepted, data: { ...accepted.data, by: author.userId } }]);
    booking([requested, accepted]).when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' }).then([]);
    for (const actor of [otherAgent, stranger, guest])
      booking([requested]).when({ type: 'AcceptBooking', actor, entryId: 'e1' }).thenThrows('FORBIDDEN');
  });

  it('is rejected with a reason only while it waits', () => {
    booking([requested]).when({ type: 'RejectBooking', actor: owner, reason: 'Занято' }).then([rejected]);
    booking([requested, accepted])
      .when({ type: 'RejectBooking', actor: owner, reason: 'x' })
      .thenThrows('ACTION_NOT_ALLOWED');
    booking([requested, rejected])
      .when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' })
      .thenThrows('ACTION_NOT_ALLOWED');
    booking([requested]).when({ type: 'RejectBooking', actor: guest, reason: 'x' }).thenThrows('FORBIDDEN');
  });

  it('is cancelled by its guest or by the host, while waiting or accepted', () => {
    booking([requested])
      .when({ type: 'CancelBooking', actor: guest, reason: 'Изменились планы', cancellationId: 'x1' })
      .then([cancelled(guest.userId, true)]);
    booking([requested, accepted])
      .when({ type: 'CancelBooking', actor: owner, reason: 'Изменились планы', cancellationId: 'x1' })
      .then([cancelled(owner.userId, false)]);
    booking([requested, rejected])
      .when({ type: 'CancelBooking', actor: guest, reason: 'x', cancellationId: 'x1' })
      .thenThrows('ACTION_NOT_ALLOWED');
    booking([requested, accepted, checkedOut])
      .when({ type: 'CancelBooking', actor: guest, reason: 'x', cancellationId: 'x1' })
      .thenThrows('ACTION_NOT_ALLOWED');
    booking([requested])
      .when({ type: 'CancelBooking', actor: stranger, reason: 'x', cancellationId: 'x1' })
      .thenThrows('FORBIDDEN');
  });

  it('answers the same cancellation again with no event, and another one with the refusal', () => {
    const keyHash = 'a'.repeat(64);
    const byLink = {
      type: 'BookingRequested' as const,
      data: { ...request, guest: { ...request.guest, userId: null }, guestKeyHash: keyHash },
    };
    booking([requested, accepted, cancelled(guest.userId, true)])
      .when({ type: 'CancelBooking', actor: guest, reason: 'Изменились планы', cancellationId: 'x1' })
      .then([]);
    booking([requested, accepted, cancelled(guest.userId, true)])
      .when({ type: 'CancelBooking', actor: guest, reason: 'Изменились планы', cancellationId: 'x2' })
      .thenThrows('ACTION_NOT_ALLOWED');
    booking([requested, cancelled(guest.userId, true)])
      .when({ type: 'CancelBooking', actor: stranger, reason: 'x', cancellationId: 'x1' })
      .thenThrows('FORBIDDEN');
    booking([byLink, cancelled(BY_LINK, true, null)])
      .when({ type: 'CancelBookingByLink', keyHash, reason: 'Изменились планы', cancellationId: 'x1' })
      .then([]);
    booking([byLink, cancelled(BY_LINK, true, null)])
      .when({ type: 'CancelBookingByLink', keyHash, reason: 'x', cancellationId: 'x3' })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('ends with the guest checked out, not before arrival', () => {
    booking([requested, accepted])
      .when({ type: 'CheckOutGuest', actor: owner, today: '2030-01-11' })
      .then([checkedOut]);
    booking([requested, accepted])
      .when({ type: 'CheckOutGuest', actor: owner, today: '2030-01-09' })
      .thenThrows('ACTION_NOT_ALLOWED');
    booking([requested])
      .when({ type: 'CheckOutGuest', actor: owner, today: '2030-01-11' })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('is refused for an unknown request', () =>
    booking([]).when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' }).thenThrows('NOT_FOUND'));
});

describe('display statuses', () => {
  it('follow the request and the calendar day', () => {
    expect(displayStatus('sent', '2030-01-10', '2030-01-12', '2030-01-01')).toBe(1);
    expect(displayStatus('accepted', '2030-01-10', '2030-01-12', '2030-01-09')).toBe(2);
    expect(displayStatus('accepted', '2030-01-10', '2030-01-12', '2030-01-10')).toBe(3);
    expect(displayStatus('accepted', '2030-01-10', '2030-01-12', '2030-01-12')).toBe(4);
    expect(displayStatus('completed', '2030-01-10', '2030-01-12', '2030-01-11')).toBe(4);
    expect(displayStatus('canceled', '2030-01-10', '2030-01-12', '2030-01-01')).toBe(5);
    expect(displayStatus('rejected', '2030-01-10', '2030-01-12', '2030-01-01')).toBe(5);
  });
});
