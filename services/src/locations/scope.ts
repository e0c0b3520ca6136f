import { LOCATION_TYPE } from './cities';
import { findLocation, subtree } from './tree';

/**
 * The listing locations a search location covers: null for all of Russia (no filter); a region →
 * its cities, their districts and settlements; a city or district → itself and what lies inside it.
 * An unknown id covers nothing.
 */
export function cityIdsWithin(locationId: string | null): string[] | null {
  if (locationId === null || locationId === '' || locationId === 'null') return null;
  const location = findLocation(locationId);
  if (!location) return [];
  return subtree(location)
    .filter((l) => l.type !== LOCATION_TYPE.REGION)
    .map((l) => l.id);
}
