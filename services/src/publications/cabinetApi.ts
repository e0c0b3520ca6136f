import { randomUUID } from 'node:crypto';
import { dealCategory, MODERATOR_ROLE, ROLES } from '@estate/events';
import { listAgencyPublications } from '@estate/projections';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { jsonBody } from '../core/openapi';
import type { PublicationCommand } from './decide';
import { toPublicationDto } from './dto';
import { assertOwnImages, publicationForm, readableBy, runPublicationCommand, toDetails } from './form';
import { requireRole, actorOf } from '../core/access';

/** react-admin's simple-rest list parameters: sort=["price","ASC"], range=[0,24], filter={...} */
const jsonParam = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return fallback;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Ожидается JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const listQuery = z.object({
  sort: jsonParam(
    z.tuple([z.enum(['price', 'updatedAt', 'createdAt', 'title', 'id']), z.enum(['ASC', 'DESC'])]),
    ['updatedAt', 'DESC'],
  ),
  range: jsonParam(
    z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([a, b]) => b >= a && b - a < 500, 'Не больше 500 строк'),
    [0, 24],
  ),
  filter: jsonParam(
    z.object({
      status: z.coerce.number().int().min(1).max(5).optional(),
      dealCategory: dealCategory.optional(),
      q: z.string().max(200).optional(),
    }),
    {},
  ),
});

/** The agency cabinet's publications, in react-admin's simple-rest shape, under /api/cabinet. */
export function cabinetPublicationRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use('/api/cabinet/publications', requireRole(ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE));

  const run = (req: Request, id: string, command: PublicationCommand) =>
    runPublicationCommand(ctx, req, id, command);
  const readable = (req: Request, id: string) => readableBy(ctx, req, id);

  ctx.openApi.route({
    method: 'get',
    path: '/api/cabinet/publications',
    tags: ['Кабинет'],
    summary: 'Объявления агентства (react-admin simple-rest)',
    security: [{ bearer: [] }],
    request: {
      query: z.object({
        sort: z.string().optional(),
        range: z.string().optional(),
        filter: z.string().optional(),
      }),
    },
    responses: {
      200: { description: 'массив объявлений; заголовок Content-Range' },
      401: jsonBody(ctx.openApi.errorSchema),
      403: jsonBody(ctx.openApi.errorSchema),
    },
  });
  router.get('/api/cabinet/publications', async (req, res) => {
    const actor = actorOf(req);
    const query = parse(listQuery, req.query);
    if (!actor.agencyId) throw new DomainError('FORBIDDEN', 'Пользователь не состоит в агентстве');
    const [field, order] = query.sort;
    const [from, to] = query.range;
    const { items, total } = await listAgencyPublications(ctx.readStore, {
      agencyId: actor.agencyId,
      authorId: actor.role === ROLES.AGENT ? actor.userId : undefined,
      status: query.filter.status,
      dealCategory: query.filter.dealCategory,
      text: query.filter.q,
      sort: { field: field === 'id' ? 'createdAt' : field, direction: order === 'ASC' ? 1 : -1 },
      skip: from,
      limit: to - from + 1,
    });
    const last = items.length ? from + items.length - 1 : from;
    res
      .set('Content-Range', `publications ${from}-${last}/${total}`)
      .json(items.map((doc) => toPublicationDto(doc)));
  });

  ctx.openApi.route({
    method: 'get',
    path: '/api/cabinet/publications/{id}',
    tags: ['Кабинет'],
    summary: 'Объявление агентства в любом статусе',
    security: [{ bearer: [] }],
    responses: {
      200: { description: 'объявление' },
      401: jsonBody(ctx.openApi.errorSchema),
      403: jsonBody(ctx.openApi.errorSchema),
      404: jsonBody(ctx.openApi.errorSchema),
    },
  });
  router.get('/api/cabinet/publications/:id', async (req, res) => {
    res.json(toPublicationDto(await readable(req, req.params.id)));
  });

  ctx.openApi.route({
    method: 'post',
    path: '/api/cabinet/publications',
    tags: ['Кабинет'],
    summary: 'Создать черновик объявления',
    security: [{ bearer: [] }],
    request: { body: jsonBody(publicationForm) },
    responses: {
      201: { description: 'созданный черновик' },
      400: jsonBody(ctx.openApi.errorSchema, 'ошибки полей'),
    },
  });
  router.post('/api/cabinet/publications', async (req, res) => {
    const form = parse(publicationForm, req.body);
    const actor = actorOf(req);
    await assertOwnImages(ctx, actor.agencyId, form.images);
    const id = randomUUID();
    res
      .status(201)
      .json(
        await run(req, id, { type: 'CreatePublication', actor, publicationId: id, details: toDetails(form) }),
      );
  });

  ctx.openApi.route({
    method: 'put',
    path: '/api/cabinet/publications/{id}',
    tags: ['Кабинет'],
    summary: 'Изменить объявление',
    security: [{ bearer: [] }],
    request: { params: z.object({ id: z.string() }), body: jsonBody(publicationForm) },
    responses: {
      200: { description: 'объявление' },
      400: jsonBody(ctx.openApi.errorSchema),
      403: jsonBody(ctx.openApi.errorSchema),
    },
  });
  router.put('/api/cabinet/publications/:id', async (req, res) => {
    const form = parse(publicationForm, req.body);
    const current = await readable(req, req.params.id);
    await assertOwnImages(ctx, current.agencyId, form.images);
    res.json(
      await run(req, req.params.id, {
        type: 'EditPublication',
        actor: actorOf(req),
        details: toDetails(form, current),
      }),
    );
  });

  ctx.openApi.route({
    method: 'post',
    path: '/api/cabinet/publications/{id}/publish',
    tags: ['Кабинет'],
    summary: 'Опубликовать черновик',
    security: [{ bearer: [] }],
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: '{ data: объявление }' },
      403: jsonBody(ctx.openApi.errorSchema),
      422: jsonBody(ctx.openApi.errorSchema),
    },
  });
  router.post('/api/cabinet/publications/:id/publish', async (req, res) => {
    res.json({ data: await run(req, req.params.id, { type: 'PublishPublication', actor: actorOf(req) }) });
  });

  return router;
}
