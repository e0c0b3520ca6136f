/**
 * The locations slice: the tree of regions, cities, districts and settlements (shipped as data),
 * the quick choice, the search by name and the visitor's place by IP. What other slices and the app
 * may use of it is exported here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { locationRoutes } from './api';
import type { MetroByCity } from './suggestions';

/** the site renders the catalogue's place search in process */
export { locationRoutes } from './api';
/** the metro stations are geo's: the app hands them in for the place search */
export const locationsSlice = (metroByCity: MetroByCity): SliceManifest => ({
  name: 'locations',
  routes: () => [{ at: 'api', routes: locationRoutes(metroByCity) }],
});
export type { LocationDto, PlaceDto } from './dto';
export { LOCATION_TYPE, CITIES, type Location } from './cities';
export { cityIdsWithin } from './scope';
export { locationByIp } from './byIp';
export {
  ALL_RUSSIA,
  byPriority,
  cityOf,
  findPublicationPlace,
  findLocation,
  PUBLICATION_PLACE_TYPES as LISTING_PLACE_TYPES,
  toLocationDto,
} from './tree';
