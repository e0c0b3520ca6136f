/**
 * The geo slice: the shipped metro stations and street gazetteer of the catalogue cities, the
 * nearest stations of a point, and the address-suggestion port (DaData, or the gazetteer) with its
 * calls. What other slices and the app may use of it is exported here; nothing else of the folder
 * is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { geoRoutes } from './api';

export const geoSlice: SliceManifest = {
  name: 'geo',
  routes: () => [{ at: 'api', routes: geoRoutes }],
};
export type { AddressArea, AddressSuggestion, AddressSuggestions, SuggestOptions } from './addresses';
export { NoAddressSuggestions } from './addresses';
export { DadataAddressSuggestions } from './dadata';
export { GazetteerAddressSuggestions } from './gazetteer';
export { chooseAddressSuggestions } from './provider';
export { hasMetro, nearestStations, type NearestStation } from './metro';
/** the shipped stations: the app hands them to the catalogue's place search (locations), the landings list them (site) */
export { METRO_BY_CITY } from './datasets/metro';
export { metresBetween, type GeoPoint } from './distance';
