import { randomUUID } from 'node:crypto';
import { dealCategory, MODERATOR_ROLE, ROLES } from '@estate/events';
import {
  countAgencyPublications,
  dailyInteractionStats,
  dayOf,
  favouriteCount,
  listAgencyPublications,
  type CatalogueDocument,
} from '@estate/projections';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { pageMeta, parse, queryList } from '../core/http';
import { handleCommand } from '../core/decider';
import { publicationDecider, type PublicationCommand } from './decide';
import { publicationStream } from './publication';
import { toPublicationDto } from './dto';
import { adTariffOf } from '../money';
import { assertOwnImages, publicationForm, readableBy, runPublicationCommand, toDetails } from './form';
import { currentUser, requireRole, requireSameAgency, actorOf } from '../core/access';

const TAG = 'Агентство: объявления';
const ids = z
  .array(z.string().min(1).max(64))
  .min(1, 'Выберите объявления')
  .max(100, 'Не больше 100 объявлений за раз');
const listQuery = z.object({
  status: z.coerce.number().int().min(1).max(5).optional(),
  dealCategory: z.union([dealCategory, z.literal('allAds')]).optional(),
  paymentStatus: z.coerce.number().int().min(1).max(2).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(1).default(1),
});
/** the change-status call takes the target status: 1 publish, 2 back to drafts, 3 hide in the archive */
const TARGETS: Record<number, (actor: ReturnType<typeof actorOf>) => PublicationCommand> = {
  1: (actor) => ({ type: 'PublishPublication', actor }),
  2: (actor) => ({ type: 'MovePublicationToDraft', actor }),
  3: (actor) => ({ type: 'ArchivePublication', actor }),
};

/** The agency-list extras of product.md section 3: counters for the year and for today. */
async function withStatistics(ctx: AppContext, doc: CatalogueDocument) {
  const today = dayOf(ctx.clock().toISOString());
  const days = await dailyInteractionStats(ctx.readStore, doc._id, `${today.slice(0, 4)}-01-01`, today);
  const sum = (kind: 'view' | 'phone' | 'chat') => days.reduce((n, d) => n + d[kind], 0);
  const onToday = days.find((d) => d.day === today);
  return {
    ...toPublicationDto(doc),
    viewCount: sum('view'),
    viewCountToday: onToday?.view ?? 0,
    favoriteCount: await favouriteCount(ctx.readStore, doc._id),
    viewPhoneCount: sum('phone'),
    viewPhoneCountToday: onToday?.phone ?? 0,
    chatCount: sum('chat'),
    chatCountToday: onToday?.chat ?? 0,
    // product.md: adTariff (title, iconPath, pricePerDay), with the position and the end of the paid day
    adTariff: adTariffOf(doc),
    isChecked: false,
  };
}

/** Agency calls of api.md for publications: list and counts, create, read, edit, change status for many, delete many. */
export function agencyPublicationRoutes(ctx: AppContext): Router {
  const router = Router();
  const base = '/api/agency/:agencyId/publications';
  router.use(
    base,
    requireRole(ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE),
    requireSameAgency('agencyId', 'Это объявления другого агентства'),
  );
  const route = (method: 'get' | 'post' | 'patch' | 'delete', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path: `/api/agency/{agencyId}/publications${path}`,
      tags: [TAG],
      summary,
      security: [{ bearer: [] }],
      responses: { 200: { description: 'data' } },
    });
  const scope = (req: Request) => {
    const user = currentUser(req);
    // an agent manages their own listings; the owner (and a moderator) the agency's
    return {
      agencyId: String(req.params.agencyId),
      authorId: user.role === ROLES.AGENT ? user.userId : undefined,
    };
  };
  /** runs one command per id, answering each id's outcome: one refusal does not stop the others */
  const forEach = async (req: Request, publicationIds: string[], command: () => PublicationCommand) => {
    const results = [];
    for (const id of new Set(publicationIds)) {
      try {
        const { state, position } = await handleCommand(
          ctx.eventStore,
          publicationStream(id),
          publicationDecider,
          command(),
          { actor: currentUser(req).userId },
        );
        await ctx.projections.whenCaughtUp(position);
        results.push(
          state.exists && !state.deleted
            ? { id, success: true, status: state.status }
            : { id, success: true, deleted: true },
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id, success: false, errorCode: error.errorCode, message: error.message });
      }
    }
    return results;
  };

  route('get', '', 'Объявления агентства: status, dealCategory, paymentStatus, limit, offset (страница с 1)');
  router.get(base, async (req, res) => {
    const q = parse(listQuery, req.query);
    const { items, total } = await listAgencyPublications(ctx.readStore, {
      ...scope(req),
      status: q.status,
      dealCategory: q.dealCategory === 'allAds' ? undefined : q.dealCategory,
      paymentStatus: q.paymentStatus as 1 | 2 | undefined,
      sort: { field: 'updatedAt', direction: -1 },
      skip: (q.offset - 1) * q.limit,
      limit: q.limit,
    });
    const data = await Promise.all(items.map((doc) => withStatistics(ctx, doc)));
    res.json({ data, meta: pageMeta(q.offset, q.limit, total) });
  });

  route(
    'get',
    '/count',
    'Сколько объявлений в каждом статусе (1–5 по порядку; см. docs/decisions.md о статусах 2 и 5)',
  );
  router.get(`${base}/count`, async (req, res) => {
    const q = parse(listQuery.pick({ dealCategory: true }), req.query);
    const counts = await countAgencyPublications(ctx.readStore, {
      ...scope(req),
      dealCategory: q.dealCategory === 'allAds' ? undefined : q.dealCategory,
    });
    res.json({ data: counts, total: counts.reduce((n, c) => n + c.count, 0) });
  });

  route('post', '', 'Создать черновик');
  router.post(base, async (req, res) => {
    const form = parse(publicationForm, req.body);
    const actor = actorOf(req);
    await assertOwnImages(ctx, actor.agencyId, form.images);
    const id = randomUUID();
    res.status(201).json({
      data: await runPublicationCommand(ctx, req, id, {
        type: 'CreatePublication',
        actor,
        publicationId: id,
        details: toDetails(form),
      }),
    });
  });

  route(
    'patch',
    '/change-status',
    'Сменить статус списка объявлений (?status=1|2|3&publicationIds[]=…): ответ по каждому id',
  );
  router.patch(`${base}/change-status`, async (req, res) => {
    const fromQuery = queryList(req.query, 'publicationIds');
    const input = {
      status: req.query.status ?? req.body?.status,
      publicationIds: fromQuery.length ? fromQuery : (req.body?.publicationIds ?? []),
    };
    const { status, publicationIds } = parse(
      z.object({
        status: z.coerce
          .number()
          .int()
          .refine((s) => Object.hasOwn(TARGETS, s), 'Допустимые статусы: 1, 2, 3'),
        publicationIds: ids,
      }),
      input,
    );
    const actor = actorOf(req);
    res.json({ data: await forEach(req, publicationIds, () => TARGETS[status](actor)) });
  });

  route('delete', '', 'Удалить объявления (?publicationIds[]=…): ответ по каждому id');
  router.delete(base, async (req, res) => {
    const { publicationIds } = parse(z.object({ publicationIds: ids }), {
      publicationIds: queryList(req.query, 'publicationIds'),
    });
    const actor = actorOf(req);
    res.json({ data: await forEach(req, publicationIds, () => ({ type: 'DeletePublication', actor })) });
  });

  route('get', '/{publicationId}', 'Объявление агентства в любом статусе');
  router.get(`${base}/:publicationId`, async (req, res) => {
    const doc = await readableBy(ctx, req, req.params.publicationId);
    if (doc.agencyId !== req.params.agencyId) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    res.json({ data: await withStatistics(ctx, doc) });
  });

  route('patch', '/{publicationId}', 'Изменить объявление');
  router.patch(`${base}/:publicationId`, async (req, res) => {
    const form = parse(publicationForm, req.body);
    const current = await readableBy(ctx, req, req.params.publicationId);
    if (current.agencyId !== req.params.agencyId) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    await assertOwnImages(ctx, current.agencyId, form.images);
    res.json({
      data: await runPublicationCommand(ctx, req, current._id, {
        type: 'EditPublication',
        actor: actorOf(req),
        details: toDetails(form, current),
      }),
    });
  });

  return router;
}

/** A moderator's refusal with the reason the agency sees. */
export function moderationRoutes(ctx: AppContext): Router {
  const router = Router();
  const body = z.object({ reason: z.string().trim().min(3, 'Укажите причину отклонения').max(1000) });
  ctx.openApi.route({
    method: 'post',
    path: '/api/moderation/publications/{id}/decline',
    tags: ['Модерация'],
    summary: 'Отклонить объявление с причиной',
    security: [{ bearer: [] }],
    responses: { 200: { description: 'data' } },
  });
  router.post('/api/moderation/publications/:id/decline', requireRole(MODERATOR_ROLE), async (req, res) => {
    const { reason } = parse(body, req.body);
    res.json({
      data: await runPublicationCommand(ctx, req, String(req.params.id), {
        type: 'DeclinePublication',
        actor: actorOf(req),
        reason,
      }),
    });
  });
  return router;
}
