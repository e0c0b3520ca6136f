import { useQuery } from '@tanstack/react-query';
import { api, DEAL_ROUTES } from '@estate/client';
import { useSession } from '../auth/session';
import type { Publication } from '../api/types';
import { useGuestFavourites } from './guestFavourites';

/** A favourite as `GET /api/favorite-publications` answers it: the listing, and whether it is still shown. */
export type Favourite = Publication & { isActive: boolean };

export const favouriteHref = (p: Publication) => `${DEAL_ROUTES[p.dealCategory]}/${p.id}`;

/**
 * The visitor's favourites as listings, newest first: the account's (the spec's full fetch, limit
 * 100 and offset 1; fewer for the dropdown and the widget) or, for a guest, this browser's by
 * `GET /api/publications-by-ids` (a listing no longer published is left out). Asked again whenever
 * the set of favourites changes. undefined while loading; a failure is an empty list (api.md).
 */
export function useFavouriteListings(limit = 100): { items: Favourite[] | undefined; signedIn: boolean } {
  const { profile, loading, favourites } = useSession();
  const guest = useGuestFavourites();
  const ids = profile ? [...favourites].sort().join(',') : guest.slice(0, limit).join(',');
  const query = useQuery({
    queryKey: ['favourites', profile?.id ?? 'guest', limit, ids],
    enabled: !loading,
    queryFn: async (): Promise<Favourite[]> => {
      if (profile)
        return api
          .get('/api/favorite-publications', { query: { limit, offset: 1 } })
          .then((a) => a.data)
          .catch(() => []);
      if (!ids) return [];
      return api
        .get('/api/publications-by-ids', { query: { ids: ids.split(',') } })
        .then((a) => a.data.map((p) => ({ ...p, isActive: true })))
        .catch(() => []);
    },
    placeholderData: (previous) => previous,
  });
  const items = profile ? query.data?.filter((p) => favourites.has(p.id)) : query.data;
  return { items: loading ? undefined : items, signedIn: Boolean(profile) };
}
