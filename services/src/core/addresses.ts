/**
 * The address-suggestion port (issue 16): DaData in production, the shipped gazetteer of the demo
 * cities in development and tests (services/src/geo). Declared in core, as every port is: the
 * context names it, a slice implements it.
 */

/** a point on the map */
export type GeoPoint = { lat: number; lon: number };

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
