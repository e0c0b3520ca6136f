import { PUBLICATION_STATUS } from '@estate/events';
import {
  CATALOGUE,
  countCatalogue,
  findPublication,
  mapClusters,
  OPENED_PUBLICATIONS,
  searchCatalogue,
  topPublications,
  type CatalogueDocument,
  type OpenedPublicationDocument,
} from '@estate/projections';
import type { Request } from 'express';
import { z } from 'zod';
import { actorOf, mayManagePublication } from '../../core/access';
import { DomainError } from '../../core/errors';
import { pageMeta } from '../../core/http';
import { defineRoute, JsonText } from '../../core/route';
import { cityIdsWithin, cityOf, findLocation } from '../../locations';
import { recordOpening, viewerOf } from '../../statistics';
import {
  premiumPageAnswer,
  priceHistoryAnswer,
  publicationAnswer,
  mapAnswer,
  publicationCountAnswer,
  publicationListAnswer,
  publicationPageAnswer,
} from '../dto';
import { mapBody, searchBody, sortOf, toCatalogueQuery } from '../filters';
import { publicationJson, toPublicationDto } from '../presentation';
import { isPremium, PREMIUM_WINDOW_MS, publishedUntil } from '../visibility';

/** What a visitor reads: the search, one listing, its price history, similar ones, the newest, the premium window. */
const tags = ['Объявления'];
const notFound = () => new DomainError('NOT_FOUND', 'Объявление не найдено');
const byId = z.object({ id: z.string() });
const paging = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(1).max(10_000).default(1),
});
const truthy = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

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

/**
 * Staff of the owning agency (the author, or the owner) and moderators may open a listing in any
 * status; a switched-off author is refused with the owner's reason (the actor's agency refuses).
 */
function mayPreview(req: Request, doc: CatalogueDocument) {
  if (!req.user) return false;
  return mayManagePublication(actorOf(req), doc);
}

export const searchPublications = defineRoute({
  method: 'post',
  path: '/api/publications',
  tags,
  summary: 'Поиск объявлений с фильтрами и страницами',
  description: 'Топ-объявления (до трёх) входят в страницу с isTop; ничего не найдено — errorCode 34.',
  auth: 'public',
  heavyRead: true,
  body: searchBody,
  errors: [404],
  response: publicationPageAnswer,
  async handle({ ctx, body, req }) {
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
    const listings = mergeTops(items, items.length ? tops : [], body.limit).map(({ doc, isTop }) =>
      publicationJson(doc, isTop),
    );
    return new JsonText<z.input<typeof publicationPageAnswer>>(
      `{"data":[${listings.join(',')}],"meta":${JSON.stringify(pageMeta(body.offset, body.limit, total))}}`,
    );
  },
});

export const countPublications = defineRoute({
  method: 'post',
  path: '/api/publications/count',
  tags,
  summary: 'Сколько объявлений подходит под фильтр',
  auth: 'public',
  heavyRead: true,
  body: searchBody,
  response: publicationCountAnswer,
  async handle({ ctx, body, req }) {
    const publicationCount = await countCatalogue(ctx.readStore, {
      ...toCatalogueQuery(body, cityIdsWithin),
      publishedUntil: await publishedUntil(ctx, req),
    });
    return { data: { publicationCount } };
  },
});

export const newestPublications = defineRoute({
  method: 'get',
  path: '/api/publications/last/{locationId}',
  tags,
  summary: 'Новые объявления места (null — вся Россия)',
  auth: 'public',
  params: z.object({ locationId: z.string() }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(8) }),
  response: publicationListAnswer,
  async handle({ ctx, params, query, req }) {
    const location = ['null', 'all', '0'].includes(params.locationId) ? null : params.locationId;
    const { items } = await searchCatalogue(
      ctx.readStore,
      { locationIds: cityIdsWithin(location) ?? undefined, publishedUntil: await publishedUntil(ctx, req) },
      { sort: { field: 'publishedAt', direction: -1 }, page: 1, perPage: query.limit },
    );
    return { data: items.map((d) => toPublicationDto(d)) };
  },
});

export const openPublication = defineRoute({
  method: 'get',
  path: '/api/publications/{id}',
  tags,
  summary:
    'Объявление (открытие считается для cookie visitor или вошедшего пользователя; isActive=1 — только опубликованное)',
  auth: 'public',
  params: byId,
  query: z.object({ isActive: truthy.optional() }),
  errors: [404],
  response: publicationAnswer,
  async handle({ ctx, params, query, req }) {
    const doc = await findPublication(ctx.readStore, params.id);
    if (!doc) throw notFound();
    const published = doc.status === PUBLICATION_STATUS.PUBLISHED;
    if (!published && (query.isActive || !mayPreview(req, doc))) throw notFound();
    // counted once a day for a signed-in user or a server-issued visitor id, never for a crawler, within the counting limits
    if (published) await recordOpening(ctx, req, doc._id);
    return { data: toPublicationDto(doc) };
  },
});

export const priceHistory = defineRoute({
  method: 'get',
  path: '/api/publications/{id}/price-history',
  tags,
  summary: 'История изменения цены, новые первыми',
  auth: 'public',
  params: byId,
  errors: [404],
  response: priceHistoryAnswer,
  async handle({ ctx, params, req }) {
    const doc = await findPublication(ctx.readStore, params.id);
    if (!doc || (doc.status !== PUBLICATION_STATUS.PUBLISHED && !mayPreview(req, doc))) throw notFound();
    const items = doc.priceHistory.map((item, i) => ({
      ...item,
      priceDiff: i === 0 ? 0 : item.price - doc.priceHistory[i - 1].price,
    }));
    return { data: items.reverse() };
  },
});

export const similarPublications = defineRoute({
  method: 'get',
  path: '/api/publications/{id}/similar/{dealType}',
  tags,
  summary: 'Похожие объявления: та же сделка и место, близкая цена',
  auth: 'public',
  params: z.object({ id: z.string(), dealType: z.enum(['sale', 'rent', 'dailyRent', 'daily-rent']) }),
  errors: [404],
  response: publicationListAnswer,
  async handle({ ctx, params, req }) {
    const doc = await findPublication(ctx.readStore, params.id);
    if (!doc) throw notFound();
    // the same city: a listing in a district or settlement of it finds the whole city's
    const place = findLocation(doc.locationId);
    const city = place ? (cityOf(place) ?? place) : null;
    const { items } = await searchCatalogue(
      ctx.readStore,
      {
        dealCategory: params.dealType === 'daily-rent' ? 'dailyRent' : params.dealType,
        locationIds: city ? (cityIdsWithin(city.id) ?? [doc.locationId]) : [doc.locationId],
        priceRanges: [{ min: Math.floor(doc.price * 0.7), max: Math.ceil(doc.price * 1.3) }],
        excludeIds: [doc._id],
        publishedUntil: await publishedUntil(ctx, req),
      },
      { sort: { field: 'publishedAt', direction: -1 }, page: 1, perPage: 40 },
    );
    // closest first: the same room count, then the nearest price
    const closeness = (d: CatalogueDocument) =>
      (d.roomCount === doc.roomCount ? 0 : 1) * 1e12 + Math.abs(d.price - doc.price);
    return {
      data: items
        .sort((a, b) => closeness(a) - closeness(b))
        .slice(0, 8)
        .map((d) => toPublicationDto(d)),
    };
  },
});

export const publicationsByIds = defineRoute({
  method: 'get',
  path: '/api/publications-by-ids',
  tags,
  summary: 'Опубликованные объявления по списку id, в его порядке',
  auth: 'public',
  query: z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }),
  response: publicationListAnswer,
  async handle({ ctx, query }) {
    const docs = await ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .find({ _id: { $in: query.ids }, status: PUBLICATION_STATUS.PUBLISHED });
    const found = new Map(docs.map((d) => [d._id, d]));
    return { data: query.ids.flatMap((id) => (found.has(id) ? [toPublicationDto(found.get(id)!)] : [])) };
  },
});

export const premiumPublications = defineRoute({
  method: 'get',
  path: '/api/premium-publications',
  tags,
  summary: 'Объявления первых трёх дней: полностью — по премиум-подписке',
  auth: 'public',
  query: paging.extend({
    locationId: z.string().max(64).optional(),
    sortByDate: z.enum(['ASC', 'DESC']).default('DESC'),
  }),
  response: premiumPageAnswer,
  async handle({ ctx, query: q, req }) {
    const catalogue = ctx.readStore.collection<CatalogueDocument>(CATALOGUE);
    const since = new Date(ctx.clock().getTime() - PREMIUM_WINDOW_MS).toISOString();
    const filter = {
      status: PUBLICATION_STATUS.PUBLISHED,
      publishedAt: { $gt: since },
      ...(q.locationId && q.locationId !== 'null'
        ? { locationId: { $in: cityIdsWithin(q.locationId) ?? [] } }
        : {}),
    };
    const premium = await isPremium(ctx, req);
    const [items, total] = await Promise.all([
      premium
        ? catalogue.find(filter, {
            sort: { publishedAt: q.sortByDate === 'ASC' ? 1 : -1, _id: 1 },
            skip: (q.offset - 1) * q.limit,
            limit: q.limit,
          })
        : [],
      catalogue.countDocuments(filter),
    ]);
    return {
      data: items.map((d) => toPublicationDto(d)),
      meta: { ...pageMeta(q.offset, q.limit, total), requiresPremium: !premium },
    };
  },
});

export const recentlyOpened = defineRoute({
  method: 'get',
  path: '/api/clicked-publications',
  tags,
  summary: 'Недавно открытые объявления (по аккаунту или cookie visitor)',
  auth: 'public',
  query: paging,
  response: publicationPageAnswer,
  async handle({ ctx, query: q, req }) {
    const viewer = viewerOf(req);
    if (!viewer) return { data: [], meta: pageMeta(q.offset, q.limit, 0) };
    const opened = ctx.readStore.collection<OpenedPublicationDocument>(OPENED_PUBLICATIONS);
    const [rows, total] = await Promise.all([
      opened.find({ viewer }, { sort: { at: -1, _id: 1 }, skip: (q.offset - 1) * q.limit, limit: q.limit }),
      opened.countDocuments({ viewer }),
    ]);
    const docs = await ctx.readStore.collection<CatalogueDocument>(CATALOGUE).find({
      _id: { $in: rows.map((r) => r.publicationId) },
      status: PUBLICATION_STATUS.PUBLISHED,
    });
    const found = new Map(docs.map((d) => [d._id, d]));
    return {
      data: rows.flatMap((r) =>
        found.has(r.publicationId) ? [toPublicationDto(found.get(r.publicationId)!)] : [],
      ),
      meta: pageMeta(q.offset, q.limit, total),
    };
  },
});

export const complexPublications = defineRoute({
  method: 'get',
  path: '/api/residential-complexes/{id}/publications',
  tags,
  summary: 'Объявления в жилом комплексе',
  auth: 'public',
  params: byId,
  query: paging,
  response: publicationPageAnswer,
  async handle({ ctx, params, query: q, req }) {
    const { items, total } = await searchCatalogue(
      ctx.readStore,
      { residentialComplexId: params.id, publishedUntil: await publishedUntil(ctx, req) },
      { sort: { field: 'price', direction: 1 }, page: q.offset, perPage: q.limit },
    );
    return { data: items.map((d) => toPublicationDto(d)), meta: pageMeta(q.offset, q.limit, total) };
  },
});

export const mapOfPublications = defineRoute({
  method: 'post',
  path: '/api/publications/map',
  tags,
  summary: 'Карта поиска: объявления видимой области, сгруппированные по квадратам экрана',
  description:
    'Фильтры — те же, что у поиска; bounds — видимая область, zoom — масштаб карты (0–20). Одинокое объявление приходит со своим id (карточка на карте).',
  auth: 'public',
  heavyRead: true,
  body: mapBody,
  response: mapAnswer,
  async handle({ ctx, body, req }) {
    const query = {
      ...toCatalogueQuery(body, cityIdsWithin),
      publishedUntil: await publishedUntil(ctx, req),
    };
    return { data: await mapClusters(ctx.readStore, query, { bounds: body.bounds, zoom: body.zoom }) };
  },
});

export const publicRoutes = [
  searchPublications,
  countPublications,
  mapOfPublications,
  newestPublications,
  openPublication,
  priceHistory,
  similarPublications,
  publicationsByIds,
  premiumPublications,
  recentlyOpened,
  complexPublications,
];
