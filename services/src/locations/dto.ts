import { z } from 'zod';

/**
 * The answers of the locations calls, as zod schemas: the routes declare them (the OpenAPI document
 * and the tests' answer checks come from here) and the front ends take their types from them.
 * Pure zod: the site's type check reads this file.
 */
export const geoPoint = z.object({ lat: z.number(), lon: z.number() });

/** product.md section 3 Location: type 1 city, 2 area, 3 and 4 settlement, 5 region. */
export const locationDto = z.object({
  id: z.string(),
  name: z.string(),
  fullName: z.string(),
  type: z.number().int().min(1).max(5),
  priority: z.number(),
  kladrCode: z.string().nullable(),
  parentLocation: z.string().nullable(),
  geo: geoPoint,
});
export type LocationDto = z.infer<typeof locationDto>;

/** 'Вся Россия': id null, the spec's kladr code 7700000000000. */
export const allRussiaDto = locationDto.extend({ id: z.null() });
export const placeDto = z.union([locationDto, allRussiaDto]);
export type PlaceDto = z.infer<typeof placeDto>;

export const locationListAnswer = z.object({
  data: z.array(placeDto),
  /** the quick choice, without a search text: Вся Россия and the tag places, then the other cities */
  mainCities: z.array(placeDto).optional(),
  secondCities: z.array(locationDto).optional(),
});

export const locationAnswer = z.object({ data: placeDto.and(z.object({ parent: locationDto.nullable() })) });

export const locationSettingsAnswer = z.object({
  data: z.object({ defaultLocation: locationDto, allRussia: allRussiaDto, mapCenter: geoPoint }),
});

export const locationByIpAnswer = z.object({
  data: locationDto,
  /**
   * source: 'ip' when the address was placed, 'default' for the site's default place. match (with
   * 'ip'): 'city' — the GeoIP database's city is this place of the tree; 'region' — it names only
   * the region (or a city the tree lacks, far from its places); 'nearest' — its city is outside the
   * tree and this is the tree's place nearest to it, distanceKm away.
   */
  meta: z.object({
    ip: z.string().nullable(),
    kind: z.string(),
    source: z.enum(['ip', 'default']),
    match: z.enum(['city', 'region', 'nearest']).optional(),
    distanceKm: z.number().optional(),
  }),
});

/**
 * A suggestion of the catalogue's place search («Город, метро, район, улица»): a place of the tree
 * (narrows the search's locationId), a metro station (a circle around it, geo) or a street (the
 * address words, searchAddress, in its city's locationId).
 */
export const placeSuggestionDto = z.object({
  kind: z.enum(['location', 'metro', 'street']),
  /** what the field shows once picked: «Адлерский район», «Чистые пруды», «ул Покровка» */
  name: z.string(),
  /** the line under it: «район, Сочи», «метро, Сокольническая линия», «улица, Москва» */
  subtitle: z.string(),
  /** the place the search covers once picked; null: all of Russia */
  locationId: z.string().nullable(),
  /** metro: the station's hall, searched within PLACE_RADIUS_KM */
  geo: geoPoint.nullable(),
  /** street: the words every listing's address must hold */
  searchAddress: z.string().nullable(),
  /** metro: its line's colour, #RRGGBB */
  color: z.string().nullable(),
});
export type PlaceSuggestionDto = z.infer<typeof placeSuggestionDto>;
export const placeSuggestionsAnswer = z.object({ data: z.array(placeSuggestionDto) });
