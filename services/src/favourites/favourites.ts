import type { EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type FavouritesEvent = EventOf<'FavouriteAdded'> | EventOf<'FavouriteRemoved'>;
export type Favourites = { ids: Set<string> };
export type FavouritesCommand =
  | { type: 'AddFavourite'; userId: string; publicationId: string }
  | { type: 'RemoveFavourite'; userId: string; publicationId: string };

/** A generous cap: a list this long is no longer a shortlist, and it keeps the stream small. */
export const MAX_FAVOURITES = 1000;

export const favouritesStream = (userId: string) => `favourites-${userId}`;

export function evolve(state: Favourites, event: FavouritesEvent): Favourites {
  const ids = new Set(state.ids);
  switch (event.type) {
    case 'FavouriteAdded':
      ids.add(event.data.publicationId);
      return { ids };
    case 'FavouriteRemoved':
      ids.delete(event.data.publicationId);
      return { ids };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function decide(command: FavouritesCommand, state: Favourites): FavouritesEvent[] {
  const { userId, publicationId } = command;
  switch (command.type) {
    case 'AddFavourite':
      if (state.ids.has(publicationId)) return [];
      if (state.ids.size >= MAX_FAVOURITES)
        throw new DomainError(
          'ACTION_NOT_ALLOWED',
          `В избранном может быть не больше ${MAX_FAVOURITES} объявлений`,
        );
      return [{ type: 'FavouriteAdded', data: { userId, publicationId } }];
    case 'RemoveFavourite':
      return state.ids.has(publicationId)
        ? [{ type: 'FavouriteRemoved', data: { userId, publicationId } }]
        : [];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const favouritesDecider: Decider<FavouritesCommand, Favourites, FavouritesEvent> = {
  decide,
  evolve,
  initialState: () => ({ ids: new Set() }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleFavourites = commandHandler(favouritesDecider, favouritesStream);
