import { CITIES } from './cities';

/**
 * The listing locations a search location covers: null for all of Russia. Replaced by the
 * locations tree (regions, districts) of the reference-data slice.
 */
export function cityIdsWithin(locationId: string | null): string[] | null {
  if (!locationId) return null;
  return CITIES.some((c) => c.id === locationId) ? [locationId] : [];
}
