import type { EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type WalletEvent =
  | EventOf<'TopUpStarted'>
  | EventOf<'WalletCredited'>
  | EventOf<'TopUpCancelled'>
  | EventOf<'WalletCharged'>
  | EventOf<'WalletRefunded'>
  | EventOf<'PromotionTariffChosen'>
  | EventOf<'InvoiceRequested'>;

type PositionType = 1 | 2 | 3;
/** a promotion tariff as the listing's own place and deal price it */
export type PricedTariff = { id: string; positionType: PositionType; sum: number };
/** the listing's running promotion, as its publication stream tells it */
export type RunningPromotion = { positionType: PositionType; tariffId: string; until: string };

const DAY = 24 * 60 * 60_000;

export type Wallet = {
  balance: number;
  /** payment id → its state: a payment credits once */
  payments: Map<string, 'started' | 'credited' | 'cancelled'>;
  charges: Map<string, Charge>;
  /** `${userId}:${YYYY-MM}` → roubles spent: an employee's monthly limit */
  spent: Map<string, number>;
  /** an Idempotency-Key → the payment it was first sent with (a charge, or a tariff change with no charge) */
  keys: Map<
    string,
    { publicationId: string; tariffId: string; chargeId: string | null; from: string | null }
  >;
  /** publication id → the position type chosen for its next paid days while its promotion runs */
  nextTariffs: Map<string, { positionType: PositionType; tariffId: string; from: string }>;
};

export type Charge = {
  sum: number;
  refunded: boolean;
  publicationId: string | null;
  tariffId: string | null;
  paidUntil: string | null;
};

export type WalletCommand =
  | { type: 'StartTopUp'; agencyId: string; paymentId: string; sum: number }
  | { type: 'Credit'; agencyId: string; paymentId: string; sum: number }
  | { type: 'CancelTopUp'; agencyId: string; paymentId: string }
  /**
   * One click of «Оплатить»: `chargeId` names the listing's promotion (its publication stream's
   * count of ended promotions), so every request that finds the listing unpromoted charges the
   * same id and only the first is paid; `running` is the listing's promotion when one runs.
   */
  | {
      type: 'PayTariff';
      agencyId: string;
      publicationId: string;
      chargeId: string;
      tariff: PricedTariff;
      running: RunningPromotion | null;
      idempotencyKey: string | null;
      by: string;
      /** now: the paid day runs from it */
      at: string;
      limit: number | null;
    }
  /** The daily charge of a running promotion for the day from `dayStart`: at the position type chosen for it, if any. */
  | {
      type: 'ChargePromotionDay';
      agencyId: string;
      publicationId: string;
      chargeId: string;
      dayStart: string;
      positionType: PositionType;
      tariffs: Record<PositionType, PricedTariff>;
    }
  | { type: 'Refund'; agencyId: string; chargeId: string }
  | { type: 'RequestInvoice'; data: EventOf<'InvoiceRequested'>['data'] };

export const walletStream = (agencyId: string) => `wallet-${agencyId}`;

export function evolve(state: Wallet, event: WalletEvent): Wallet {
  switch (event.type) {
    case 'TopUpStarted':
      return { ...state, payments: new Map(state.payments).set(event.data.paymentId, 'started') };
    case 'WalletCredited':
      return {
        ...state,
        balance: state.balance + event.data.sum,
        payments: new Map(state.payments).set(event.data.paymentId, 'credited'),
      };
    case 'TopUpCancelled':
      return { ...state, payments: new Map(state.payments).set(event.data.paymentId, 'cancelled') };
    case 'WalletCharged': {
      const { by, month, sum, chargeId, publicationId, tariffId, paidUntil, idempotencyKey, purpose } =
        event.data;
      const spentKey = `${by}:${month}`;
      const next = {
        ...state,
        balance: state.balance - sum,
        charges: new Map(state.charges).set(chargeId, {
          sum,
          refunded: false,
          publicationId,
          tariffId,
          paidUntil,
        }),
        spent: new Map(state.spent).set(spentKey, (state.spent.get(spentKey) ?? 0) + sum),
      };
      if (idempotencyKey && publicationId && tariffId)
        next.keys = new Map(state.keys).set(idempotencyKey, {
          publicationId,
          tariffId,
          chargeId,
          from: null,
        });
      // a newly bought promotion starts from its own tariff: a change chosen for an earlier one is over
      if (purpose === 'tariff' && publicationId && state.nextTariffs.has(publicationId)) {
        next.nextTariffs = new Map(state.nextTariffs);
        next.nextTariffs.delete(publicationId);
      }
      return next;
    }
    case 'WalletRefunded': {
      const charge = state.charges.get(event.data.chargeId) ?? {
        sum: event.data.sum,
        refunded: false,
        publicationId: null,
        tariffId: null,
        paidUntil: null,
      };
      return {
        ...state,
        balance: state.balance + event.data.sum,
        charges: new Map(state.charges).set(event.data.chargeId, { ...charge, refunded: true }),
      };
    }
    case 'PromotionTariffChosen': {
      const { publicationId, positionType, tariffId, from, idempotencyKey } = event.data;
      return {
        ...state,
        nextTariffs: new Map(state.nextTariffs).set(publicationId, { positionType, tariffId, from }),
        keys: idempotencyKey
          ? new Map(state.keys).set(idempotencyKey, { publicationId, tariffId, chargeId: null, from })
          : state.keys,
      };
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
      return [
        {
          type: 'TopUpStarted',
          data: { agencyId: command.agencyId, paymentId: command.paymentId, sum: command.sum },
        },
      ];
    case 'Credit': {
      const payment = state.payments.get(command.paymentId);
      if (payment === 'credited') return []; // a repeated notification credits nothing
      return [
        {
          type: 'WalletCredited',
          data: { agencyId: command.agencyId, paymentId: command.paymentId, sum: command.sum },
        },
      ];
    }
    case 'CancelTopUp':
      if (state.payments.get(command.paymentId) !== 'started') return [];
      return [{ type: 'TopUpCancelled', data: { agencyId: command.agencyId, paymentId: command.paymentId } }];
    case 'PayTariff':
      return payTariff(command, state);
    case 'ChargePromotionDay': {
      const previous = state.charges.get(command.chargeId);
      if (previous && !previous.refunded) return []; // this day is paid: a second run of the billing charges nothing
      const chosen = state.nextTariffs.get(command.publicationId);
      const tariff =
        command.tariffs[
          chosen && chosen.from <= command.dayStart ? chosen.positionType : command.positionType
        ];
      if (state.balance < tariff.sum) throw new DomainError('INSUFFICIENT_BALANCE');
      return [
        dayCharged({
          ...command,
          tariff,
          purpose: 'promotion-day',
          by: 'billing',
          from: command.dayStart,
          idempotencyKey: null,
        }),
      ];
    }
    case 'Refund': {
      const charge = state.charges.get(command.chargeId);
      if (!charge || charge.refunded) return [];
      return [
        {
          type: 'WalletRefunded',
          data: { agencyId: command.agencyId, chargeId: command.chargeId, sum: charge.sum },
        },
      ];
    }
    case 'RequestInvoice':
      return [{ type: 'InvoiceRequested', data: command.data }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** "Moscow time" as the cabinet shows it: 14.05.2026, 10:00 */
export const moscowTime = (iso: string) =>
  `${new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))} (МСК)`;

/**
 * The rules of paying a promotion tariff:
 * - an idempotency key seen before answers its first payment (no events) and may not be reused
 *   for another listing or tariff; a key whose charge was refunded may try again;
 * - while the listing's promotion runs, its running (or already chosen) tariff is refused, and
 *   another position type is chosen for the next paid days, with nothing charged now;
 * - otherwise the promotion's charge id is paid once: whoever comes second is refused;
 * - the balance never goes below zero, an employee stays within the monthly limit.
 */
function payTariff(command: Extract<WalletCommand, { type: 'PayTariff' }>, state: Wallet): WalletEvent[] {
  const { publicationId, tariff, running, idempotencyKey } = command;
  const seen = idempotencyKey ? state.keys.get(idempotencyKey) : undefined;
  if (seen) {
    if (seen.publicationId !== publicationId || seen.tariffId !== tariff.id)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    if (seen.chargeId === null || !state.charges.get(seen.chargeId)?.refunded) return []; // the first payment's answer stands
  }
  if (running) {
    const chosen = state.nextTariffs.get(publicationId);
    const next = chosen && chosen.from >= running.until ? chosen.positionType : running.positionType;
    if (tariff.positionType === next) {
      throw new DomainError(
        'PROMOTION_ALREADY_PAID',
        `Этот тариф уже оплачен до ${moscowTime(running.until)}; следующие дни списываются автоматически`,
      );
    }
    return [
      {
        type: 'PromotionTariffChosen',
        data: {
          agencyId: command.agencyId,
          publicationId,
          positionType: tariff.positionType,
          tariffId: tariff.id,
          from: running.until,
          by: command.by,
          idempotencyKey,
        },
      },
    ];
  }
  const previous = state.charges.get(command.chargeId);
  if (previous && !previous.refunded) throw new DomainError('PROMOTION_ALREADY_PAID');
  if (state.balance < tariff.sum) throw new DomainError('INSUFFICIENT_BALANCE');
  const month = command.at.slice(0, 7);
  const spent = state.spent.get(`${command.by}:${month}`) ?? 0;
  if (command.limit !== null && spent + tariff.sum > command.limit) {
    throw new DomainError(
      'ACTION_NOT_ALLOWED',
      `Превышен лимит трат сотрудника: ${command.limit} ₽ в месяц, потрачено ${spent} ₽`,
    );
  }
  return [
    dayCharged({ ...command, publicationId, tariff, purpose: 'tariff', from: command.at, idempotencyKey }),
  ];
}

/** A day of a listing's tariff taken from the balance: paid up to a day after `from`, counted in `from`'s month. */
function dayCharged(day: {
  agencyId: string;
  chargeId: string;
  publicationId: string;
  tariff: PricedTariff;
  purpose: 'promotion-day' | 'tariff';
  by: string;
  from: string;
  idempotencyKey: string | null;
}): WalletEvent {
  return {
    type: 'WalletCharged',
    data: {
      agencyId: day.agencyId,
      chargeId: day.chargeId,
      sum: day.tariff.sum,
      purpose: day.purpose,
      publicationId: day.publicationId,
      by: day.by,
      month: day.from.slice(0, 7),
      tariffId: day.tariff.id,
      paidUntil: new Date(Date.parse(day.from) + DAY).toISOString(),
      idempotencyKey: day.idempotencyKey,
    },
  };
}

export const walletDecider: Decider<WalletCommand, Wallet, WalletEvent> = {
  decide,
  evolve,
  initialState: () => ({
    balance: 0,
    payments: new Map(),
    charges: new Map(),
    spent: new Map(),
    keys: new Map(),
    nextTariffs: new Map(),
  }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleWallet = commandHandler(walletDecider, walletStream);
