import { z } from 'zod';

/**
 * The answers of the favourites calls, as zod schemas: the routes declare them (the OpenAPI document
 * and the tests' answer checks come from here) and the front ends take their types from them. Pure
 * zod: the site's type check reads this file.
 */

export const successAnswer = z.object({ data: z.object({ success: z.boolean() }) });

const point = z.object({ lat: z.number(), lon: z.number() });

/**
 * A publication as the public API shows it (product.md section 3, Publication; the publications
 * slice's `toPublicationDto`), written out here because a dto.ts reads no other file.
 */
const publicationDto = z.object({
  id: z.string(),
  /** 1 published, 2 draft, 3 archived, 4 declined, 5 published but not shown */
  status: z.number().int().min(1).max(5),
  dealCategory: z.enum(['sale', 'rent', 'dailyRent']),
  propertyType: z.number().int(),
  propertyTypeName: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  actualPrice: z.number().nullable(),
  pricePerDay: z.number().nullable(),
  deposit: z.number().nullable(),
  clientFee: z.number().nullable(),
  roomCount: z.number().int().nullable(),
  totalArea: z.number().nullable(),
  livingArea: z.number().nullable(),
  kitchenArea: z.number().nullable(),
  floor: z.number().int().nullable(),
  floorsCount: z.number().int().nullable(),
  buildYear: z.number().int().nullable(),
  guestsCount: z.number().int().nullable(),
  ceilingHeight: z.number().nullable(),
  bathroomType: z.number().int().nullable(),
  repairType: z.number().int().nullable(),
  hasBalcony: z.boolean().nullable(),
  hasParking: z.boolean().nullable(),
  hasLift: z.boolean().nullable(),
  hasFurniture: z.boolean().nullable(),
  petsAllowed: z.boolean().nullable(),
  images: z.array(z.object({ path: z.string() })),
  locationId: z.string(),
  address: z.object({
    locationId: z.string(),
    locationName: z.string(),
    fullAddress: z.string(),
    geo: point.nullable(),
    metro: z.object({
      stations: z.array(z.object({ name: z.string(), time: z.number(), pedestrian_time: z.boolean() })),
    }),
  }),
  residentialComplexId: z.string().nullable(),
  deadlineYear: z.number().int().nullable(),
  /** the characteristics told, with their Russian names; a select or yes/no one with its option's name */
  characteristics: z.array(
    z.object({
      characteristicField: z.string(),
      characteristicFieldName: z.string(),
      value: z.number(),
      characteristicSelectValue: z.string().nullable().optional(),
    }),
  ),
  /** no phone: the reveal call shows it */
  author: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  agency: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  isTop: z.boolean(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});

/** A favourite: the publication, whether it is still shown, and when it was added. */
export const favouriteDto = publicationDto.extend({
  /** false once the listing is hidden, sold or declined: it stays in the list so the user sees what became of it */
  isActive: z.boolean(),
  addedToFavoritesAt: z.string(),
});
export type FavouriteDto = z.infer<typeof favouriteDto>;

export const favouritesAnswer = z.object({
  data: z.array(favouriteDto),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
