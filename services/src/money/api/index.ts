import type { AppContext } from '../../core/context';
import { SandboxPayments } from '../provider/sandbox';
import { paymentWebhook, sandboxRoutes } from './payments';
import { premiumRoutes } from './premium';
import { tariffRoutes } from './tariffs';
import { walletRoutes } from './wallet';

/**
 * Every money call, one declaration each (core/route.ts), by use case: the agency's wallet, the
 * provider's notifications (and the sandbox's page where the sandbox is the provider), promotion
 * tariffs, the premium subscription.
 */
export const moneyRoutes = (ctx: AppContext) => [
  ...walletRoutes,
  paymentWebhook,
  ...(ctx.payments instanceof SandboxPayments ? sandboxRoutes(ctx.payments) : []),
  ...tariffRoutes,
  ...premiumRoutes,
];
