import { PUBLICATION_STATUS } from '@estate/events';
import {
  CATALOGUE,
  dailyInteractionStats,
  dayOf,
  findPublication,
  INTERACTIONS_TOPIC,
  type CatalogueDocument,
  type Interaction,
} from '@estate/projections';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { viewerOf } from '../publications';
import { jsonBody } from '../core/openapi';
import { issueVisitor, recordInteractions } from './visitor';

const addViewsBody = z.object({
  publicationIds: z.array(z.string().min(1).max(64)).min(1).max(50),
  /**
   * the spec's per-browser id, made up by the client: accepted and ignored — a view counts for the
   * server-issued visitor id (the `visitor` cookie) or the signed-in user, once per listing and day
   */
  uuid: z.string().min(8).max(64).optional(),
  token: z.string().max(200).optional(),
});

const TEN_DAYS = 10;

export function statisticsRoutes(ctx: AppContext): Router {
  const router = Router();

  ctx.openApi.route({
    method: 'post',
    path: '/api/publications/add-views',
    tags: ['Статистика'],
    summary:
      'Показы карточек (пакетом): считаются для посетителя с cookie visitor или вошедшего пользователя, раз в день на объявление, в пределах лимитов; ответ всегда один',
    request: { body: jsonBody(addViewsBody) },
    responses: { 200: { description: 'принято' }, 400: jsonBody(ctx.openApi.errorSchema) },
  });
  router.post('/api/publications/add-views', async (req, res) => {
    const body = parse(addViewsBody, req.body);
    // a browser without a valid id gets one now; this call counts nothing (the id was not the server's)
    if (!req.user && !req.visitorId) issueVisitor(ctx, req, res);
    else {
      const ids = [...new Set(body.publicationIds)];
      const published = await ctx.readStore
        .collection<CatalogueDocument>(CATALOGUE)
        .find({ _id: { $in: ids }, status: PUBLICATION_STATUS.PUBLISHED }, { projection: { _id: 1 } });
      await recordInteractions(
        ctx,
        req,
        'view',
        published.map((d) => d._id),
      );
    }
    // the same answer whether anything counted: a script learns nothing from it
    res.json({ data: { success: true } });
  });

  ctx.openApi.route({
    method: 'post',
    path: '/api/visitor',
    tags: ['Статистика'],
    summary:
      'Идентификатор посетителя: подписанная cookie visitor (HttpOnly, на год); просмотры и открытия считаются только с ней или со входом',
    responses: { 200: { description: '{ data: { issued } } — выдана ли новая cookie' } },
  });
  router.post('/api/visitor', (req, res) => {
    res.json({ data: { issued: issueVisitor(ctx, req, res).issued } });
  });

  ctx.openApi.route({
    method: 'post',
    path: '/api/publications/{id}/phone-view',
    tags: ['Статистика'],
    summary: 'Показ телефона: считается раз в день на браузер или аккаунт',
    responses: { 200: { description: 'data.phone' }, 404: jsonBody(ctx.openApi.errorSchema) },
  });
  router.post('/api/publications/:id/phone-view', async (req, res) => {
    const doc = await findPublication(ctx.readStore, req.params.id);
    if (!doc || doc.status !== PUBLICATION_STATUS.PUBLISHED)
      throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    const viewer = viewerOf(req) ?? `ip:${req.ip}`;
    const at = ctx.clock().toISOString();
    const reveal: Interaction = {
      id: `phone:${viewer}:${doc._id}:${dayOf(at)}`,
      kind: 'phone',
      publicationId: doc._id,
      at,
    };
    await ctx.bus
      .publish(INTERACTIONS_TOPIC, [{ key: doc._id, value: reveal }])
      .catch((error) => req.log.warn({ err: error }, 'phone view not counted'));
    res.json({ data: { phone: doc.author.phone } });
  });

  ctx.openApi.route({
    method: 'get',
    path: '/api/public-views-diagram-per-ten-days',
    tags: ['Статистика'],
    summary: 'Просмотры объявления за последние 10 дней',
    request: { query: z.object({ publicationId: z.string() }) },
    responses: {
      200: { description: '{ data: { viewsDiagram: [{ date, views }], viewsPerTenDays, allViews } }' },
    },
  });
  router.get('/api/public-views-diagram-per-ten-days', async (req, res) => {
    const { publicationId } = parse(z.object({ publicationId: z.string().min(1).max(64) }), req.query);
    const today = ctx.clock();
    const days = Array.from({ length: TEN_DAYS }, (_, i) =>
      dayOf(new Date(today.getTime() - (TEN_DAYS - 1 - i) * 86_400_000).toISOString()),
    );
    const stats = await dailyInteractionStats(
      ctx.readStore,
      publicationId,
      '0000-00-00',
      days[days.length - 1],
    );
    const byDay = new Map(stats.map((s) => [s.day, s.view]));
    const viewsDiagram = days.map((date) => ({ date, views: byDay.get(date) ?? 0 }));
    res.json({
      data: {
        viewsDiagram,
        viewsPerTenDays: viewsDiagram.reduce((sum, d) => sum + d.views, 0),
        allViews: stats.reduce((sum, s) => sum + s.view, 0),
      },
    });
  });
  return router;
}
