import { upcast, validateEventData } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { highlight, payTariff, placement, top } from './testing';
import { walletDecider, type PricedTariff, type WalletCommand, type WalletEvent } from './wallet';

const given = deciderSpec(walletDecider);
const AGENCY = 'agency-1';
const NEXT_DAY = '2026-05-14T07:00:00.000Z';

const credited = (sum: number): WalletEvent => ({
  type: 'WalletCredited',
  data: { agencyId: AGENCY, paymentId: `pay-${sum}`, sum },
});
const charged = (
  over: Partial<Extract<WalletEvent, { type: 'WalletCharged' }>['data']> = {},
): WalletEvent => ({
  type: 'WalletCharged',
  data: {
    agencyId: AGENCY,
    chargeId: 'promotion-1:flat',
    sum: 20,
    purpose: 'tariff',
    publicationId: 'flat',
    by: 'owner',
    month: '2026-05',
    tariffId: '1-1-sale',
    paidUntil: NEXT_DAY,
    idempotencyKey: null,
    ...over,
  },
});
const runningPlacement = { positionType: 1 as const, tariffId: '1-1-sale', until: NEXT_DAY };
const chosen = (
  tariff: PricedTariff,
  over: Partial<Extract<WalletEvent, { type: 'PromotionTariffChosen' }>['data']> = {},
): WalletEvent => ({
  type: 'PromotionTariffChosen',
  data: {
    agencyId: AGENCY,
    publicationId: 'flat',
    positionType: tariff.positionType,
    tariffId: tariff.id,
    from: NEXT_DAY,
    by: 'owner',
    idempotencyKey: null,
    ...over,
  },
});
const billDay = (
  over: Partial<Extract<WalletCommand, { type: 'ChargePromotionDay' }>> = {},
): WalletCommand => ({
  type: 'ChargePromotionDay',
  agencyId: AGENCY,
  publicationId: 'flat',
  chargeId: 'flat:2026-05-14',
  dayStart: NEXT_DAY,
  positionType: 1,
  tariffs: { 1: placement, 2: highlight, 3: top },
  ...over,
});

describe('topping up the wallet', () => {
  const started: WalletEvent = {
    type: 'TopUpStarted',
    data: { agencyId: AGENCY, paymentId: 'p-1', sum: 500 },
  };

  it('given nothing, records a started top-up; the same payment again records nothing', () => {
    given([]).when({ type: 'StartTopUp', agencyId: AGENCY, paymentId: 'p-1', sum: 500 }).then([started]);
    given([started]).when({ type: 'StartTopUp', agencyId: AGENCY, paymentId: 'p-1', sum: 500 }).then([]);
  });

  it('credits a payment once, however often the provider reports it', () => {
    const credit: WalletCommand = { type: 'Credit', agencyId: AGENCY, paymentId: 'p-1', sum: 500 };
    const creditedOnce: WalletEvent = {
      type: 'WalletCredited',
      data: { agencyId: AGENCY, paymentId: 'p-1', sum: 500 },
    };
    given([started]).when(credit).then([creditedOnce]);
    given([started, creditedOnce]).when(credit).then([]);
    // a payment the wallet never saw start (a premium payment's id, a lost event) is credited too
    given([]).when(credit).then([creditedOnce]);
  });

  it('cancels only a started top-up: a credited or unknown payment is left as it is', () => {
    const cancel: WalletCommand = { type: 'CancelTopUp', agencyId: AGENCY, paymentId: 'p-1' };
    given([started])
      .when(cancel)
      .then([{ type: 'TopUpCancelled', data: { agencyId: AGENCY, paymentId: 'p-1' } }]);
    given([started, { type: 'TopUpCancelled', data: { agencyId: AGENCY, paymentId: 'p-1' } }])
      .when(cancel)
      .then([]);
    given([started, { type: 'WalletCredited', data: { agencyId: AGENCY, paymentId: 'p-1', sum: 500 } }])
      .when(cancel)
      .then([]);
    given([]).when(cancel).then([]);
  });
});

describe('giving a charge back', () => {
  const refund: WalletCommand = { type: 'Refund', agencyId: AGENCY, chargeId: 'promotion-1:flat' };
  const refunded: WalletEvent = {
    type: 'WalletRefunded',
    data: { agencyId: AGENCY, chargeId: 'promotion-1:flat', sum: 20 },
  };

  it('refunds the sum charged, once', () => {
    given([credited(100), charged()])
      .when(refund)
      .then([refunded]);
    given([credited(100), charged(), refunded])
      .when(refund)
      .then([]);
  });

  it('refunds nothing for a charge it never made (an undo that runs before its step)', () => {
    given([credited(100)])
      .when(refund)
      .then([]);
  });

  it('a refunded charge puts its sum back on the balance', () => {
    // after the refund, the whole balance may be charged again
    given([credited(20), charged(), refunded])
      .when(payTariff({ chargeId: 'promotion-1:flat' }))
      .then([charged()]);
  });
});

describe('an invoice for a bank transfer', () => {
  it('is recorded as asked', () => {
    const data = {
      agencyId: AGENCY,
      invoiceId: 'inv-1',
      sum: 5000,
      organizationName: 'ООО Ромашка',
      inn: '7701234567',
      kpp: '770101001',
      account: '40702810900000000001',
      by: 'owner',
    };
    given([])
      .when({ type: 'RequestInvoice', data })
      .then([{ type: 'InvoiceRequested', data }]);
  });
});

describe('paying a promotion tariff from the wallet', () => {
  it('given money and no promotion, charges the first day and records until when it is paid', () => {
    given([credited(100)])
      .when(payTariff({ idempotencyKey: 'click-0001' }))
      .then([charged({ idempotencyKey: 'click-0001' })]);
  });

  it('given the promotion already charged (a simultaneous click), refuses a second charge of it: 111', () => {
    given([credited(100), charged()])
      .when(payTariff())
      .thenThrows('PROMOTION_ALREADY_PAID');
    given([credited(100), charged({ idempotencyKey: 'click-0001' })])
      .when(payTariff({ idempotencyKey: 'click-0002' }))
      .thenThrows('PROMOTION_ALREADY_PAID');
  });

  it('given a refunded charge (the listing could not be promoted), the same promotion may be paid again', () => {
    given([
      credited(100),
      charged(),
      { type: 'WalletRefunded', data: { agencyId: AGENCY, chargeId: 'promotion-1:flat', sum: 20 } },
    ])
      .when(payTariff())
      .then([charged()]);
  });

  it('given the same idempotency key already charged, answers with nothing new: no second charge', () => {
    given([credited(100), charged({ idempotencyKey: 'click-0001' })])
      .when(payTariff({ idempotencyKey: 'click-0001' }))
      .then([]);
    // even once the promotion runs: the key's first answer stands
    given([credited(100), charged({ idempotencyKey: 'click-0001' })])
      .when(payTariff({ idempotencyKey: 'click-0001', running: runningPlacement }))
      .then([]);
  });

  it('given the key used for one listing and tariff, refuses it with another listing or tariff: 112', () => {
    given([credited(500), charged({ idempotencyKey: 'click-0001' })])
      .when(payTariff({ idempotencyKey: 'click-0001', tariff: top }))
      .thenThrows('IDEMPOTENCY_KEY_REUSED');
    given([credited(500), charged({ idempotencyKey: 'click-0001' })])
      .when(
        payTariff({ idempotencyKey: 'click-0001', publicationId: 'other', chargeId: 'promotion-1:other' }),
      )
      .thenThrows('IDEMPOTENCY_KEY_REUSED');
  });

  it('given the promotion running, refuses paying its own tariff again: 111', () => {
    given([credited(100), charged()])
      .when(payTariff({ running: runningPlacement, chargeId: 'promotion-1:flat' }))
      .thenThrows('PROMOTION_ALREADY_PAID');
  });

  it('given the promotion running, another position type starts when the paid day ends, with nothing charged now', () => {
    given([credited(100), charged()])
      .when(payTariff({ running: runningPlacement, tariff: top, idempotencyKey: 'click-0002' }))
      .then([chosen(top, { idempotencyKey: 'click-0002' })]);
    // even with no money for it now: the daily charge pays it (or ends the promotion)
    given([charged({ sum: 20 })])
      .when(payTariff({ running: runningPlacement, tariff: top }))
      .then([chosen(top)]);
  });

  it('given a tariff chosen for the next day, choosing it again is refused, and going back to the running one is a new choice', () => {
    given([credited(100), charged(), chosen(top)])
      .when(payTariff({ running: runningPlacement, tariff: top }))
      .thenThrows('PROMOTION_ALREADY_PAID');
    given([credited(100), charged(), chosen(top)])
      .when(payTariff({ running: runningPlacement, tariff: placement }))
      .then([chosen(placement)]);
  });

  it('given a key whose charge was refunded, the payment with that key may be tried again', () => {
    given([
      credited(100),
      charged({ idempotencyKey: 'click-0001' }),
      { type: 'WalletRefunded', data: { agencyId: AGENCY, chargeId: 'promotion-1:flat', sum: 20 } },
    ])
      .when(payTariff({ idempotencyKey: 'click-0001' }))
      .then([charged({ idempotencyKey: 'click-0001' })]);
  });

  it('names the end of the paid day when refusing the running tariff', () => {
    given([credited(100), charged()])
      .when(payTariff({ running: runningPlacement }))
      .thenThrows(
        'PROMOTION_ALREADY_PAID',
        /^Этот тариф уже оплачен до 14\.05\.2026, 10:00 \(МСК\); следующие дни списываются автоматически$/,
      );
  });

  it('given the same key of a tariff change, answers with nothing new', () => {
    given([credited(100), charged(), chosen(top, { idempotencyKey: 'click-0003' })])
      .when(payTariff({ running: runningPlacement, tariff: top, idempotencyKey: 'click-0003' }))
      .then([]);
  });

  it('keeps the balance from going below zero and an employee within the monthly limit', () => {
    given([credited(10)])
      .when(payTariff())
      .thenThrows('INSUFFICIENT_BALANCE');
    given([credited(100), charged({ chargeId: 'promotion-1:other', publicationId: 'other', by: 'agent' })])
      .when(payTariff({ by: 'agent', limit: 30 }))
      .thenThrows('ACTION_NOT_ALLOWED');
    // the limit counts this month only, and the employee's own spending only
    given([credited(100), charged({ chargeId: 'promotion-1:other', publicationId: 'other', by: 'agent' })])
      .when(payTariff({ by: 'agent', limit: 30, at: '2026-06-01T07:00:00.000Z' }))
      .then([charged({ by: 'agent', month: '2026-06', paidUntil: '2026-06-02T07:00:00.000Z' })]);
    given([credited(100), charged({ chargeId: 'promotion-1:other', publicationId: 'other' })])
      .when(payTariff({ by: 'agent', limit: 30 }))
      .then([charged({ by: 'agent' })]);
  });

  it('tells the employee how much of the limit is spent', () => {
    expect(() =>
      walletDecider.decide(
        payTariff({ by: 'agent', limit: 30 }),
        [
          credited(100),
          charged({ chargeId: 'promotion-1:other', publicationId: 'other', by: 'agent' }),
        ].reduce((state, event) => walletDecider.evolve(state, event), walletDecider.initialState()),
      ),
    ).toThrow('Превышен лимит трат сотрудника: 30 ₽ в месяц, потрачено 20 ₽');
  });
});

describe('the daily charge of a running promotion', () => {
  it('charges the next day at the running tariff, once per day', () => {
    const day = charged({
      chargeId: 'flat:2026-05-14',
      purpose: 'promotion-day',
      by: 'billing',
      paidUntil: '2026-05-15T07:00:00.000Z',
    });
    given([credited(100), charged()])
      .when(billDay())
      .then([day]);
    given([credited(100), charged(), day])
      .when(billDay())
      .then([]);
  });

  it('charges the position type chosen for that day at its price', () => {
    given([credited(500), charged(), chosen(top)])
      .when(billDay())
      .then([
        charged({
          chargeId: 'flat:2026-05-14',
          purpose: 'promotion-day',
          by: 'billing',
          sum: 180,
          tariffId: '3-1-sale',
          paidUntil: '2026-05-15T07:00:00.000Z',
        }),
      ]);
  });

  it('forgets a choice once a new promotion of the listing is bought', () => {
    const rebought = charged({ chargeId: 'promotion-2:flat', idempotencyKey: null });
    given([credited(500), charged(), chosen(top), rebought])
      .when(billDay())
      .then([
        charged({
          chargeId: 'flat:2026-05-14',
          purpose: 'promotion-day',
          by: 'billing',
          paidUntil: '2026-05-15T07:00:00.000Z',
        }),
      ]);
  });

  it('charges a day again whose earlier charge was refunded', () => {
    const day = charged({
      chargeId: 'flat:2026-05-14',
      purpose: 'promotion-day',
      by: 'billing',
      paidUntil: '2026-05-15T07:00:00.000Z',
    });
    given([
      credited(100),
      charged(),
      day,
      { type: 'WalletRefunded', data: { agencyId: AGENCY, chargeId: 'flat:2026-05-14', sum: 20 } },
    ])
      .when(billDay())
      .then([day]);
  });

  it('charges the running position type while the chosen one starts later', () => {
    given([credited(500), charged(), chosen(top, { from: '2026-05-15T07:00:00.000Z' })])
      .when(billDay())
      .then([
        charged({
          chargeId: 'flat:2026-05-14',
          purpose: 'promotion-day',
          by: 'billing',
          paidUntil: '2026-05-15T07:00:00.000Z',
        }),
      ]);
  });

  it('cannot pay a day the wallet has no money for', () => {
    given([credited(100), charged(), chosen(top)])
      .when(billDay())
      .thenThrows('INSUFFICIENT_BALANCE');
  });
});

describe('WalletCharged events', () => {
  it('of version 1 read as version 2 with no tariff, paid-until time or key', () => {
    const v1 = {
      agencyId: AGENCY,
      chargeId: 'c-1',
      sum: 20,
      purpose: 'tariff',
      publicationId: 'flat',
      by: 'owner',
      month: '2026-05',
    };
    expect(validateEventData('WalletCharged', upcast('WalletCharged', 1, v1))).toEqual({
      ...v1,
      tariffId: null,
      paidUntil: null,
      idempotencyKey: null,
    });
  });

  it('that the decider makes pass their schema', () => {
    const first = given([credited(100)])
      .when(payTariff({ idempotencyKey: 'click-0001' }))
      .decided();
    const change = given([credited(100), charged()])
      .when(payTariff({ running: runningPlacement, tariff: top }))
      .decided();
    for (const event of [...first, ...change])
      expect(() => validateEventData(event.type, event.data)).not.toThrow();
  });
});
