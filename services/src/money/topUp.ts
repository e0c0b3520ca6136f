import { defineWorkflow, type StepRun } from '../core/workflow';
import { paymentSucceeded } from './payPremium';
import { WALLET_ATTEMPTS } from './promotion';
import { handleWallet } from './wallet';

/**
 * A wallet top-up paid with the provider, once the provider says the money is in: the payment
 * succeeds, then the agency's wallet is credited. The same shape as the premium (payPremium.ts): no
 * credit without a succeeded payment, and a crash between the two is finished by the resume; the
 * wallet credits a payment id once, so running the step again credits nothing.
 */
export type TopUpInput = { paymentId: string; agencyId: string; sum: number };

export const TOP_UP = 'top-up';
export const topUpId = (paymentId: string) => `${TOP_UP}-${paymentId}`;

export const topUpWorkflow = defineWorkflow<TopUpInput, { paymentId: string; sum: number }>({
  name: TOP_UP,
  steps: [
    paymentSucceeded,
    {
      name: 'wallet-credited',
      async run({ store, input, meta }: StepRun<TopUpInput>) {
        await handleWallet(
          store,
          input.agencyId,
          { type: 'Credit', agencyId: input.agencyId, paymentId: input.paymentId, sum: input.sum },
          meta,
          WALLET_ATTEMPTS,
        );
        return null;
      },
    },
  ],
  output: ({ input }) => ({ paymentId: input.paymentId, sum: input.sum }),
});
