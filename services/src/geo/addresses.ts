import { DomainError } from '../core/errors';
import type { GeoPoint } from './distance';

/**
 * product.md's Address suggestion, as DaData gives it: the address line and where it is, the
 * coordinates as decimal strings (null where the provider does not know them).
 */
export type AddressSuggestion = {
  value: string;
  data: { city: string | null; settlement: string | null; geo_lat: string | null; geo_lon: string | null };
};

/** Where to look: one city, or one region (DaData's `locations` filter), or anywhere. */
export type AddressArea = { city?: string; region?: string };

export type SuggestOptions = AddressArea & { count: number };

/**
 * The address-suggestion port: DaData in production, the shipped gazetteer of the demo cities in
 * development and tests. Both answer only places in a city or a settlement (api.md: suggestions
 * without one are dropped) and geocode an address by the same data they suggest from.
 */
export interface AddressSuggestions {
  readonly name: string;
  suggest(query: string, options: SuggestOptions): Promise<AddressSuggestion[]>;
  /** the point of the address, or null when nothing matches it */
  geocode(address: string): Promise<GeoPoint | null>;
}

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
  async suggest(): Promise<AddressSuggestion[]> {
    throw addressesUnavailable();
  }
  async geocode(): Promise<GeoPoint | null> {
    throw addressesUnavailable();
  }
}
