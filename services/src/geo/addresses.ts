import { DomainError } from '../core/errors';
import type { AddressSuggestion, AddressSuggestions, GeoPoint } from '../core/addresses';

export type { AddressArea, AddressSuggestion, AddressSuggestions, SuggestOptions } from '../core/addresses';

/** The provider failed (no answer, an error, a refused key) or is not configured: a 503 in the spec's envelope, errorCode 114. */
export const addressesUnavailable = () => new DomainError('ADDRESSES_UNAVAILABLE');

/** api.md: a suggestion is kept only with a city or a settlement. */
export const hasPlace = (s: AddressSuggestion) => Boolean(s.data.city || s.data.settlement);

/** The first suggestion's point, when it has one that parses. */
export function pointOf(suggestions: AddressSuggestion[]): GeoPoint | null {
  for (const { data } of suggestions) {
    const lat = Number(data.geo_lat);
    const lon = Number(data.geo_lon);
    if (data.geo_lat && data.geo_lon && Number.isFinite(lat) && Number.isFinite(lon)) return { lat, lon };
  }
  return null;
}

/** How many suggestions a geocoding asks for: the best one with coordinates is taken. */
export const GEOCODE_CANDIDATES = 5;

/**
 * Production without a provider key: the gazetteer's approximate points must never become a real
 * listing's coordinates, so address calls answer 503 instead (as payments do without their keys).
 */
export class NoAddressSuggestions implements AddressSuggestions {
  readonly name = 'none';
  suggest(): Promise<AddressSuggestion[]> {
    return Promise.reject(addressesUnavailable());
  }
  geocode(): Promise<GeoPoint | null> {
    return Promise.reject(addressesUnavailable());
  }
}
