import { z } from 'zod';

/**
 * The answers of the address and metro calls, as zod schemas: the routes declare them (the OpenAPI
 * document and the tests' answer checks come from here) and the front ends take their types from
 * them. Pure zod: the site's type check reads this file.
 */

/** product.md's Address suggestion, field for field as DaData gives it (coordinates as strings) */
export const addressSuggestionDto = z.object({
  value: z.string(),
  data: z.object({
    city: z.string().nullable(),
    settlement: z.string().nullable(),
    geo_lat: z.string().nullable(),
    geo_lon: z.string().nullable(),
  }),
});
export type AddressSuggestionDto = z.infer<typeof addressSuggestionDto>;

export const addressSuggestionsAnswer = z.object({ data: z.array(addressSuggestionDto) });

export const coordinatesAnswer = z.object({ data: z.object({ lat: z.number(), lon: z.number() }) });

/**
 * A station near a point: what a listing keeps in `address.metro.stations` (name; time in minutes,
 * on foot when pedestrian_time, else by transport) and, for the editor, its line, the line's colour
 * and the straight-line distance.
 */
export const nearestStationDto = z.object({
  name: z.string().min(1).max(100),
  time: z.number().int().min(0).max(300),
  pedestrian_time: z.boolean(),
  line: z.string(),
  color: z.string().regex(/^#[0-9A-F]{6}$/i),
  distanceMeters: z.number().int().min(0),
});
export type NearestStationDto = z.infer<typeof nearestStationDto>;

export const nearestStationsAnswer = z.object({ data: z.array(nearestStationDto).max(10) });
