import type { EventOf } from '@estate/events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type WalletEvent =
  | EventOf<'TopUpStarted'>
  | EventOf<'WalletCredited'>
  | EventOf<'TopUpCancelled'>
  | EventOf<'WalletCharged'>
  | EventOf<'WalletRefunded'>
  | EventOf<'InvoiceRequested'>;

export type Wallet = {
  balance: number;
  /** payment id → its state: a payment credits once */
  payments: Map<string, 'started' | 'credited' | 'cancelled'>;
  charges: Map<string, { sum: number; refunded: boolean }>;
  /** `${userId}:${YYYY-MM}` → roubles spent: an employee's monthly limit */
  spent: Map<string, number>;
};

export type WalletCommand =
  | { type: 'StartTopUp'; agencyId: string; paymentId: string; sum: number }
  | { type: 'Credit'; agencyId: string; paymentId: string; sum: number }
  | { type: 'CancelTopUp'; agencyId: string; paymentId: string }
  | { type: 'Charge'; agencyId: string; chargeId: string; sum: number; purpose: 'tariff' | 'promotion-day'; publicationId: string | null; by: string; month: string; limit: number | null }
  | { type: 'Refund'; agencyId: string; chargeId: string }
  | { type: 'RequestInvoice'; data: EventOf<'InvoiceRequested'>['data'] };

export const walletStream = (agencyId: string) => `wallet-${agencyId}`;

export function evolve(state: Wallet, event: WalletEvent): Wallet {
  switch (event.type) {
    case 'TopUpStarted':
      return { ...state, payments: new Map(state.payments).set(event.data.paymentId, 'started') };
    case 'WalletCredited':
      return { ...state, balance: state.balance + event.data.sum, payments: new Map(state.payments).set(event.data.paymentId, 'credited') };
    case 'TopUpCancelled':
      return { ...state, payments: new Map(state.payments).set(event.data.paymentId, 'cancelled') };
    case 'WalletCharged': {
      const key = `${event.data.by}:${event.data.month}`;
      return {
        ...state,
        balance: state.balance - event.data.sum,
        charges: new Map(state.charges).set(event.data.chargeId, { sum: event.data.sum, refunded: false }),
        spent: new Map(state.spent).set(key, (state.spent.get(key) ?? 0) + event.data.sum),
      };
    }
    case 'WalletRefunded': {
      const charge = state.charges.get(event.data.chargeId);
      return { ...state, balance: state.balance + event.data.sum, charges: new Map(state.charges).set(event.data.chargeId, { sum: charge?.sum ?? event.data.sum, refunded: true }) };
    }
    case 'InvoiceRequested':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function decide(command: WalletCommand, state: Wallet): WalletEvent[] {
  switch (command.type) {
    case 'StartTopUp':
      if (state.payments.has(command.paymentId)) return [];
      return [{ type: 'TopUpStarted', data: { agencyId: command.agencyId, paymentId: command.paymentId, sum: command.sum } }];
    case 'Credit': {
      const payment = state.payments.get(command.paymentId);
      if (payment === 'credited') return []; // a repeated notification credits nothing
      return [{ type: 'WalletCredited', data: { agencyId: command.agencyId, paymentId: command.paymentId, sum: command.sum } }];
    }
    case 'CancelTopUp':
      if (state.payments.get(command.paymentId) !== 'started') return [];
      return [{ type: 'TopUpCancelled', data: { agencyId: command.agencyId, paymentId: command.paymentId } }];
    case 'Charge': {
      if (state.charges.has(command.chargeId)) return [];
      if (state.balance < command.sum) throw new DomainError('INSUFFICIENT_BALANCE');
      const spent = state.spent.get(`${command.by}:${command.month}`) ?? 0;
      if (command.limit !== null && spent + command.sum > command.limit) {
        throw new DomainError('ACTION_NOT_ALLOWED', `Превышен лимит трат сотрудника: ${command.limit} ₽ в месяц, потрачено ${spent} ₽`);
      }
      const { type: _type, limit: _limit, ...data } = command;
      return [{ type: 'WalletCharged', data }];
    }
    case 'Refund': {
      const charge = state.charges.get(command.chargeId);
      if (!charge || charge.refunded) return [];
      return [{ type: 'WalletRefunded', data: { agencyId: command.agencyId, chargeId: command.chargeId, sum: charge.sum } }];
    }
    case 'RequestInvoice':
      return [{ type: 'InvoiceRequested', data: command.data }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const walletDecider: Decider<WalletCommand, Wallet, WalletEvent> = {
  decide,
  evolve,
  initialState: () => ({ balance: 0, payments: new Map(), charges: new Map(), spent: new Map() }),
};
