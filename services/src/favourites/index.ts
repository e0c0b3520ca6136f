/**
 * The favourites slice: a user's favourite publications (`favourites-<userId>`). What other slices
 * and the app may use of it is exported here; nothing else of the folder is imported from outside.
 */
export { addToFavourites, favouriteRoutes } from './api';
