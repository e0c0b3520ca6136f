import { deciderSpec } from '../core/deciderSpec';
import type { Actor } from '../publications/decide';
import { bookingDecider, type BookingEvent } from './booking';
import { calendarDecider, type CalendarEvent } from './calendar';
import { displayStatus } from './status';

const calendar = deciderSpec(calendarDecider);
const pub = { publicationId: 'p1' };
const reserved = (entryId: string, requestId: string, startDate: string, endDate: string): CalendarEvent => ({ type: 'DatesReserved', data: { ...pub, entryId, requestId, startDate, endDate } });
const blocked = (entryId: string, startDate: string, endDate: string, source: 'manual' | 'ical' = 'manual'): CalendarEvent => ({ type: 'DatesBlocked', data: { ...pub, entryId, startDate, endDate, source, note: null } });
const reserve = (requestId: string, startDate: string, endDate: string) => ({ type: 'Reserve' as const, ...pub, entryId: `e-${requestId}`, requestId, startDate, endDate });

describe('the calendar', () => {
  it('reserves free nights', () => calendar([]).when(reserve('r1', '2030-01-10', '2030-01-12')).then([reserved('e-r1', 'r1', '2030-01-10', '2030-01-12')]));

  it('refuses nights another booking holds, however they overlap', () => {
    for (const [start, end] of [['2030-01-11', '2030-01-13'], ['2030-01-09', '2030-01-11'], ['2030-01-09', '2030-01-15'], ['2030-01-10', '2030-01-11']]) {
      calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')]).when(reserve('r2', start, end)).thenThrows('DATES_UNAVAILABLE');
    }
  });

  it('lets the next guest arrive on the day the last one leaves', () =>
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')]).when(reserve('r2', '2030-01-12', '2030-01-14')).then([reserved('e-r2', 'r2', '2030-01-12', '2030-01-14')]));

  it('refuses blocked nights', () => calendar([blocked('b1', '2030-01-01', '2030-01-31')]).when(reserve('r1', '2030-01-10', '2030-01-12')).thenThrows('DATES_UNAVAILABLE'));

  it('treats accepting the same request again as done', () => calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')]).when(reserve('r1', '2030-01-10', '2030-01-12')).then([]));

  it('blocks free or blocked nights, never reserved ones', () => {
    calendar([blocked('b1', '2030-01-01', '2030-01-05')]).when({ type: 'Block', ...pub, entryId: 'b2', startDate: '2030-01-03', endDate: '2030-01-08', source: 'manual', note: null }).then([blocked('b2', '2030-01-03', '2030-01-08')]);
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')]).when({ type: 'Block', ...pub, entryId: 'b2', startDate: '2030-01-11', endDate: '2030-01-20', source: 'manual', note: null }).thenThrows('DATES_UNAVAILABLE');
  });

  it('releases a block once; a reservation only through its request', () => {
    calendar([blocked('b1', '2030-01-01', '2030-01-05')]).when({ type: 'ReleaseBlock', ...pub, entryId: 'b1' }).then([{ type: 'CalendarEntryReleased', data: { ...pub, entryId: 'b1' } }]);
    calendar([]).when({ type: 'ReleaseBlock', ...pub, entryId: 'b1' }).then([]);
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')]).when({ type: 'ReleaseBlock', ...pub, entryId: 'e1' }).thenThrows('ACTION_NOT_ALLOWED');
    calendar([reserved('e1', 'r1', '2030-01-10', '2030-01-12')]).when({ type: 'ReleaseReservation', ...pub, requestId: 'r1' }).then([{ type: 'CalendarEntryReleased', data: { ...pub, entryId: 'e1' } }]);
    calendar([]).when({ type: 'ReleaseReservation', ...pub, requestId: 'r1' }).then([]);
  });
});

const booking = deciderSpec(bookingDecider);
const owner: Actor = { userId: 'owner', role: 2, agencyId: 'ag1' };
const author: Actor = { userId: 'author', role: 1, agencyId: 'ag1' };
const otherAgent: Actor = { userId: 'agent-2', role: 1, agencyId: 'ag1' };
const stranger: Actor = { userId: 'owner-9', role: 2, agencyId: 'ag9' };
const guest: Actor = { userId: 'guest', role: 3, agencyId: null };
const request = {
  requestId: 'r1', publicationId: 'p1', agencyId: 'ag1', authorId: 'author', guest: { userId: 'guest', name: 'Ольга', phone: '79991112233', email: null },
  startDate: '2030-01-10', endDate: '2030-01-12', adultCount: 2, childCount: 0, nights: 2, price: 6000, deposit: null, chatId: 'c1',
};
const requested: BookingEvent = { type: 'BookingRequested', data: request };
const accepted: BookingEvent = { type: 'BookingAccepted', data: { requestId: 'r1', entryId: 'e1', by: 'owner' } };
const rejected: BookingEvent = { type: 'BookingRejected', data: { requestId: 'r1', reason: 'Занято', by: 'owner' } };
const cancelled = (by: string, byGuest: boolean): BookingEvent => ({ type: 'BookingCancelled', data: { requestId: 'r1', reason: 'Изменились планы', by, byGuest } });
const checkedOut: BookingEvent = { type: 'GuestCheckedOut', data: { requestId: 'r1', by: 'owner' } };

describe('a booking request', () => {
  it('is recorded once', () => {
    booking([]).when({ type: 'RequestBooking', ...request }).then([requested]);
    booking([requested]).when({ type: 'RequestBooking', ...request }).then([]);
  });

  it('is accepted by the owner or the listing’s author, once; by nobody else', () => {
    booking([requested]).when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' }).then([accepted]);
    booking([requested]).when({ type: 'AcceptBooking', actor: author, entryId: 'e1' }).then([{ ...accepted, data: { ...accepted.data, by: 'author' } } as BookingEvent]);
    booking([requested, accepted]).when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' }).then([]);
    for (const actor of [otherAgent, stranger, guest]) booking([requested]).when({ type: 'AcceptBooking', actor, entryId: 'e1' }).thenThrows('FORBIDDEN');
  });

  it('is rejected with a reason only while it waits', () => {
    booking([requested]).when({ type: 'RejectBooking', actor: owner, reason: 'Занято' }).then([rejected]);
    booking([requested, accepted]).when({ type: 'RejectBooking', actor: owner, reason: 'x' }).thenThrows('ACTION_NOT_ALLOWED');
    booking([requested, rejected]).when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' }).thenThrows('ACTION_NOT_ALLOWED');
    booking([requested]).when({ type: 'RejectBooking', actor: guest, reason: 'x' }).thenThrows('FORBIDDEN');
  });

  it('is cancelled by its guest or by the host, while waiting or accepted', () => {
    booking([requested]).when({ type: 'CancelBooking', actor: guest, reason: 'Изменились планы' }).then([cancelled('guest', true)]);
    booking([requested, accepted]).when({ type: 'CancelBooking', actor: owner, reason: 'Изменились планы' }).then([cancelled('owner', false)]);
    booking([requested, rejected]).when({ type: 'CancelBooking', actor: guest, reason: 'x' }).thenThrows('ACTION_NOT_ALLOWED');
    booking([requested, accepted, checkedOut]).when({ type: 'CancelBooking', actor: guest, reason: 'x' }).thenThrows('ACTION_NOT_ALLOWED');
    booking([requested]).when({ type: 'CancelBooking', actor: stranger, reason: 'x' }).thenThrows('FORBIDDEN');
  });

  it('ends with the guest checked out, not before arrival', () => {
    booking([requested, accepted]).when({ type: 'CheckOutGuest', actor: owner, today: '2030-01-11' }).then([checkedOut]);
    booking([requested, accepted]).when({ type: 'CheckOutGuest', actor: owner, today: '2030-01-09' }).thenThrows('ACTION_NOT_ALLOWED');
    booking([requested]).when({ type: 'CheckOutGuest', actor: owner, today: '2030-01-11' }).thenThrows('ACTION_NOT_ALLOWED');
  });

  it('is refused for an unknown request', () => booking([]).when({ type: 'AcceptBooking', actor: owner, entryId: 'e1' }).thenThrows('NOT_FOUND'));
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
