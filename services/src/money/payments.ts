import { createHash, randomUUID } from 'node:crypto';
import type { EventOf } from '@estate/events';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { DomainError } from '../core/errors';
import { poll } from '../core/poll';
import { runWorkflow } from '../core/workflow';
import { userStream } from '../identity';
import { paymentDecider, paymentStream, type PaymentCommand, handlePayment } from './payment';
import { payPremiumId, payPremiumWorkflow } from './payPremium';
import { WALLET_ATTEMPTS } from './promotion';
import { PREMIUM_TARIFFS } from './tariffs';
import { topUpId, topUpWorkflow } from './topUp';
import { handleWallet } from './wallet';

export const PAYMENTS_QUEUE = 'payments';
type PaymentRequest = Omit<EventOf<'PaymentCreated'>['data'], 'paymentId'>;

const runPayment = (ctx: AppContext, paymentId: string, command: PaymentCommand) =>
  handlePayment(ctx.eventStore, paymentId, command, { actor: 'payments' });
export const paymentOf = async (ctx: AppContext, paymentId: string) =>
  fold(paymentDecider, await ctx.eventStore.readStream(paymentStream(paymentId)));

/**
 * The id of a payment: one click's Idempotency-Key (of this payer) names the same payment each time
 * it is sent, so a double click opens one payment page; without a key every request is a new payment.
 */
export const paymentIdFor = (userId: string, idempotencyKey: string | null) =>
  idempotencyKey
    ? `key-${createHash('sha256').update(`${userId}\n${idempotencyKey}`).digest('base64url').slice(0, 32)}`
    : randomUUID();

/**
 * Starts a payment: records it (and, for a top-up, the pending top-up on the wallet), queues the
 * `payments` job that asks the provider for a confirmation URL, and waits for that URL.
 */
export async function startPayment(
  ctx: AppContext,
  request: PaymentRequest,
  options: { withoutQueue?: boolean; idempotencyKey?: string | null } = {},
): Promise<{ paymentId: string; confirmationUrl: string }> {
  const paymentId = paymentIdFor(request.userId, options.idempotencyKey ?? null);
  await runPayment(ctx, paymentId, { type: 'CreatePayment', paymentId, ...request });
  if (request.purpose === 'wallet-top-up' && request.agencyId) {
    await handleWallet(
      ctx.eventStore,
      request.agencyId,
      { type: 'StartTopUp', agencyId: request.agencyId, paymentId, sum: request.sum },
      { actor: request.userId },
    );
  }
  if (options.withoutQueue) await createWithProvider(ctx, paymentId);
  else
    await ctx.jobs.add(
      PAYMENTS_QUEUE,
      'create',
      { paymentId },
      { jobId: `create-${paymentId}`, attempts: 3, backoffMs: 500 },
    );
  const confirmationUrl = await poll(async () => {
    const payment = await paymentOf(ctx, paymentId);
    if (!payment.exists) return undefined;
    // a creation that failed every try answers at once, as no URL
    return payment.confirmationUrl ?? (payment.status === 'failed' ? null : undefined);
  }, ctx.config.PAYMENT_WAIT_MS);
  if (!confirmationUrl) throw new DomainError('PAYMENT_UNAVAILABLE');
  return { paymentId, confirmationUrl };
}

/**
 * What the `payments` job does: the payment is created with the provider, our payment id as its
 * idempotence key, and its confirmation URL recorded. `attempt` and `attempts` say whether a
 * failure is the last try, which records the payment as failed.
 */
export async function createWithProvider(ctx: AppContext, paymentId: string, attempt = 1, attempts = 1) {
  const payment = await paymentOf(ctx, paymentId);
  if (!payment.exists || payment.status !== 'new') return;
  const { sum, purpose, siteUrl } = payment.created;
  try {
    // the site's address as the request that started the payment saw it (wallet.ts siteOf)
    const base = siteUrl ?? ctx.config.PUBLIC_URL;
    const created = await ctx.payments.createPayment({
      idempotenceKey: paymentId,
      amount: sum,
      description: purpose === 'premium' ? 'Премиум-подписка' : 'Пополнение кошелька агентства',
      returnUrl: purpose === 'premium' ? `${base}/account/user/premium-sub` : `${base}/cabinet/`,
      metadata: { paymentId },
    });
    await runPayment(ctx, paymentId, {
      type: 'RecordConfirmation',
      providerPaymentId: created.id,
      confirmationUrl: created.confirmationUrl,
    });
  } catch (error) {
    if (attempt >= attempts)
      await runPayment(ctx, paymentId, {
        type: 'RecordCreationFailure',
        reason: error instanceof Error ? error.message : String(error),
      });
    throw error;
  }
}

/** The `payments` queue's processor (in the worker, or in the single embedded process). */
export async function startPaymentWorker(ctx: AppContext) {
  return ctx.jobs.process<{ paymentId: string }>(
    PAYMENTS_QUEUE,
    (job) => createWithProvider(ctx, job.data.paymentId, job.attemptsMade, 3),
    { concurrency: 5 },
  );
}

/**
 * A provider notification: its status is asked of the provider (never read from the request), then
 * the payment succeeds or is cancelled once and its effect — wallet credit, premium days — is applied
 * idempotently by payment id, so a repeated notification changes nothing.
 */
export async function handleNotification(ctx: AppContext, providerPaymentId: string) {
  const remote = await ctx.payments.getPayment(providerPaymentId);
  const paymentId = remote?.metadata.paymentId;
  if (!remote || !paymentId) throw new DomainError('NOT_FOUND', 'Платёж не найден');
  const payment = await paymentOf(ctx, paymentId);
  if (!payment.exists) throw new DomainError('NOT_FOUND', 'Платёж не найден');
  const { agencyId, userId, sum, purpose, tariffId } = payment.created;
  if (remote.status === 'succeeded') {
    if (remote.amount !== sum) throw new DomainError('INVALID_DATA', 'Сумма платежа не совпадает');
    // each notification runs (or joins, or reads) the payment's one workflow: its effect happens once
    const meta = { actor: 'payments' };
    if (purpose === 'wallet-top-up' && agencyId)
      await runWorkflow(
        ctx.eventStore,
        topUpWorkflow,
        topUpId(paymentId),
        { paymentId, agencyId, sum },
        meta,
      );
    else
      await runWorkflow(
        ctx.eventStore,
        payPremiumWorkflow,
        payPremiumId(paymentId),
        {
          paymentId,
          userId,
          days: 30 * (PREMIUM_TARIFFS.find((t) => t.id === tariffId)?.duration ?? 1),
          at: ctx.clock().toISOString(),
        },
        meta,
      );
    await ctx.projections.whenCaughtUp();
    return 'succeeded' as const;
  }
  if (remote.status === 'canceled') {
    await runPayment(ctx, paymentId, { type: 'MarkCancelled' });
    if (agencyId)
      await handleWallet(
        ctx.eventStore,
        agencyId,
        { type: 'CancelTopUp', agencyId, paymentId },
        { actor: 'payments' },
        WALLET_ATTEMPTS,
      );
    return 'cancelled' as const;
  }
  return 'pending' as const;
}

/**
 * The subscription tariff of the caller's running premium: the one paid by the payment that last
 * extended it, while the period runs (null without one, or for days granted without a payment).
 */
export async function currentPremiumTariff(ctx: AppContext, userId: string): Promise<string | null> {
  const extended = (await ctx.eventStore.readStream(userStream(userId)))
    .filter((e) => e.type === 'PremiumPeriodExtended')
    .at(-1)?.data as { until: string; paymentId?: string } | undefined;
  if (!extended?.paymentId || Date.parse(extended.until) <= ctx.clock().getTime()) return null;
  const payment = await paymentOf(ctx, extended.paymentId);
  return payment.exists ? payment.created.tariffId : null;
}
