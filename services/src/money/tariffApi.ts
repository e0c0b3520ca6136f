import { MODERATOR_ROLE, ROLES } from '@estate/events';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse, queryList } from '../core/http';
import { isPremium } from '../publications/visibility';
import { toPublicationDto } from '../publications/dto';
import { readableBy } from '../publications/form';
import { startPayment } from './payments';
import { siteOf } from './walletApi';
import { payTariff } from './payTariff';
import { listingTariffs, PREMIUM_TARIFFS, publicationTariffs } from './tariffs';
import { currentUser, requireRole, actorOf } from '../core/access';

/** One click of «Оплатить» in the cabinet: a UUID; any opaque key of 8–100 letters, digits, '-' or '_' is taken. */
const idempotencyKeyHeader = z
  .string({ error: 'Ключ Idempotency-Key: от 8 до 100 латинских букв, цифр, «-» или «_»' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Ключ Idempotency-Key: от 8 до 100 латинских букв, цифр, «-» или «_»');

export function tariffRoutes(ctx: AppContext): Router {
  const router = Router();
  const staff = requireRole(ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE);
  const route = (method: 'get' | 'post', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path,
      tags: ['Тарифы'],
      summary,
      responses: { 200: { description: 'data' } },
    });
  /** a call that needs a session: 401 without one */
  const signedIn = (method: 'get' | 'post', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path,
      tags: ['Тарифы'],
      summary,
      security: [{ bearer: [] }],
      responses: { 200: { description: 'data' }, 401: { description: 'errorCode 101' } },
    });

  route(
    'get',
    '/api/publication-tariffs/{locationId}/{dealCategory}',
    'Тарифы продвижения (positionTypes[] 1, 2, 3), цена за день в ₽',
  );
  router.get('/api/publication-tariffs/:locationId/:dealCategory', (req, res) => {
    const deal = parse(
      z.enum(['sale', 'rent', 'dailyRent', 'new-buildings']),
      req.params.dealCategory === 'daily-rent' ? 'dailyRent' : req.params.dealCategory,
    );
    const listed = queryList(req.query, 'positionTypes').map(Number);
    const positions = parse(
      z
        .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
        .min(1)
        .optional(),
      listed.length ? listed : undefined,
    );
    res.json({ data: publicationTariffs(req.params.locationId, deal, positions) });
  });

  signedIn('get', '/api/publications/{id}/tariffs', 'Тарифы этого объявления: цены его города и типа сделки');
  router.get('/api/publications/:id/tariffs', staff, async (req, res) => {
    const listing = await readableBy(ctx, req, String(req.params.id));
    res.json({
      data: listingTariffs(listing).map((t) => ({
        ...t,
        isCurrent: listing.promotion?.positionType === t.positionType,
      })),
    });
  });

  ctx.openApi.route({
    method: 'post',
    path: '/api/publications/{id}/tariffs/{tariffId}',
    tags: ['Тарифы'],
    summary:
      'Оплатить тариф из кошелька и разместить: errorCode 59 — недостаточно средств, 111 — этот тариф уже оплачен, 112 — ключ Idempotency-Key уже использован для другой оплаты; другой тариф при действующем начинается со следующего оплаченного дня',
    security: [{ bearer: [] }],
    request: { headers: z.object({ 'Idempotency-Key': idempotencyKeyHeader.optional() }) },
    responses: {
      200: {
        description: 'data — объявление, meta — что списано: charged, paidUntil, startsAt, repeated, message',
      },
    },
  });
  router.post('/api/publications/:id/tariffs/:tariffId', staff, async (req, res) => {
    const headers = parse(z.object({ 'Idempotency-Key': idempotencyKeyHeader.optional() }), {
      'Idempotency-Key': req.get('Idempotency-Key'),
    });
    const idempotencyKey = headers['Idempotency-Key'] ?? null;
    const listing = await readableBy(ctx, req, String(req.params.id));
    const payment = await payTariff(ctx, actorOf(req), listing, String(req.params.tariffId), idempotencyKey);
    res.json({
      data: toPublicationDto(
        (await ctx.readStore.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: listing._id }))!,
      ),
      meta: payment,
    });
  });

  signedIn('post', '/api/publications/tariffed', 'Продвигаемые объявления агентства с их тарифами');
  router.post('/api/publications/tariffed', staff, async (req, res) => {
    const user = currentUser(req);
    const scope = user.role === ROLES.AGENT ? { authorId: user.userId } : { agencyId: user.agencyId };
    const docs = await ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .find({ ...scope, promotion: { $ne: null } }, { sort: { 'promotion.positionType': -1, _id: 1 } });
    res.json({ data: docs.map((d) => ({ ...toPublicationDto(d), adTariff: d.promotion })) });
  });

  route('get', '/api/tariffs', 'Тарифы премиум-подписки');
  router.get('/api/tariffs', async (req, res) => {
    const premium = await isPremium(ctx, req);
    res.json({
      data: PREMIUM_TARIFFS.map((t) => ({
        ...t,
        pricePerMonth: Math.round(t.price / t.duration),
        isCurrentTariff: false,
      })),
      meta: { isPremium: premium },
    });
  });

  signedIn(
    'post',
    '/api/tariffs/payment/{id}',
    'Оплатить премиум-подписку: confirmationUrl — страница оплаты',
  );
  router.post('/api/tariffs/payment/:id', async (req, res) => {
    const user = currentUser(req);
    const tariff = PREMIUM_TARIFFS.find((t) => t.id === req.params.id);
    if (!tariff) throw new DomainError('NOT_FOUND', 'Тариф не найден');
    const payment = await startPayment(ctx, {
      purpose: 'premium',
      sum: tariff.price,
      agencyId: null,
      userId: user.userId,
      tariffId: tariff.id,
      siteUrl: siteOf(req),
    });
    res.status(201).json({ data: payment, confirmationUrl: payment.confirmationUrl });
  });
  return router;
}
