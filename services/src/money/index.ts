/**
 * The money slice: agencies' wallets (`wallet-<agencyId>`), payments with the provider
 * (`payment-<id>`), promotion tariffs and the premium subscription. What other slices and the
 * process may use of it is exported here; nothing else of the folder is imported from outside.
 */
export { moneyRoutes } from './api';
export { payTariff, payTariffWorkflow, finishTariffPaymentWorkflow, type TariffPayment } from './payTariff';
export { payPremiumWorkflow } from './payPremium';
export { topUpWorkflow } from './topUp';
export { billPromotions, startBillingWorker } from './promotion';
export { handleNotification, paymentOf, startPayment, startPaymentWorker } from './payments';
export { SandboxPayments } from './provider/sandbox';
export { YooKassaPayments } from './provider/yookassa';
export {
  adTariffOf,
  tariffsOfPublication,
  publicationTariffs,
  PREMIUM_TARIFFS,
  type PublicationTariff,
} from './tariffs';
export { walletDecider, walletStream } from './wallet';
export { moneyReactors } from './reactors';

import { finishTariffPaymentWorkflow, payTariffWorkflow } from './payTariff';
import { payPremiumWorkflow } from './payPremium';
import { topUpWorkflow } from './topUp';
/** the use cases across streams that the background resumes after a crash */
export const moneyWorkflows = [
  payTariffWorkflow,
  finishTariffPaymentWorkflow,
  payPremiumWorkflow,
  topUpWorkflow,
];
