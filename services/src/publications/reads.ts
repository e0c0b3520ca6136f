import {
  CATALOGUE,
  findPublication,
  OPENED_PUBLICATIONS,
  searchCatalogue,
  type CatalogueDocument,
  type OpenedPublicationDocument,
} from '@estate/projections';
import { PUBLICATION_STATUS } from '@estate/events';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { pageMeta, parse, queryList } from '../core/http';
import { toPublicationDto } from './dto';
import { PREMIUM_WINDOW_MS, isPremium, publishedUntil } from './visibility';
import { recordOpening, viewerOf } from '../statistics';
import { actorOf, mayManagePublication } from '../core/access';
import { cityIdsWithin, cityOf, findLocation } from '../locations';

const TAG = 'Объявления';
const notFound = () => new DomainError('NOT_FOUND', 'Объявление не найдено');
const paging = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(1).max(10_000).default(1),
});
const truthy = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * Staff of the owning agency (the author, or the owner) and moderators may open a listing in any
 * status; a switched-off author is refused with the owner's reason (the actor's agency refuses).
 */
function mayPreview(req: Request, doc: CatalogueDocument) {
  if (!req.user) return false;
  return mayManagePublication(actorOf(req), doc);
}

/** Listing reads of api.md: one listing, its price history, similar ones, by ids, the newest, the premium window, recently opened. */
export function publicationReadRoutes(ctx: AppContext): Router {
  const router = Router();
  const catalogue = ctx.readStore.collection<CatalogueDocument>(CATALOGUE);
  const route = (method: 'get', path: string, summary: string) =>
    ctx.openApi.route({ method, path, tags: [TAG], summary, responses: { 200: { description: 'data' } } });

  route('get', '/api/publications/last/{locationId}', 'Новые объявления места (null — вся Россия)');
  router.get('/api/publications/last/:locationId', async (req, res) => {
    const { limit } = parse(
      z.object({ limit: z.coerce.number().int().min(1).max(50).default(8) }),
      req.query,
    );
    const location = ['null', 'all', '0'].includes(req.params.locationId) ? null : req.params.locationId;
    const { items } = await searchCatalogue(
      ctx.readStore,
      { locationIds: cityIdsWithin(location) ?? undefined, publishedUntil: await publishedUntil(ctx, req) },
      { sort: { field: 'publishedAt', direction: -1 }, page: 1, perPage: limit },
    );
    res.json({ data: items.map((d) => toPublicationDto(d)) });
  });

  route(
    'get',
    '/api/publications/{id}',
    'Объявление (открытие считается для cookie visitor или вошедшего пользователя; isActive=1 — только опубликованное)',
  );
  router.get('/api/publications/:id', async (req, res) => {
    const { isActive } = parse(z.object({ isActive: truthy.optional() }), req.query);
    const doc = await findPublication(ctx.readStore, req.params.id);
    if (!doc) throw notFound();
    const published = doc.status === PUBLICATION_STATUS.PUBLISHED;
    if (!published && (isActive || !mayPreview(req, doc))) throw notFound();
    // counted once a day for a signed-in user or a server-issued visitor id, never for a crawler, within the counting limits
    if (published) await recordOpening(ctx, req, doc._id);
    res.json({ data: toPublicationDto(doc) });
  });

  route('get', '/api/publications/{id}/price-history', 'История изменения цены, новые первыми');
  router.get('/api/publications/:id/price-history', async (req, res) => {
    const doc = await findPublication(ctx.readStore, req.params.id);
    if (!doc || (doc.status !== PUBLICATION_STATUS.PUBLISHED && !mayPreview(req, doc))) throw notFound();
    const items = doc.priceHistory.map((item, i) => ({
      ...item,
      priceDiff: i === 0 ? 0 : item.price - doc.priceHistory[i - 1].price,
    }));
    res.json({ data: items.reverse() });
  });

  route(
    'get',
    '/api/publications/{id}/similar/{dealType}',
    'Похожие объявления: та же сделка и место, близкая цена',
  );
  router.get('/api/publications/:id/similar/:dealType', async (req, res) => {
    const dealType = parse(z.enum(['sale', 'rent', 'dailyRent', 'daily-rent']), req.params.dealType);
    const doc = await findPublication(ctx.readStore, req.params.id);
    if (!doc) throw notFound();
    // the same city: a listing in a district or settlement of it finds the whole city's
    const place = findLocation(doc.locationId);
    const city = place ? (cityOf(place) ?? place) : null;
    const { items } = await searchCatalogue(
      ctx.readStore,
      {
        dealCategory: dealType === 'daily-rent' ? 'dailyRent' : dealType,
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
    res.json({
      data: items
        .sort((a, b) => closeness(a) - closeness(b))
        .slice(0, 8)
        .map((d) => toPublicationDto(d)),
    });
  });

  route('get', '/api/publications-by-ids', 'Опубликованные объявления по списку id, в его порядке');
  router.get('/api/publications-by-ids', async (req, res) => {
    const ids = parse(z.array(z.string().min(1).max(64)).min(1).max(100), queryList(req.query, 'ids'));
    const docs = await catalogue.find({ _id: { $in: ids }, status: PUBLICATION_STATUS.PUBLISHED });
    const byId = new Map(docs.map((d) => [d._id, d]));
    res.json({ data: ids.flatMap((id) => (byId.has(id) ? [toPublicationDto(byId.get(id)!)] : [])) });
  });

  route('get', '/api/premium-publications', 'Объявления первых трёх дней: полностью — по премиум-подписке');
  router.get('/api/premium-publications', async (req, res) => {
    const q = parse(
      paging.extend({
        locationId: z.string().max(64).optional(),
        sortByDate: z.enum(['ASC', 'DESC']).default('DESC'),
      }),
      req.query,
    );
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
    res.json({
      data: items.map((d) => toPublicationDto(d)),
      meta: { ...pageMeta(q.offset, q.limit, total), requiresPremium: !premium },
    });
  });

  route('get', '/api/clicked-publications', 'Недавно открытые объявления (по аккаунту или cookie visitor)');
  router.get('/api/clicked-publications', async (req, res) => {
    const q = parse(paging, req.query);
    const viewer = viewerOf(req);
    if (!viewer) return void res.json({ data: [], meta: pageMeta(q.offset, q.limit, 0) });
    const opened = ctx.readStore.collection<OpenedPublicationDocument>(OPENED_PUBLICATIONS);
    const [rows, total] = await Promise.all([
      opened.find({ viewer }, { sort: { at: -1, _id: 1 }, skip: (q.offset - 1) * q.limit, limit: q.limit }),
      opened.countDocuments({ viewer }),
    ]);
    const docs = await catalogue.find({
      _id: { $in: rows.map((r) => r.publicationId) },
      status: PUBLICATION_STATUS.PUBLISHED,
    });
    const byId = new Map(docs.map((d) => [d._id, d]));
    res.json({
      data: rows.flatMap((r) =>
        byId.has(r.publicationId) ? [toPublicationDto(byId.get(r.publicationId)!)] : [],
      ),
      meta: pageMeta(q.offset, q.limit, total),
    });
  });

  route('get', '/api/residential-complexes/{id}/publications', 'Объявления в жилом комплексе');
  router.get('/api/residential-complexes/:id/publications', async (req, res) => {
    const q = parse(paging, req.query);
    const { items, total } = await searchCatalogue(
      ctx.readStore,
      { residentialComplexId: req.params.id, publishedUntil: await publishedUntil(ctx, req) },
      { sort: { field: 'price', direction: 1 }, page: q.offset, perPage: q.limit },
    );
    res.json({ data: items.map((d) => toPublicationDto(d)), meta: pageMeta(q.offset, q.limit, total) });
  });

  return router;
}
