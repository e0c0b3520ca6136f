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
  meta: z.object({ ip: z.string().nullable(), kind: z.string() }),
});
