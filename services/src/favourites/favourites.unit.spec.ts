import { deciderSpec } from '../core/deciderSpec';
import { DomainError } from '../core/errors';
import {
  decide,
  evolve,
  favouritesDecider,
  MAX_FAVOURITES,
  type FavouritesCommand,
  type FavouritesEvent,
} from './favourites';

/**
 * A user's favourites (`favourites-<userId>`): each publication at most once, adding and removing
 * are idempotent, and the list holds at most MAX_FAVOURITES publications.
 */
const given = deciderSpec(favouritesDecider);
const userId = 'u1';
const add = (publicationId: string): FavouritesCommand => ({ type: 'AddFavourite', userId, publicationId });
const remove = (publicationId: string): FavouritesCommand => ({
  type: 'RemoveFavourite',
  userId,
  publicationId,
});
const added = (publicationId: string): FavouritesEvent => ({
  type: 'FavouriteAdded',
  data: { userId, publicationId },
});
const removed = (publicationId: string): FavouritesEvent => ({
  type: 'FavouriteRemoved',
  data: { userId, publicationId },
});
/** a list at the cap: p0 … p999 */
const full = Array.from({ length: MAX_FAVOURITES }, (_, i) => added(`p${i}`));

describe('adding a favourite', () => {
  it('adds a publication not in the list', () => {
    given([])
      .when(add('flat'))
      .then([added('flat')]);
    given([added('near')])
      .when(add('flat'))
      .then([added('flat')]);
  });

  it('records nothing when the publication is already there, however often it is asked', () => {
    given([added('flat')])
      .when(add('flat'))
      .then([]);
    given([added('flat'), added('near')])
      .when(add('flat'))
      .then([]);
  });

  it('adds again what was removed', () => {
    given([added('flat'), removed('flat')])
      .when(add('flat'))
      .then([added('flat')]);
    given([added('flat'), removed('flat'), added('flat'), removed('flat')])
      .when(add('flat'))
      .then([added('flat')]);
  });

  it(`refuses a new one once the list holds ${MAX_FAVOURITES}, with the reason`, () => {
    given(full).when(add('one-more')).thenThrows('ACTION_NOT_ALLOWED');
    const state = full.reduce(evolve, favouritesDecider.initialState());
    expect(() => decide(add('one-more'), state)).toThrow(
      new DomainError('ACTION_NOT_ALLOWED', `В избранном может быть не больше ${MAX_FAVOURITES} объявлений`),
    );
  });

  it('at the cap, still answers a repeated add with nothing rather than a refusal', () => {
    given(full).when(add('p0')).then([]);
  });

  it('takes a new one again once one is removed from a full list', () => {
    given([...full, removed('p7')])
      .when(add('one-more'))
      .then([added('one-more')]);
    given([...full, removed('p7'), added('one-more')])
      .when(add('another'))
      .thenThrows('ACTION_NOT_ALLOWED');
  });
});

describe('removing a favourite', () => {
  it('removes a publication in the list, and only that one', () => {
    given([added('flat')])
      .when(remove('flat'))
      .then([removed('flat')]);
    given([added('flat'), added('near'), removed('flat')])
      .when(remove('near'))
      .then([removed('near')]);
    given([added('flat'), added('near'), removed('flat')])
      .when(add('near'))
      .then([]);
  });

  it('records nothing for a publication never added (an unknown id too)', () => {
    given([]).when(remove('flat')).then([]);
    given([added('near')])
      .when(remove('unknown'))
      .then([]);
  });

  it('records nothing when removed again', () => {
    given([added('flat'), removed('flat')])
      .when(remove('flat'))
      .then([]);
    given([added('flat'), removed('flat'), added('flat'), removed('flat')])
      .when(remove('flat'))
      .then([]);
  });

  it('removes from a full list', () => {
    given(full)
      .when(remove('p999'))
      .then([removed('p999')]);
  });
});
