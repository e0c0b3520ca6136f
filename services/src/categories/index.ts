/**
 * The categories slice: deals, property types and their characteristics (the filters' and the form's
 * fields). What other slices may use of it is exported here; nothing else of the folder is imported
 * from outside.
 */
export { categoryOfListing, type ListingCategory } from './dealCategories';
export { propertyTypeById } from './propertyTypes';
/** the filter characteristics a search body names (publications/filters.ts) */
export {
  CHARACTERISTIC_CATALOGUE_FIELDS,
  FILTER_CHARACTERISTICS,
  FILTER_TYPE,
  FIXED_FILTER_CHARACTERISTIC_IDS,
  type FilterCharacteristic,
} from './characteristics';
