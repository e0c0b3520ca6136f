import { z } from 'zod';

/**
 * The answers of the publications calls, as zod schemas: the routes declare them (the OpenAPI
 * document and the tests' answer checks come from here) and the front ends take their types from
 * them. Pure zod: the site's type check reads this file.
 */
const nullableNumber = z.number().nullable();
const iso = z.string();

/** A select or yes/no characteristic also carries the chosen option's name. */
export const characteristicDto = z.object({
  characteristicField: z.string(),
  characteristicFieldName: z.string(),
  value: z.number(),
  characteristicSelectValue: z.string().nullable().optional(),
});

/** product.md section 3, newCharacteristics: the value as text, the card's first ones, amounts in roubles. */
export const newCharacteristicDto = characteristicDto.extend({
  characteristicSelectValue: z.string().nullable(),
  characteristicValue: z.string(),
  isBest: z.boolean(),
  showCurrency: z.boolean(),
});

/** The category a listing stands in (saleCategory, rentCategory, dailyRentCategory). */
export const publicationCategoryDto = z.object({
  name: z.string(),
  cianName: z.string(),
  propertyType: z.number().int(),
});

export const addressDto = z.object({
  locationId: z.string(),
  locationName: z.string(),
  fullAddress: z.string(),
  geo: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  metro: z.object({
    stations: z.array(z.object({ name: z.string(), time: z.number(), pedestrian_time: z.boolean() })),
  }),
});

/** product.md section 3, Publication. The author's phone is not here: only the reveal call answers it. */
const photoSizeDto = z.object({
  width: z.number().int(),
  height: z.number().int(),
  webp: z.string(),
  jpg: z.string(),
});

/**
 * A listing's photo: `path` is the original (what the form sends back), `variants` the sizes the
 * worker made (card 344x252, thumb 109x80, full within 1600x1200, each WebP and JPEG). The site
 * shows only photos with their sizes (or the demo's drawings, which have none); the cabinet shows
 * every photo, `variants: null` while they are being made.
 */
export const listingPhotoDto = z.object({
  path: z.string(),
  variants: z.object({ card: photoSizeDto, thumb: photoSizeDto, full: photoSizeDto }).nullable(),
});
export type ListingPhotoDto = z.infer<typeof listingPhotoDto>;

export const publicationDto = z.object({
  id: z.string(),
  status: z.number().int().min(1).max(5),
  dealCategory: z.enum(['sale', 'rent', 'dailyRent']),
  propertyType: z.number().int(),
  propertyTypeName: z.string(),
  saleCategory: publicationCategoryDto.nullable(),
  rentCategory: publicationCategoryDto.nullable(),
  dailyRentCategory: publicationCategoryDto.nullable(),
  /** the paid placement's position type (1–3, as the tariffs name them) while promoted, else null */
  adsType: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  actualPrice: nullableNumber,
  pricePerDay: nullableNumber,
  deposit: nullableNumber,
  clientFee: nullableNumber,
  roomCount: nullableNumber,
  totalArea: nullableNumber,
  livingArea: nullableNumber,
  kitchenArea: nullableNumber,
  floor: nullableNumber,
  floorsCount: nullableNumber,
  buildYear: nullableNumber,
  guestsCount: nullableNumber,
  ceilingHeight: nullableNumber,
  bathroomType: nullableNumber,
  repairType: nullableNumber,
  hasBalcony: z.boolean().nullable(),
  hasParking: z.boolean().nullable(),
  hasLift: z.boolean().nullable(),
  hasFurniture: z.boolean().nullable(),
  petsAllowed: z.boolean().nullable(),
  images: z.array(listingPhotoDto),
  locationId: z.string(),
  address: addressDto,
  /** a new-build flat: its residential complex and the year the complex is handed over */
  residentialComplexId: z.string().nullable(),
  deadlineYear: nullableNumber,
  characteristics: z.array(characteristicDto),
  newCharacteristics: z.array(newCharacteristicDto),
  author: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  agency: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  isTop: z.boolean(),
  /** the moderator's reason, while declined (only staff ever see a declined listing) */
  declineReason: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  publishedAt: iso.nullable(),
});
export type PublicationDto = z.infer<typeof publicationDto>;

/** The spec's paging meta: pages from 1. */
export const pageMetaDto = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const publicationAnswer = z.object({ data: publicationDto });
export const publicationListAnswer = z.object({ data: z.array(publicationDto) });
export const publicationPageAnswer = z.object({ data: z.array(publicationDto), meta: pageMetaDto });
export const publicationCountAnswer = z.object({ data: z.object({ publicationCount: z.number().int() }) });
/** the map of a search: groups of listings in the visible area, a lone listing with its id */
export const mapAnswer = z.object({
  data: z.object({
    clusters: z.array(
      z.object({
        lat: z.number(),
        lon: z.number(),
        count: z.number().int().positive(),
        publicationId: z.string().nullable(),
      }),
    ),
    /** the listings in the area (the clusters' counts together) */
    total: z.number().int(),
  }),
});
export const priceHistoryAnswer = z.object({
  data: z.array(z.object({ createdAt: iso, price: z.number(), priceDiff: z.number() })),
});
/** the first three days' listings: in full only with a premium subscription */
export const premiumPageAnswer = z.object({
  data: z.array(publicationDto),
  meta: pageMetaDto.extend({ requiresPremium: z.boolean() }),
});

/**
 * The listing's running promotion as the agency list shows it (product.md: adTariff with title,
 * iconPath, pricePerDay): the position bought, until when the day is paid, and the tariff's name,
 * icon and the price per day the next days are charged at (the listing's own city and deal). Declared
 * here, with the list it is part of: the money calls' answers embed it from here.
 */
export const adTariffDto = z.object({
  positionType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  tariffId: z.string().nullable(),
  until: z.string(),
  title: z.string(),
  iconPath: z.string(),
  pricePerDay: z.number().int(),
});
export type AdTariffDto = z.infer<typeof adTariffDto>;

/** The agency list's extras (product.md section 3): counters for the year and for today, the running tariff. */
export const agencyPublicationDto = publicationDto.extend({
  viewCount: z.number().int(),
  viewCountToday: z.number().int(),
  favoriteCount: z.number().int(),
  viewPhoneCount: z.number().int(),
  viewPhoneCountToday: z.number().int(),
  chatCount: z.number().int(),
  chatCountToday: z.number().int(),
  /** the running promotion: the position, the end of the paid day, the tariff's title, icon and price per day */
  adTariff: adTariffDto.nullable(),
  isChecked: z.boolean(),
});
export type AgencyPublicationDto = z.infer<typeof agencyPublicationDto>;
export const agencyPublicationAnswer = z.object({ data: agencyPublicationDto });
export const agencyPublicationPageAnswer = z.object({
  data: z.array(agencyPublicationDto),
  meta: pageMetaDto,
});
export const agencyPublicationCountAnswer = z.object({
  data: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  total: z.number().int(),
});

/** A bulk action answers each id's outcome: one refusal does not stop the others. */
export const bulkOutcomeDto = z.union([
  z.object({ id: z.string(), success: z.literal(true), status: z.number().int() }),
  z.object({ id: z.string(), success: z.literal(true), deleted: z.literal(true) }),
  z.object({ id: z.string(), success: z.literal(false), errorCode: z.number().int(), message: z.string() }),
]);
export const bulkOutcomeAnswer = z.object({ data: z.array(bulkOutcomeDto) });

/** react-admin's simple-rest shape: the cabinet reads the bare list (and Content-Range) and the bare record. */
export const cabinetPublicationList = z.array(agencyPublicationDto);
