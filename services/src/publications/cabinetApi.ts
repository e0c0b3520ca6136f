import { randomUUID } from 'node:crypto';
import { dealCategory, MODERATOR_ROLE, ROLES } from '@estate/events';
import { findPublication, listAgencyPublications, type CatalogueDocument } from '@estate/projections';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { jsonBody } from '../core/openapi';
import { currentUser, requireRole } from '../identity/sessions';
import { findCity } from '../locations/cities';
import { publicationDecider, type Actor, type PublicationCommand } from './decide';
import { toPublicationDto } from './dto';
import { publicationStream } from './publication';

const optionalNumber = (schema: z.ZodNumber) => schema.nullish().transform((v) => v ?? null);

/** The cabinet's publication form (flat, as react-admin sends it). */
export const publicationForm = z.object({
  dealCategory,
  propertyType: z.number().int().min(1).max(15),
  title: z.string().trim().min(3, 'Минимум 3 символа').max(200),
  description: z.string().trim().max(3000).default(''),
  price: z.number().int('Цена — целое число рублей').positive('Укажите цену больше нуля').max(100_000_000_000),
  locationId: z.string().refine((id) => findCity(id) !== null, 'Выберите город из списка'),
  address: z.object({ fullAddress: z.string().trim().min(3, 'Укажите адрес').max(300) }),
  roomCount: optionalNumber(z.number().int().min(0).max(50)),
  totalArea: optionalNumber(z.number().positive().max(100000)),
  livingArea: optionalNumber(z.number().positive().max(100000)),
  kitchenArea: optionalNumber(z.number().positive().max(10000)),
  floor: optionalNumber(z.number().int().min(-5).max(200)),
  floorsCount: optionalNumber(z.number().int().min(1).max(200)),
  buildYear: optionalNumber(z.number().int().min(1700).max(2100)),
  deposit: optionalNumber(z.number().int().min(0)),
  clientFee: optionalNumber(z.number().min(0).max(100)),
  guestsCount: optionalNumber(z.number().int().min(1).max(50)),
  images: z.array(z.object({ path: z.string().min(1).max(500) })).max(50).default([]),
});
type PublicationForm = z.infer<typeof publicationForm>;

/** Geo point and metro come from the address: an edit that keeps the address keeps them. */
function toDetails(form: PublicationForm, current?: CatalogueDocument) {
  const city = findCity(form.locationId)!;
  const sameAddress = current && current.locationId === city.id && current.address.fullAddress === form.address.fullAddress;
  return {
    dealCategory: form.dealCategory,
    propertyType: form.propertyType,
    title: form.title,
    description: form.description,
    price: form.price,
    address: { locationId: city.id, locationName: city.name, fullAddress: form.address.fullAddress, geo: sameAddress ? current.address.geo : null, metro: sameAddress ? current.address.metro : { stations: [] } },
    params: {
      roomCount: form.roomCount, totalArea: form.totalArea, livingArea: form.livingArea, kitchenArea: form.kitchenArea, floor: form.floor,
      floorsCount: form.floorsCount, buildYear: form.buildYear, deposit: form.deposit, clientFee: form.clientFee, guestsCount: form.guestsCount,
    },
    images: form.images,
  };
}

/** react-admin's simple-rest list parameters: sort=["price","ASC"], range=[0,24], filter={...} */
const jsonParam = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.string().optional().transform((text, ctx) => {
    if (text === undefined) return fallback;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Ожидается JSON' });
      return z.NEVER;
    }
  }).pipe(schema);

const listQuery = z.object({
  sort: jsonParam(z.tuple([z.enum(['price', 'updatedAt', 'createdAt', 'title', 'id']), z.enum(['ASC', 'DESC'])]), ['updatedAt', 'DESC']),
  range: jsonParam(z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([a, b]) => b >= a && b - a < 500, 'Не больше 500 строк'), [0, 24]),
  filter: jsonParam(z.object({ status: z.coerce.number().int().min(1).max(5).optional(), dealCategory: dealCategory.optional(), q: z.string().max(200).optional() }), {}),
});

const actorOf = (req: Request): Actor => {
  const user = currentUser(req);
  return { userId: user.userId, role: user.role, agencyId: user.agencyId };
};

/** The agency cabinet's publications, in react-admin's simple-rest shape, under /api/cabinet. */
export function cabinetPublicationRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use('/api/cabinet/publications', requireRole(ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE));

  const run = async (req: Request, id: string, command: PublicationCommand) => {
    const result = await handleCommand(ctx.eventStore, publicationStream(id), publicationDecider, command, { actor: currentUser(req).userId });
    await ctx.projections.whenCaughtUp(result.position); // the cabinet reads its own write at once
    const doc = await findPublication(ctx.readStore, id);
    if (!doc) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    return toPublicationDto(doc);
  };
  const readable = async (req: Request, id: string) => {
    const actor = actorOf(req);
    const doc = await findPublication(ctx.readStore, id);
    if (!doc) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    const mayRead = actor.role === MODERATOR_ROLE || (doc.agencyId === actor.agencyId && (actor.role === ROLES.AGENCY_OWNER || doc.authorId === actor.userId));
    if (!mayRead) throw new DomainError('FORBIDDEN');
    return doc;
  };

  ctx.openApi.route({
    method: 'get', path: '/api/cabinet/publications', tags: ['Кабинет'], summary: 'Объявления агентства (react-admin simple-rest)', security: [{ bearer: [] }],
    request: { query: z.object({ sort: z.string().optional(), range: z.string().optional(), filter: z.string().optional() }) },
    responses: { 200: { description: 'массив объявлений; заголовок Content-Range' }, 401: jsonBody(ctx.openApi.errorSchema), 403: jsonBody(ctx.openApi.errorSchema) },
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
    res.set('Content-Range', `publications ${from}-${last}/${total}`).json(items.map((doc) => toPublicationDto(doc)));
  });

  router.get('/api/cabinet/publications/:id', async (req, res) => {
    res.json(toPublicationDto(await readable(req, req.params.id)));
  });

  ctx.openApi.route({
    method: 'post', path: '/api/cabinet/publications', tags: ['Кабинет'], summary: 'Создать черновик объявления', security: [{ bearer: [] }],
    request: { body: jsonBody(publicationForm) },
    responses: { 201: { description: 'созданный черновик' }, 400: jsonBody(ctx.openApi.errorSchema, 'ошибки полей') },
  });
  router.post('/api/cabinet/publications', async (req, res) => {
    const form = parse(publicationForm, req.body);
    const id = randomUUID();
    res.status(201).json(await run(req, id, { type: 'CreatePublication', actor: actorOf(req), publicationId: id, details: toDetails(form) }));
  });

  ctx.openApi.route({
    method: 'put', path: '/api/cabinet/publications/{id}', tags: ['Кабинет'], summary: 'Изменить объявление', security: [{ bearer: [] }],
    request: { params: z.object({ id: z.string() }), body: jsonBody(publicationForm) },
    responses: { 200: { description: 'объявление' }, 400: jsonBody(ctx.openApi.errorSchema), 403: jsonBody(ctx.openApi.errorSchema) },
  });
  router.put('/api/cabinet/publications/:id', async (req, res) => {
    const form = parse(publicationForm, req.body);
    const current = await readable(req, req.params.id);
    res.json(await run(req, req.params.id, { type: 'EditPublication', actor: actorOf(req), details: toDetails(form, current) }));
  });

  ctx.openApi.route({
    method: 'post', path: '/api/cabinet/publications/{id}/publish', tags: ['Кабинет'], summary: 'Опубликовать черновик', security: [{ bearer: [] }],
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: '{ data: объявление }' }, 403: jsonBody(ctx.openApi.errorSchema), 422: jsonBody(ctx.openApi.errorSchema) },
  });
  router.post('/api/cabinet/publications/:id/publish', async (req, res) => {
    res.json({ data: await run(req, req.params.id, { type: 'PublishPublication', actor: actorOf(req) }) });
  });

  return router;
}
