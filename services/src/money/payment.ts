import type { EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type PaymentEvent =
  | EventOf<'PaymentCreated'>
  | EventOf<'PaymentConfirmationReceived'>
  | EventOf<'PaymentCreationFailed'>
  | EventOf<'PaymentSucceeded'>
  | EventOf<'PaymentCancelled'>;
type Created = EventOf<'PaymentCreated'>['data'];
export type Payment =
  | { exists: false }
  | {
      exists: true;
      created: Created;
      status: 'new' | 'pending' | 'failed' | 'succeeded' | 'cancelled';
      providerPaymentId: string | null;
      confirmationUrl: string | null;
    };

export type PaymentCommand =
  | ({ type: 'CreatePayment' } & Created)
  | { type: 'RecordConfirmation'; providerPaymentId: string; confirmationUrl: string }
  | { type: 'RecordCreationFailure'; reason: string }
  | { type: 'MarkSucceeded' }
  | { type: 'MarkCancelled' };

export const paymentStream = (id: string) => `payment-${id}`;

export function evolve(state: Payment, event: PaymentEvent): Payment {
  if (event.type === 'PaymentCreated')
    return {
      exists: true,
      created: event.data,
      status: 'new',
      providerPaymentId: null,
      confirmationUrl: null,
    };
  if (!state.exists) return state;
  switch (event.type) {
    case 'PaymentConfirmationReceived':
      return {
        ...state,
        status: 'pending',
        providerPaymentId: event.data.providerPaymentId,
        confirmationUrl: event.data.confirmationUrl,
      };
    case 'PaymentCreationFailed':
      return { ...state, status: 'failed' };
    case 'PaymentSucceeded':
      return { ...state, status: 'succeeded' };
    case 'PaymentCancelled':
      return { ...state, status: 'cancelled' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const samePayment = (a: Created, b: Created) =>
  a.purpose === b.purpose &&
  a.sum === b.sum &&
  a.userId === b.userId &&
  a.agencyId === b.agencyId &&
  a.tariffId === b.tariffId;

/**
 * A payment is created once: its id may come from the client's Idempotency-Key, so the same id
 * again is the same click (nothing new), and the same id for another payment is refused (112). A
 * payment succeeds or is cancelled once; a late or repeated notification changes nothing.
 */
export function decide(command: PaymentCommand, state: Payment): PaymentEvent[] {
  if (command.type === 'CreatePayment') {
    const { type: _type, ...data } = command;
    if (state.exists) {
      if (!samePayment(state.created, data)) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
      return [];
    }
    return [{ type: 'PaymentCreated', data }];
  }
  if (!state.exists) throw new DomainError('NOT_FOUND', 'Платёж не найден');
  const paymentId = state.created.paymentId;
  switch (command.type) {
    case 'RecordConfirmation':
      if (state.status !== 'new') return [];
      return [
        {
          type: 'PaymentConfirmationReceived',
          data: {
            paymentId,
            providerPaymentId: command.providerPaymentId,
            confirmationUrl: command.confirmationUrl,
          },
        },
      ];
    case 'RecordCreationFailure':
      return state.status === 'new'
        ? [{ type: 'PaymentCreationFailed', data: { paymentId, reason: command.reason.slice(0, 500) } }]
        : [];
    case 'MarkSucceeded':
      if (state.status === 'succeeded') return [];
      if (state.status === 'cancelled') throw new DomainError('ACTION_NOT_ALLOWED', 'Платёж отменён');
      return [{ type: 'PaymentSucceeded', data: { paymentId } }];
    case 'MarkCancelled':
      if (state.status === 'cancelled' || state.status === 'succeeded') return [];
      return [{ type: 'PaymentCancelled', data: { paymentId } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const paymentDecider: Decider<PaymentCommand, Payment, PaymentEvent> = {
  decide,
  evolve,
  initialState: () => ({ exists: false }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handlePayment = commandHandler(paymentDecider, paymentStream);
