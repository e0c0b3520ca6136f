import { timingSafeEqual } from 'node:crypto';
import { type EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import { type Actor, mayManagePublication } from '../core/access';

export type BookingEvent =
  | EventOf<'BookingRequested'>
  | EventOf<'BookingAccepted'>
  | EventOf<'BookingRejected'>
  | EventOf<'BookingCancelled'>
  | EventOf<'GuestCheckedOut'>;

/** The user's status set of the spec (sent=1, accepted=2, canceled=3, rejected=4), plus the stay's end. */
export type BookingStatus = 'sent' | 'accepted' | 'canceled' | 'rejected' | 'completed';
type Request = EventOf<'BookingRequested'>['data'];
export type Booking =
  | { exists: false }
  | {
      exists: true;
      request: Request;
      status: BookingStatus;
      /** the run that cancelled it (cancelBooking.ts): the same run asking again is answered with no event */
      cancellationId?: string | null;
    };

export type BookingCommand =
  | ({ type: 'RequestBooking' } & Request)
  | { type: 'AcceptBooking'; actor: Actor; entryId: string }
  | { type: 'RejectBooking'; actor: Actor; reason: string }
  /** `cancellationId`: derived from the cancelling run's id, so a resumed run cancels once */
  | { type: 'CancelBooking'; actor: Actor; reason: string; cancellationId: string }
  /** a guest without an account cancels through the link they were sent: the hash of its key */
  | { type: 'CancelBookingByLink'; keyHash: string; reason: string; cancellationId: string }
  | { type: 'CheckOutGuest'; actor: Actor; today: string };

export const bookingStream = (requestId: string) => `booking-${requestId}`;

/** A request still in play: waiting for the host's answer, or accepted. Rejected, cancelled and finished stays are closed. */
export const isOpen = (status: BookingStatus) => status === 'sent' || status === 'accepted';

/** What makes two requests the same one (docs/decisions.md): the listing, the nights and the guest's phone. */
const sameAsking = (a: Request, b: Request) =>
  a.publicationId === b.publicationId &&
  a.startDate === b.startDate &&
  a.endDate === b.endDate &&
  a.guest.phone === b.guest.phone;
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export function evolve(state: Booking, event: BookingEvent): Booking {
  if (event.type === 'BookingRequested') return { exists: true, request: event.data, status: 'sent' };
  if (!state.exists) return state;
  switch (event.type) {
    case 'BookingAccepted':
      return { ...state, status: 'accepted' };
    case 'BookingRejected':
      return { ...state, status: 'rejected' };
    case 'BookingCancelled':
      return { ...state, status: 'canceled', cancellationId: event.data.cancellationId };
    case 'GuestCheckedOut':
      return { ...state, status: 'completed' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const existing = (state: Booking) => {
  if (!state.exists) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
  return state;
};
const NOT_NOW: Record<BookingStatus, string> = {
  sent: 'Заявка ещё ждёт ответа',
  accepted: 'Заявка уже принята',
  rejected: 'Заявка отклонена',
  canceled: 'Заявка отменена',
  completed: 'Гость уже выехал',
};
/** The cancellation asked for is the one recorded: the same run again (a resume after a crash), answered with no event. */
const cancelledBy = (booking: Extract<Booking, { exists: true }>, cancellationId: string) =>
  booking.status === 'canceled' && booking.cancellationId === cancellationId;
/** Who the request's guest is, on their cancellation: their reason is then encrypted with their key. */
export type GuestOf = { userId: string | null; phone: string };
const guestOf = (request: Request): GuestOf => ({ userId: request.guest.userId, phone: request.guest.phone });

/** The request's guest when it is they who cancel (signed in, or with their link's key); null for the host's staff or a wrong key. */
export function cancellingGuestOf(
  booking: Extract<Booking, { exists: true }>,
  by: { actor: Actor } | { keyHash: string },
): GuestOf | null {
  if ('actor' in by)
    return booking.request.guest.userId !== null && booking.request.guest.userId === by.actor.userId
      ? guestOf(booking.request)
      : null;
  return booking.request.guestKeyHash && sameHash(booking.request.guestKeyHash, by.keyHash)
    ? guestOf(booking.request)
    : null;
}
const refuse = (status: BookingStatus) => new DomainError('ACTION_NOT_ALLOWED', NOT_NOW[status]);

export function decide(command: BookingCommand, state: Booking): BookingEvent[] {
  switch (command.type) {
    case 'RequestBooking': {
      const { type: _type, ...data } = command;
      if (!state.exists) return [{ type: 'BookingRequested', data }];
      // the same listing, nights and phone while the request is open is that request: answered again, recorded (and announced) once
      if (!sameAsking(state.request, data)) throw new DomainError('CONFLICT');
      if (isOpen(state.status)) return [];
      // once rejected or cancelled the guest may ask again: as a new request, under the next id (see requestBooking)
      throw new DomainError('ACTION_NOT_ALLOWED', 'Эта заявка уже закрыта');
    }
    case 'AcceptBooking': {
      const booking = existing(state);
      if (!mayManagePublication(command.actor, booking.request)) throw new DomainError('FORBIDDEN');
      if (booking.status === 'accepted') return [];
      if (booking.status !== 'sent') throw refuse(booking.status);
      return [
        {
          type: 'BookingAccepted',
          data: { requestId: booking.request.requestId, entryId: command.entryId, by: command.actor.userId },
        },
      ];
    }
    case 'RejectBooking': {
      const booking = existing(state);
      if (!mayManagePublication(command.actor, booking.request)) throw new DomainError('FORBIDDEN');
      if (booking.status !== 'sent') throw refuse(booking.status);
      return [
        {
          type: 'BookingRejected',
          data: { requestId: booking.request.requestId, reason: command.reason, by: command.actor.userId },
        },
      ];
    }
    case 'CancelBooking': {
      const booking = existing(state);
      const guest = cancellingGuestOf(booking, { actor: command.actor });
      const byGuest = guest !== null;
      if (!byGuest && !mayManagePublication(command.actor, booking.request))
        throw new DomainError('FORBIDDEN');
      if (cancelledBy(booking, command.cancellationId)) return [];
      if (booking.status !== 'sent' && booking.status !== 'accepted') throw refuse(booking.status);
      return [
        {
          type: 'BookingCancelled',
          data: {
            requestId: booking.request.requestId,
            reason: command.reason,
            by: command.actor.userId,
            byGuest,
            cancellationId: command.cancellationId,
            guest,
          },
        },
      ];
    }
    case 'CancelBookingByLink': {
      const booking = existing(state);
      const guest = cancellingGuestOf(booking, { keyHash: command.keyHash });
      // a wrong key learns nothing: the request is as good as absent
      if (!guest) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
      if (cancelledBy(booking, command.cancellationId)) return [];
      if (!isOpen(booking.status)) throw refuse(booking.status);
      return [
        {
          type: 'BookingCancelled',
          data: {
            requestId: booking.request.requestId,
            reason: command.reason,
            by: 'guest',
            byGuest: true,
            cancellationId: command.cancellationId,
            guest,
          },
        },
      ];
    }
    case 'CheckOutGuest': {
      const booking = existing(state);
      if (!mayManagePublication(command.actor, booking.request)) throw new DomainError('FORBIDDEN');
      if (booking.status !== 'accepted') throw refuse(booking.status);
      if (command.today < booking.request.startDate)
        throw new DomainError('ACTION_NOT_ALLOWED', 'Гость ещё не заселился');
      return [
        { type: 'GuestCheckedOut', data: { requestId: booking.request.requestId, by: command.actor.userId } },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const bookingDecider: Decider<BookingCommand, Booking, BookingEvent> = {
  decide,
  evolve,
  initialState: () => ({ exists: false }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleBooking = commandHandler(bookingDecider, bookingStream);
