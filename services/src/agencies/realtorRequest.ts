import { MODERATOR_ROLE, type AgencyDetails, type EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import { type Actor } from '../core/access';

export type RealtorRequestEvent =
  | EventOf<'RealtorRequestSubmitted'>
  | EventOf<'RealtorRequestWithdrawn'>
  | EventOf<'RealtorRequestApproved'>
  | EventOf<'RealtorRequestRejected'>
  | EventOf<'RealtorRequestConfirmed'>;

/** The spec's statuses: 1 under review, 2 approved, 3 rejected, 4 (or empty) none; confirmed ends it. */
export type RealtorRequestStatus = 'none' | 'review' | 'approved' | 'rejected' | 'confirmed';
export const REALTOR_STATUS_CODE: Record<RealtorRequestStatus, number> = {
  none: 4,
  review: 1,
  approved: 2,
  rejected: 3,
  confirmed: 2,
};
export const REALTOR_STATUS_NAMES: Record<number, string> = {
  1: 'На рассмотрении',
  2: 'Одобрена',
  3: 'Отклонена',
};

export type RealtorRequest = {
  status: RealtorRequestStatus;
  contactName: string | null;
  details: AgencyDetails | null;
  reason: string | null;
};

export type RealtorRequestCommand =
  | { type: 'SubmitRealtorRequest'; userId: string; contactName: string; details: AgencyDetails }
  | { type: 'WithdrawRealtorRequest'; userId: string }
  | { type: 'ApproveRealtorRequest'; actor: Actor; userId: string }
  | { type: 'RejectRealtorRequest'; actor: Actor; userId: string; reason: string }
  | { type: 'ConfirmRealtorRequest'; userId: string; agencyId: string };

export const realtorRequestStream = (userId: string) => `realtor-request-${userId}`;

export function evolve(state: RealtorRequest, event: RealtorRequestEvent): RealtorRequest {
  switch (event.type) {
    case 'RealtorRequestSubmitted':
      return {
        status: 'review',
        contactName: event.data.contactName,
        details: event.data.details,
        reason: null,
      };
    case 'RealtorRequestWithdrawn':
      return { status: 'none', contactName: null, details: null, reason: null };
    case 'RealtorRequestApproved':
      return { ...state, status: 'approved', reason: null };
    case 'RealtorRequestRejected':
      return { ...state, status: 'rejected', reason: event.data.reason };
    case 'RealtorRequestConfirmed':
      return { ...state, status: 'confirmed' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const moderator = (actor: Actor) => {
  if (actor.role !== MODERATOR_ROLE) throw new DomainError('FORBIDDEN', 'Заявки рассматривает модератор');
};

export function decide(command: RealtorRequestCommand, state: RealtorRequest): RealtorRequestEvent[] {
  switch (command.type) {
    case 'SubmitRealtorRequest':
      // with status none or rejected the send creates the request; under review it updates it (the spec's rule)
      if (state.status === 'approved' || state.status === 'confirmed')
        throw new DomainError('ACTION_NOT_ALLOWED', 'Заявка уже одобрена: перейдите в кабинет агентства');
      return [
        {
          type: 'RealtorRequestSubmitted',
          data: { userId: command.userId, contactName: command.contactName, details: command.details },
        },
      ];
    case 'WithdrawRealtorRequest':
      if (state.status === 'none') return [];
      if (state.status === 'confirmed') throw new DomainError('ACTION_NOT_ALLOWED', 'Агентство уже создано');
      return [{ type: 'RealtorRequestWithdrawn', data: { userId: command.userId } }];
    case 'ApproveRealtorRequest':
      moderator(command.actor);
      if (state.status === 'approved') return [];
      if (state.status !== 'review')
        throw new DomainError('ACTION_NOT_ALLOWED', 'Нет заявки на рассмотрении');
      return [
        {
          type: 'RealtorRequestApproved',
          data: { userId: command.userId, moderatorId: command.actor.userId },
        },
      ];
    case 'RejectRealtorRequest':
      moderator(command.actor);
      if (state.status !== 'review')
        throw new DomainError('ACTION_NOT_ALLOWED', 'Нет заявки на рассмотрении');
      return [
        {
          type: 'RealtorRequestRejected',
          data: { userId: command.userId, moderatorId: command.actor.userId, reason: command.reason },
        },
      ];
    case 'ConfirmRealtorRequest':
      if (state.status === 'confirmed') return [];
      if (state.status !== 'approved') throw new DomainError('ACTION_NOT_ALLOWED', 'Заявка ещё не одобрена');
      return [
        { type: 'RealtorRequestConfirmed', data: { userId: command.userId, agencyId: command.agencyId } },
      ];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const realtorRequestDecider: Decider<RealtorRequestCommand, RealtorRequest, RealtorRequestEvent> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none', contactName: null, details: null, reason: null }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleRealtorRequest = commandHandler(realtorRequestDecider, realtorRequestStream);
