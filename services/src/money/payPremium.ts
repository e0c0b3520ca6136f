import { defineWorkflow, type StepRun } from '../core/workflow';
import { handleUser } from '../identity';
import { handlePayment } from './payment';

/**
 * A premium subscription paid with the provider, once the provider says the money is in: the payment
 * (`payment-<id>`) succeeds, then the payer's account (`user-<id>`) gets the paid days.
 *
 * 1. `payment-succeeded` — the payment decider records the success once (refused if the payment was
 *    cancelled: then nothing was granted and nothing is undone).
 * 2. `premium-extended` — the account's premium runs on by the tariff's days from its current end,
 *    or from the moment the payment was confirmed when it has lapsed; the account knows the payment
 *    id, so running the step again extends nothing.
 *
 * The order is the rule "no premium without payment": a crash between the two leaves a succeeded
 * payment whose days the resume (the provider's next notification, or the background's recovery of
 * stalled workflows) grants exactly once. The money is the provider's to give back, so the success
 * has no undo: the last step is refused only for an account that does not exist.
 *
 * The workflow's id is the payment's (`pay-premium-<paymentId>`): the provider notifies again and
 * again, and each notification runs, joins or reads the same workflow. The payment's id itself comes
 * from the client's Idempotency-Key when it sent one (payments.ts), so one click is one payment.
 */
export type PayPremiumInput = {
  paymentId: string;
  userId: string;
  days: number;
  /** when the provider's success was learned: a lapsed premium runs from then */
  at: string;
};

/** The first step of every provider payment's completion: the success is recorded once. */
export const paymentSucceeded = {
  name: 'payment-succeeded',
  async run({ store, input, meta }: StepRun<{ paymentId: string }>) {
    await handlePayment(store, input.paymentId, { type: 'MarkSucceeded' }, meta);
    return null;
  },
};

export const PAY_PREMIUM = 'pay-premium';
export const payPremiumId = (paymentId: string) => `${PAY_PREMIUM}-${paymentId}`;

export const payPremiumWorkflow = defineWorkflow<PayPremiumInput, { premiumUntil: string }>({
  name: PAY_PREMIUM,
  steps: [
    paymentSucceeded,
    {
      name: 'premium-extended',
      async run({ store, input, meta }: StepRun<PayPremiumInput>) {
        const { state } = await handleUser(
          store,
          input.userId,
          { type: 'ExtendPremium', days: input.days, now: new Date(input.at), paymentId: input.paymentId },
          meta,
        );
        return { premiumUntil: state.registered ? state.premiumUntil : null };
      },
    },
  ],
  output: ({ results }) => results['premium-extended'] as { premiumUntil: string },
});
