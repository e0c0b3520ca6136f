/**
 * The favourites slice: a user's favourite publications (`favourites-<userId>`). What other slices
 * and the app may use of it is exported here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { favouriteRoutes } from './api';

export { addToFavourites } from './api';
export const favouritesSlice: SliceManifest = {
  name: 'favourites',
  routes: () => [{ at: 'api', routes: favouriteRoutes }],
};
