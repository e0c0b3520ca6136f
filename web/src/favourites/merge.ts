import { ApiError, api } from '@estate/client';

/**
 * Puts a guest's favourites into the account that just signed in, one `POST
 * /api/favorite-publications/{id}` each, oldest first (the account lists the newest first). Adding
 * is idempotent, so one already there, or a merge repeated after a lost answer, changes nothing. A
 * listing no longer published (404) or refused (422, the account's cap) is dropped; the ids of
 * calls that failed otherwise are answered, to be kept for the next sign-in.
 */
export async function mergeGuestFavourites(ids: string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const id of ids) {
    try {
      await api.post('/api/favorite-publications/{id}', { path: { id } });
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 404 || error.status === 422))) failed.push(id);
    }
  }
  return failed;
}
