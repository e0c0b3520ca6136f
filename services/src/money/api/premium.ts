import { currentUser } from '../../core/access';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { isPremium } from '../../publications';
import { premiumPaymentAnswer, premiumTariffsAnswer } from '../dto';
import { idempotencyKeyHeaders, premiumTariffParams } from '../inputs';
import { currentPremiumTariff, startPayment } from '../payments';
import { PREMIUM_TARIFFS } from '../tariffs';
import { siteOf } from './wallet';

/** The premium subscription (product.md: premium tariff cards): its tariffs, and paying one with the provider. */
const tags = ['Тарифы'];

export const listPremiumTariffs = defineRoute({
  method: 'get',
  path: '/api/tariffs',
  tags,
  summary: 'Тарифы премиум-подписки; isCurrentTariff — тариф действующей подписки',
  auth: 'public',
  response: premiumTariffsAnswer,
  async handle({ ctx, req }) {
    const current = req.user ? await currentPremiumTariff(ctx, req.user.userId) : null;
    return {
      data: PREMIUM_TARIFFS.map((t) => ({
        ...t,
        pricePerMonth: Math.round(t.price / t.duration),
        isCurrentTariff: t.id === current,
      })),
      meta: { isPremium: await isPremium(ctx, req) },
    };
  },
});

export const payPremium = defineRoute({
  method: 'post',
  path: '/api/tariffs/payment/{id}',
  tags,
  summary: 'Оплатить премиум-подписку: confirmationUrl — страница оплаты',
  description:
    'С ключом Idempotency-Key повтор того же нажатия открывает тот же платёж; тот же ключ для другого тарифа — errorCode 112',
  auth: 'signed-in',
  params: premiumTariffParams,
  headers: idempotencyKeyHeaders,
  status: 201,
  errors: [404, 422, 503],
  response: premiumPaymentAnswer,
  async handle({ ctx, params: { id }, headers, req }) {
    const user = currentUser(req);
    const tariff = PREMIUM_TARIFFS.find((t) => t.id === id);
    if (!tariff) throw new DomainError('NOT_FOUND', 'Тариф не найден');
    const payment = await startPayment(
      ctx,
      {
        purpose: 'premium',
        sum: tariff.price,
        agencyId: null,
        userId: user.userId,
        tariffId: tariff.id,
        siteUrl: siteOf(req),
      },
      { idempotencyKey: headers['Idempotency-Key'] ?? null },
    );
    return { data: payment, confirmationUrl: payment.confirmationUrl };
  },
});

export const premiumRoutes = [listPremiumTariffs, payPremium];
