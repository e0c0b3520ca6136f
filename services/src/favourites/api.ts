import { PUBLICATION_STATUS } from '@estate/events';
import { CATALOGUE, listFavourites, type CatalogueDocument } from '@estate/projections';
import { z } from 'zod';
import { currentUser } from '../core/access';
import type { AppContext } from '../core/context';
import { type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { pageMeta } from '../core/http';
import { defineRoute } from '../core/route';
import { toPublicationDto } from '../publications';
import { interactionOf, publishInteractions } from '../statistics';
import type { Logger } from '../core/logger';
import { favouritesAnswer, successAnswer } from './dto';
import { type FavouritesCommand, handleFavourites } from './favourites';

/** Favourites of a signed-in visitor (a guest is asked to sign in by the 401). */
const tags = ['Избранное'];

const catalogue = (ctx: AppContext) => ctx.readStore.collection<CatalogueDocument>(CATALOGUE);

/** Runs a command on the user's favourites and waits until the list shows it. */
async function runFavourites(ctx: AppContext, command: FavouritesCommand, meta: CommandContext = {}) {
  const result = await handleFavourites(ctx.eventStore, command.userId, command, {
    actor: command.userId,
    ...meta,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return result;
}

/**
 * A user adds a listing to their favourites: a new one is also counted for the agency's statistics,
 * at the app's clock (the demo's history moves it back). A lost count never fails the user's action.
 */
export async function addToFavourites(
  ctx: AppContext,
  userId: string,
  publicationId: string,
  { meta = {}, log = ctx.logger }: { meta?: CommandContext; log?: Logger } = {},
): Promise<boolean> {
  const result = await runFavourites(ctx, { type: 'AddFavourite', userId, publicationId }, meta);
  if (!result.events.length) return false;
  await publishInteractions(ctx, [
    interactionOf.favourite(userId, publicationId, ctx.clock().toISOString()),
  ]).catch((error) => log.warn({ err: error }, 'favourite not counted'));
  return true;
}

export const addFavourite = defineRoute({
  method: 'post',
  path: '/api/favorite-publications/{id}',
  tags,
  summary: 'Добавить объявление в избранное',
  description: 'Только опубликованное объявление; повторное добавление ничего не меняет.',
  auth: 'signed-in',
  params: z.object({ id: z.string() }),
  errors: [404, 422],
  response: successAnswer,
  async handle({ ctx, params: { id }, req }) {
    const { userId } = currentUser(req);
    const doc = await catalogue(ctx).findOne({ _id: id }, { projection: { status: 1 } });
    if (!doc || doc.status !== PUBLICATION_STATUS.PUBLISHED)
      throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    await addToFavourites(ctx, userId, id, { log: req.log });
    return { data: { success: true } };
  },
});

export const removeFavourites = defineRoute({
  method: 'delete',
  path: '/api/favorite-publications',
  tags,
  summary: 'Убрать объявления из избранного (adIds[] повторяется)',
  auth: 'signed-in',
  query: z.object({
    adIds: z
      .array(z.string().min(1).max(64))
      .min(1, 'Укажите объявления')
      .max(100)
      // none sent: the same refusal as an empty list
      .prefault([]),
  }),
  response: successAnswer,
  async handle({ ctx, query: { adIds }, req }) {
    const { userId } = currentUser(req);
    for (const publicationId of new Set(adIds))
      await runFavourites(ctx, { type: 'RemoveFavourite', userId, publicationId });
    return { data: { success: true } };
  },
});

export const listFavouritePublications = defineRoute({
  method: 'get',
  path: '/api/favorite-publications',
  tags,
  summary: 'Избранное, недавно добавленные первыми (limit до 100, offset — страница с 1)',
  auth: 'signed-in',
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(100),
    offset: z.coerce.number().int().min(1).default(1),
  }),
  response: favouritesAnswer,
  async handle({ ctx, query: { limit, offset }, req }) {
    const { userId } = currentUser(req);
    const { items, total } = await listFavourites(ctx.readStore, userId, (offset - 1) * limit, limit);
    const docs = await catalogue(ctx).find({ _id: { $in: items.map((f) => f.publicationId) } });
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
    return { data, meta: pageMeta(offset, limit, total) };
  },
});

export const favouriteRoutes = [addFavourite, removeFavourites, listFavouritePublications];
