import { defineProjection } from '../projection';
import type { ReadStore } from '../readStore/port';

export const FAVOURITES = 'favourites';
export type FavouriteDocument = { _id: string; userId: string; publicationId: string; addedAt: string };

const favouriteId = (userId: string, publicationId: string) => `${userId}:${publicationId}`;

/** A user's favourites; a listing's favourite count is a count of this collection by its index. */
export const favouritesProjection = defineProjection({
  name: 'favourites',
  version: 1,
  collections: { [FAVOURITES]: [{ key: { userId: 1, addedAt: -1 } }, { key: { publicationId: 1 } }] },
  handles: ['FavouriteAdded', 'FavouriteRemoved'],
  async apply(event, store) {
    const { userId, publicationId } = event.data;
    const favourites = store.collection<FavouriteDocument>(FAVOURITES);
    if (event.type === 'FavouriteAdded') {
      await favourites.updateOne(
        { _id: favouriteId(userId, publicationId) },
        { $setOnInsert: { userId, publicationId, addedAt: event.occurredAt } },
        { upsert: true },
      );
    } else {
      await favourites.deleteOne({ _id: favouriteId(userId, publicationId) });
    }
  },
});

export const favouriteCount = (store: ReadStore, publicationId: string) =>
  store.collection<FavouriteDocument>(FAVOURITES).countDocuments({ publicationId });

/** A user's favourites, newest first. */
export async function listFavourites(store: ReadStore, userId: string, skip: number, limit: number) {
  const favourites = store.collection<FavouriteDocument>(FAVOURITES);
  const [items, total] = await Promise.all([
    favourites.find({ userId }, { sort: { addedAt: -1, _id: 1 }, skip, limit }),
    favourites.countDocuments({ userId }),
  ]);
  return { items, total };
}
