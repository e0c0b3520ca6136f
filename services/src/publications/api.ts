import { countCatalogue, searchCatalogue, topPublications } from '@estate/projections';
import { Router } from 'express';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { pageMeta, parse } from '../core/http';
import { jsonBody } from '../core/openapi';
import { toPublicationDto } from './dto';
import { searchBody, sortOf, toCatalogueQuery } from './filters';
import { publishedUntil } from './visibility';
import { cityIdsWithin } from '../locations';

/**
 * product.md section 9: up to three top ads join a page — the first at the start, the second at the
 * end, the third in the middle (half the page limit). A top ad is not repeated among the others.
 */
export function mergeTops<T extends { _id: string }>(
  items: T[],
  tops: T[],
  limit: number,
): { doc: T; isTop: boolean }[] {
  const topIds = new Set(tops.map((t) => t._id));
  const page = items.filter((d) => !topIds.has(d._id)).map((doc) => ({ doc, isTop: false }));
  const [first, second, third] = tops.map((doc) => ({ doc, isTop: true }));
  if (third) page.splice(Math.min(Math.floor(limit / 2), page.length), 0, third);
  if (first) page.unshift(first);
  if (second) page.push(second);
  return page;
}

export function publicationRoutes(ctx: AppContext): Router {
  const router = Router();

  ctx.openApi.route({
    method: 'post',
    path: '/api/publications',
    tags: ['Объявления'],
    summary: 'Поиск объявлений с фильтрами и страницами',
    request: { body: jsonBody(searchBody) },
    responses: {
      200: {
        description:
          '{ data: [...], meta: { current_page, last_page, per_page, total } }; top ads carry isTop',
      },
      400: jsonBody(ctx.openApi.errorSchema, 'некорректный фильтр'),
      404: jsonBody(ctx.openApi.errorSchema, 'errorCode 34: ничего не найдено'),
    },
  });
  router.post('/api/publications', async (req, res) => {
    const body = parse(searchBody, req.body ?? {});
    const query = {
      ...toCatalogueQuery(body, cityIdsWithin),
      publishedUntil: await publishedUntil(ctx, req),
    };
    const now = ctx.clock().toISOString();
    const [{ items, total }, tops] = await Promise.all([
      searchCatalogue(ctx.readStore, query, { sort: sortOf(body), page: body.offset, perPage: body.limit }),
      topPublications(ctx.readStore, query, now, body.offset),
    ]);
    if (total === 0) throw new DomainError('NO_PUBLICATIONS');
    res.json({
      data: mergeTops(items, items.length ? tops : [], body.limit).map(({ doc, isTop }) =>
        toPublicationDto(doc, { isTop }),
      ),
      meta: pageMeta(body.offset, body.limit, total),
    });
  });

  ctx.openApi.route({
    method: 'post',
    path: '/api/publications/count',
    tags: ['Объявления'],
    summary: 'Сколько объявлений подходит под фильтр',
    request: { body: jsonBody(searchBody) },
    responses: {
      200: { description: '{ data: { publicationCount } }' },
      400: jsonBody(ctx.openApi.errorSchema, 'некорректный фильтр'),
    },
  });
  router.post('/api/publications/count', async (req, res) => {
    const body = parse(searchBody, req.body ?? {});
    const publicationCount = await countCatalogue(ctx.readStore, {
      ...toCatalogueQuery(body, cityIdsWithin),
      publishedUntil: await publishedUntil(ctx, req),
    });
    res.json({ data: { publicationCount } });
  });

  return router;
}
