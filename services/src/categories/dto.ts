import { z } from 'zod';

/**
 * The answers of the categories calls (deal categories, property types, filter characteristics), as
 * zod schemas: the routes declare them (the OpenAPI document and the tests' answer checks come from
 * here) and the front ends take their types from them. Pure zod: the site's type check reads this file.
 */

/** A category of a deal: a property type (null for the 'all…' pseudo-category), or a new-build flat. */
export const dealCategoryDto = z.object({
  name: z.string(),
  /** the CIAN feed's name: `flatSale`, `newBuildingFlatRent`, `allDailyRent` … */
  cianName: z.string(),
  propertyType: z.number().int().nullable(),
  /** the deal a listing of this category is published under (new-build flats are sold or let) */
  dealCategory: z.enum(['sale', 'rent', 'dailyRent']),
  isNewBuilding: z.boolean(),
  /** what the filter form starts with */
  selected: z.boolean(),
});
export type DealCategoryDto = z.infer<typeof dealCategoryDto>;

export const dealCategoriesAnswer = z.object({
  data: z.object({
    dealCategory: z.enum(['sale', 'rent', 'dailyRent', 'newBuildings']),
    /** the deal as paths write it: `daily-rent`, `new-buildings` */
    path: z.string(),
    name: z.string(),
    defaultPropertyType: z.number().int(),
    categories: z.array(dealCategoryDto),
  }),
});

/** An option of a value-list filter; a null value filters nothing ('Неважно'). */
export const characteristicSelectDto = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.number().nullable(),
});

/** A filter characteristic (api.md section 9): filterType 1 a list of values, 2 a range. */
export const characteristicDto = z.object({
  id: z.number().int(),
  cianName: z.string(),
  name: z.string(),
  type: z.enum(['float', 'integer', 'boolean']),
  filterType: z.union([z.literal(1), z.literal(2)]),
  measure: z.string().nullable(),
  isMainFilter: z.boolean(),
  characteristicFieldSelects: z.array(characteristicSelectDto),
});
export type CharacteristicDto = z.infer<typeof characteristicDto>;

export const characteristicsAnswer = z.object({ data: z.array(characteristicDto) });

export const characteristicsByCategoryAnswer = z.object({
  data: z.array(
    z.object({
      cianName: z.string(),
      name: z.string(),
      propertyType: z.number().int().nullable(),
      isNewBuilding: z.boolean(),
      characteristics: z.array(characteristicDto),
    }),
  ),
});
