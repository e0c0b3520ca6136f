import { dealCategory } from '@estate/events';
import { findPublication, PUBLICATION_STATUS_PUBLIC, searchCatalogue } from '@estate/projections';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { jsonBody } from '../core/openapi';
import { toPublicationDto } from './dto';

const direction = z.enum(['ASC', 'DESC']);
const bound = z.number().nonnegative().nullish();

/** The catalogue search of the spec (product.md section 3, Filters); unknown filter fields are ignored. */
export const searchBody = z.object({
  dealCategory: dealCategory.optional(),
  limit: z.number().int().min(1).max(100).default(20),
  /** the page number, from 1 */
  offset: z.number().int().min(1).max(100_000).default(1),
  sortByPrice: z.union([direction, z.boolean()]).optional(),
  sortByDate: z.union([direction, z.boolean()]).optional(),
  orderData: direction.default('DESC'),
  price: z.array(z.object({ min: bound, max: bound })).max(1).optional(),
  roomCount: z.array(z.number().int().min(0).max(50)).max(10).optional(),
  locationId: z.string().max(64).nullish(),
});

function sortOf(body: z.infer<typeof searchBody>) {
  const dir = (value: string | boolean) => ((value === true ? body.orderData : value) === 'ASC' ? 1 : -1) as 1 | -1;
  if (body.sortByPrice !== undefined && body.sortByPrice !== false) return { field: 'price' as const, direction: dir(body.sortByPrice) };
  if (body.sortByDate !== undefined && body.sortByDate !== false) return { field: 'publishedAt' as const, direction: dir(body.sortByDate) };
  return { field: 'publishedAt' as const, direction: -1 as const };
}

export function publicationRoutes(ctx: AppContext): Router {
  const router = Router();

  ctx.openApi.route({
    method: 'post', path: '/api/publications', tags: ['Объявления'], summary: 'Поиск объявлений с фильтрами и страницами',
    request: { body: jsonBody(searchBody) },
    responses: {
      200: { description: '{ data: [...], meta: { current_page, last_page, per_page, total } }' },
      400: jsonBody(ctx.openApi.errorSchema, 'некорректный фильтр'),
      404: jsonBody(ctx.openApi.errorSchema, 'errorCode 34: ничего не найдено'),
    },
  });
  router.post('/api/publications', async (req, res) => {
    const body = parse(searchBody, req.body ?? {});
    const range = body.price?.[0];
    if (range?.min != null && range?.max != null && range.min > range.max) {
      throw new DomainError('INVALID_DATA', undefined, { 'price.0.min': ['Цена «от» больше цены «до»'] });
    }
    const { items, total } = await searchCatalogue(ctx.readStore, {
      dealCategory: body.dealCategory,
      locationId: body.locationId,
      priceMin: range?.min,
      priceMax: range?.max,
      roomCounts: body.roomCount,
      sort: sortOf(body),
      page: body.offset,
      perPage: body.limit,
    });
    if (total === 0) throw new DomainError('NO_PUBLICATIONS');
    res.json({
      data: items.map((doc) => toPublicationDto(doc)),
      meta: { current_page: body.offset, last_page: Math.max(1, Math.ceil(total / body.limit)), per_page: body.limit, total },
    });
  });

  ctx.openApi.route({
    method: 'get', path: '/api/publications/{id}', tags: ['Объявления'], summary: 'Объявление',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: '{ data: publication }' }, 404: jsonBody(ctx.openApi.errorSchema, 'не найдено') },
  });
  router.get('/api/publications/:id', async (req, res) => {
    const doc = await findPublication(ctx.readStore, req.params.id);
    if (!doc || !PUBLICATION_STATUS_PUBLIC.includes(doc.status)) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    res.json({ data: toPublicationDto(doc) });
  });

  return router;
}
