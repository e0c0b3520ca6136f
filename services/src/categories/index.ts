/**
 * The categories slice: the deals, their categories (property types) and the filter
 * characteristics, shipped as data. What other slices and the app may use of it is exported here;
 * nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { categoryRoutes } from './api';

export { categoryRoutes } from './api';
export const categoriesSlice: SliceManifest = {
  name: 'categories',
  routes: () => [{ at: 'api', routes: categoryRoutes }],
};
export { categoryOfPublication, type PublicationCategory } from './dealCategories';
export { propertyTypeById } from './propertyTypes';
/** the publications search reads the filter characteristics and the catalogue field of each */
export {
  CHARACTERISTIC_CATALOGUE_FIELDS,
  FILTER_CHARACTERISTICS,
  FILTER_TYPE,
  FIXED_FILTER_CHARACTERISTIC_IDS,
  type FilterCharacteristic,
} from './characteristics';
