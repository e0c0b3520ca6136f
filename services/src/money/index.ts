/**
 * The money slice: agencies' wallets (`wallet-<agencyId>`), payments with the provider
 * (`payment-<id>`), promotion tariffs and the premium subscription. What other slices and the
 * process may use of it is exported here; nothing else of the folder is imported from outside.
 */
export { payTariff, payTariffWorkflow, finishTariffPaymentWorkflow, type TariffPayment } from './payTariff';
export { payPremiumWorkflow } from './payPremium';
export { topUpWorkflow } from './topUp';
export { billPromotions } from './promotion';
export { handleNotification, paymentOf, startPayment } from './payments';
export { SandboxPayments } from './provider/sandbox';
export { YooKassaPayments } from './provider/yookassa';
export {
  adTariffOf,
  tariffsOfPublication,
  publicationTariffs,
  PREMIUM_TARIFFS,
  type PublicationTariff,
} from './tariffs';
export { handleWallet, walletDecider, walletStream } from './wallet';

import type { SliceManifest } from '../core/slice';
import type { Workflow } from '../core/workflow';
import { moneyRoutes } from './api';
import { startPaymentWorker } from './payments';
import { finishTariffPaymentWorkflow, payTariffWorkflow } from './payTariff';
import { payPremiumWorkflow } from './payPremium';
import { startBillingWorker } from './promotion';
import { moneyReactors } from './reactors';
import { topUpWorkflow } from './topUp';

export const moneySlice: SliceManifest = {
  name: 'money',
  routes: (ctx) => [{ at: 'api', routes: moneyRoutes(ctx) }],
  reactors: moneyReactors,
  /** the use cases across streams that the background resumes after a crash */
  workflows: [payTariffWorkflow, finishTariffPaymentWorkflow, payPremiumWorkflow, topUpWorkflow] as Workflow<
    never,
    unknown
  >[],
  /** the payments' processor, then the promotions' daily billing */
  async start(ctx) {
    const payments = await startPaymentWorker(ctx);
    const billing = await startBillingWorker(ctx);
    return {
      async stop() {
        await Promise.all([payments.stop(), billing.stop()]);
      },
    };
  },
};
