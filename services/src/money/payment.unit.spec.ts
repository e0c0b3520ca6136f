import { validateEventData } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { paymentDecider, type PaymentCommand, type PaymentEvent } from './payment';

const given = deciderSpec(paymentDecider);
const request = {
  paymentId: 'pay-1',
  purpose: 'premium' as const,
  sum: 5000,
  agencyId: null,
  userId: 'user-1',
  tariffId: 'month',
  siteUrl: 'https://estate.example',
};
const created: PaymentEvent = { type: 'PaymentCreated', data: request };
const confirmation: PaymentEvent = {
  type: 'PaymentConfirmationReceived',
  data: {
    paymentId: 'pay-1',
    providerPaymentId: 'yk-1',
    confirmationUrl: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=yk-1',
  },
};
const failed: PaymentEvent = {
  type: 'PaymentCreationFailed',
  data: { paymentId: 'pay-1', reason: 'timeout' },
};
const succeeded: PaymentEvent = { type: 'PaymentSucceeded', data: { paymentId: 'pay-1' } };
const cancelled: PaymentEvent = { type: 'PaymentCancelled', data: { paymentId: 'pay-1' } };
const record: PaymentCommand = {
  type: 'RecordConfirmation',
  providerPaymentId: 'yk-1',
  confirmationUrl: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=yk-1',
};

describe('a payment with the provider', () => {
  it('is created once: the same id again records nothing', () => {
    given([])
      .when({ type: 'CreatePayment', ...request })
      .then([created]);
    given([created])
      .when({ type: 'CreatePayment', ...request })
      .then([]);
  });

  it('refuses the same id for another payment (one Idempotency-Key sent with another tariff): 112', () => {
    given([created])
      .when({ type: 'CreatePayment', ...request, tariffId: 'year', sum: 48000 })
      .thenThrows('IDEMPOTENCY_KEY_REUSED');
    given([created])
      .when({ type: 'CreatePayment', ...request, userId: 'user-2' })
      .thenThrows('IDEMPOTENCY_KEY_REUSED');
    // the page the payer came from is not the payment: the same click from another tab is the same
    given([created])
      .when({ type: 'CreatePayment', ...request, siteUrl: 'https://www.estate.example' })
      .then([]);
  });

  it('records the provider’s confirmation page once, and only while the payment is new', () => {
    given([created]).when(record).then([confirmation]);
    given([created, confirmation]).when(record).then([]);
    given([created, failed]).when(record).then([]);
  });

  it('records a creation that failed every try, with the reason cut to 500 characters', () => {
    given([created])
      .when({ type: 'RecordCreationFailure', reason: 'x'.repeat(600) })
      .then([{ type: 'PaymentCreationFailed', data: { paymentId: 'pay-1', reason: 'x'.repeat(500) } }]);
    given([created, confirmation]).when({ type: 'RecordCreationFailure', reason: 'late' }).then([]);
  });

  it('succeeds once: a repeated notification changes nothing', () => {
    given([created, confirmation]).when({ type: 'MarkSucceeded' }).then([succeeded]);
    given([created, confirmation, succeeded]).when({ type: 'MarkSucceeded' }).then([]);
  });

  it('refuses to succeed once cancelled', () => {
    given([created, confirmation, cancelled])
      .when({ type: 'MarkSucceeded' })
      .thenThrows('ACTION_NOT_ALLOWED', 'Платёж отменён');
  });

  it('is cancelled once, and never after it succeeded', () => {
    given([created, confirmation]).when({ type: 'MarkCancelled' }).then([cancelled]);
    given([created, confirmation, cancelled]).when({ type: 'MarkCancelled' }).then([]);
    given([created, confirmation, succeeded]).when({ type: 'MarkCancelled' }).then([]);
  });

  const commands: PaymentCommand[] = [
    record,
    { type: 'RecordCreationFailure', reason: 'x' },
    { type: 'MarkSucceeded' },
    { type: 'MarkCancelled' },
  ];
  it.each(commands.map((c) => [c.type, c] as const))(
    'refuses %s for a payment it never created: 404',
    (_type, command) => {
      given([]).when(command).thenThrows('NOT_FOUND');
    },
  );

  it('makes events that pass their schema', () => {
    for (const event of [created, confirmation, failed, succeeded, cancelled])
      expect(() => validateEventData(event.type, event.data)).not.toThrow();
  });
});
