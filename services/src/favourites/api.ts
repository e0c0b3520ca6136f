import { PUBLICATION_STATUS } from '@estate/events';
import {
  CATALOGUE,
  dayOf,
  INTERACTIONS_TOPIC,
  listFavourites,
  type CatalogueDocument,
  type Interaction,
} from '@estate/projections';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { pageMeta, parse, queryList } from '../core/http';
import { toPublicationDto } from '../publications';
import { favouritesDecider, favouritesStream } from './favourites';
import { currentUser } from '../core/access';

const TAG = 'Избранное';
const idList = z.array(z.string().min(1).max(64)).min(1, 'Укажите объявления').max(100);

/** Favourites of a signed-in visitor (a guest is asked to sign in by the 401). */
export function favouriteRoutes(ctx: AppContext): Router {
  const router = Router();
  const catalogue = ctx.readStore.collection<CatalogueDocument>(CATALOGUE);
  const run = async (userId: string, type: 'AddFavourite' | 'RemoveFavourite', publicationId: string) => {
    const result = await handleCommand(
      ctx.eventStore,
      favouritesStream(userId),
      favouritesDecider,
      { type, userId, publicationId },
      { actor: userId },
    );
    await ctx.projections.whenCaughtUp(result.position);
    return result;
  };
  const route = (method: 'get' | 'post' | 'delete', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path,
      tags: [TAG],
      summary,
      security: [{ bearer: [] }],
      responses: { 200: { description: 'data' } },
    });

  route('post', '/api/favorite-publications/{id}', 'Добавить объявление в избранное');
  router.post('/api/favorite-publications/:id', async (req, res) => {
    const user = currentUser(req);
    const doc = await catalogue.findOne({ _id: req.params.id }, { projection: { status: 1 } });
    if (!doc || doc.status !== PUBLICATION_STATUS.PUBLISHED)
      throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    const result = await run(user.userId, 'AddFavourite', req.params.id);
    if (result.events.length) {
      const at = ctx.clock().toISOString();
      const favourite: Interaction = {
        id: `favorite:${user.userId}:${req.params.id}:${dayOf(at)}`,
        kind: 'favorite',
        publicationId: req.params.id,
        at,
      };
      await ctx.bus
        .publish(INTERACTIONS_TOPIC, [{ key: req.params.id, value: favourite }])
        .catch((error) => req.log.warn({ err: error }, 'favourite not counted'));
    }
    res.json({ data: { success: true } });
  });

  route('delete', '/api/favorite-publications', 'Убрать объявления из избранного (adIds[] повторяется)');
  router.delete('/api/favorite-publications', async (req, res) => {
    const user = currentUser(req);
    const ids = parse(z.object({ adIds: idList }), { adIds: queryList(req.query, 'adIds') }).adIds;
    for (const id of new Set(ids)) await run(user.userId, 'RemoveFavourite', id);
    res.json({ data: { success: true } });
  });

  route(
    'get',
    '/api/favorite-publications',
    'Избранное, недавно добавленные первыми (limit до 100, offset — страница с 1)',
  );
  router.get('/api/favorite-publications', async (req, res) => {
    const user = currentUser(req);
    const q = parse(
      z.object({
        limit: z.coerce.number().int().min(1).max(100).default(100),
        offset: z.coerce.number().int().min(1).default(1),
      }),
      req.query,
    );
    const { items, total } = await listFavourites(
      ctx.readStore,
      user.userId,
      (q.offset - 1) * q.limit,
      q.limit,
    );
    const docs = await catalogue.find({ _id: { $in: items.map((f) => f.publicationId) } });
    const byId = new Map(docs.map((d) => [d._id, d]));
    // a listing hidden or sold since stays in the list, marked inactive, so the user sees what became of it
    const data = items.flatMap((f) => {
      const doc = byId.get(f.publicationId);
      return doc
        ? [
            {
              ...toPublicationDto(doc),
              isActive: doc.status === PUBLICATION_STATUS.PUBLISHED,
              addedToFavoritesAt: f.addedAt,
            },
          ]
        : [];
    });
    res.json({ data, meta: pageMeta(q.offset, q.limit, total) });
  });

  return router;
}
