import { PUBLICATION_STATUS } from '@estate/events';
import { dailyInteractionStats, dayOf, findPublication, INTERACTIONS_TOPIC, type Interaction } from '@estate/projections';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { viewerOf } from '../publications/visibility';
import { jsonBody } from '../core/openapi';

const addViewsBody = z.object({
  publicationIds: z.array(z.string().min(1).max(64)).min(1).max(50),
  /** the per-browser id the site keeps in local storage: one view per browser, listing and day */
  uuid: z.string().min(8).max(64),
  token: z.string().max(200).optional(),
});

const TEN_DAYS = 10;

export function statisticsRoutes(ctx: AppContext): Router {
  const router = Router();

  ctx.openApi.route({
    method: 'post', path: '/api/publications/add-views', tags: ['Статистика'], summary: 'Показы карточек (пакетом)',
    request: { body: jsonBody(addViewsBody) },
    responses: { 200: { description: 'принято' }, 400: jsonBody(ctx.openApi.errorSchema) },
  });
  router.post('/api/publications/add-views', async (req, res) => {
    const body = parse(addViewsBody, req.body);
    const at = ctx.clock().toISOString();
    const interactions: Interaction[] = [...new Set(body.publicationIds)].map((publicationId) => ({
      id: `view:${body.uuid}:${publicationId}:${dayOf(at)}`,
      kind: 'view',
      publicationId,
      at,
    }));
    await ctx.bus.publish(INTERACTIONS_TOPIC, interactions.map((i) => ({ key: i.publicationId, value: i })));
    res.json({ data: { success: true } });
  });

  ctx.openApi.route({
    method: 'post', path: '/api/publications/{id}/phone-view', tags: ['Статистика'], summary: 'Показ телефона: считается раз в день на браузер или аккаунт',
    responses: { 200: { description: 'data.phone' }, 404: jsonBody(ctx.openApi.errorSchema) },
  });
  router.post('/api/publications/:id/phone-view', async (req, res) => {
    const doc = await findPublication(ctx.readStore, req.params.id);
    if (!doc || doc.status !== PUBLICATION_STATUS.PUBLISHED) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    const viewer = viewerOf(req) ?? `ip:${req.ip}`;
    const at = ctx.clock().toISOString();
    const reveal: Interaction = { id: `phone:${viewer}:${doc._id}:${dayOf(at)}`, kind: 'phone', publicationId: doc._id, at };
    await ctx.bus.publish(INTERACTIONS_TOPIC, [{ key: doc._id, value: reveal }]).catch((error) => req.log.warn({ err: error }, 'phone view not counted'));
    res.json({ data: { phone: doc.author.phone } });
  });

  ctx.openApi.route({
    method: 'get', path: '/api/public-views-diagram-per-ten-days', tags: ['Статистика'], summary: 'Просмотры объявления за последние 10 дней',
    request: { query: z.object({ publicationId: z.string() }) },
    responses: { 200: { description: '{ data: { viewsDiagram: [{ date, views }], viewsPerTenDays, allViews } }' } },
  });
  router.get('/api/public-views-diagram-per-ten-days', async (req, res) => {
    const { publicationId } = parse(z.object({ publicationId: z.string().min(1).max(64) }), req.query);
    const today = ctx.clock();
    const days = Array.from({ length: TEN_DAYS }, (_, i) => dayOf(new Date(today.getTime() - (TEN_DAYS - 1 - i) * 86_400_000).toISOString()));
    const stats = await dailyInteractionStats(ctx.readStore, publicationId, '0000-00-00', days[days.length - 1]);
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
