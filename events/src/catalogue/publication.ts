import { z } from 'zod';
import { dealCategory, id, roubles } from './shared';

export const PUBLICATION_STATUS = {
  PUBLISHED: 1,
  DRAFT: 2,
  ARCHIVED: 3,
  DECLINED: 4,
  PUBLISHED_NOT_ACTIVE: 5,
} as const;
export type PublicationStatus = (typeof PUBLICATION_STATUS)[keyof typeof PUBLICATION_STATUS];

export const metroStation = z.object({
  name: z.string().min(1).max(100),
  time: z.number().int().min(0).max(300),
  pedestrian_time: z.boolean(),
});

export const address = z.object({
  locationId: id,
  locationName: z.string().min(1).max(200),
  fullAddress: z.string().min(3).max(300),
  geo: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).nullable(),
  metro: z.object({ stations: z.array(metroStation).max(10) }),
});

/** api.md section 9, filter characteristics 100 and 102: the select values a listing stores. */
export const BATHROOM_TYPES = { 1: 'Совмещённый', 2: 'Раздельный', 3: 'Несколько' } as const;
export const REPAIR_TYPES = {
  1: 'Без ремонта',
  2: 'Косметический',
  3: 'Евроремонт',
  4: 'Дизайнерский',
} as const;
const code = (names: Record<number, string>) =>
  z
    .number()
    .int()
    .refine((n) => n in names);

/**
 * Characteristics a listing is searched and shown by; every one optional (null: not told) because
 * property types differ. Together they hold every one of the 18 fixed filter characteristics.
 */
export const publicationParams = z.object({
  roomCount: z.number().int().min(0).max(50).nullable(),
  totalArea: z.number().positive().max(100000).nullable(),
  livingArea: z.number().positive().max(100000).nullable(),
  kitchenArea: z.number().positive().max(10000).nullable(),
  floor: z.number().int().min(-5).max(200).nullable(),
  floorsCount: z.number().int().min(1).max(200).nullable(),
  buildYear: z.number().int().min(1700).max(2100).nullable(),
  deposit: roubles.nullable(),
  clientFee: z.number().min(0).max(100).nullable(),
  guestsCount: z.number().int().min(1).max(50).nullable(),
  // schema version 2 (PublicationCreated, PublicationEdited) added the rest of the filter characteristics
  /** metres */
  ceilingHeight: z.number().min(1.5).max(10).nullable(),
  bathroomType: code(BATHROOM_TYPES).nullable(),
  repairType: code(REPAIR_TYPES).nullable(),
  hasBalcony: z.boolean().nullable(),
  hasParking: z.boolean().nullable(),
  hasLift: z.boolean().nullable(),
  hasFurniture: z.boolean().nullable(),
  petsAllowed: z.boolean().nullable(),
});
export type PublicationParams = z.infer<typeof publicationParams>;

/** The characteristics schema version 2 added, as a version-1 listing has them: not told. */
export const PARAMS_ADDED_IN_V2 = {
  ceilingHeight: null,
  bathroomType: null,
  repairType: null,
  hasBalcony: null,
  hasParking: null,
  hasLift: null,
  hasFurniture: null,
  petsAllowed: null,
} as const satisfies Partial<PublicationParams>;
export type ParamsAddedInV2 = keyof typeof PARAMS_ADDED_IN_V2;

/** Version 1 → 2 of an event carrying publication details: the added characteristics are not told. */
export const withParamsOfV2 = (data: unknown) => {
  const event = data as { details: { params: Record<string, unknown> } };
  // Object.assign, not a spread of the two: V8 takes some 30 times longer over that spread (18 µs an event in a replay)
  return {
    ...event,
    details: { ...event.details, params: Object.assign({}, PARAMS_ADDED_IN_V2, event.details.params) },
  };
};

export const publicationDetails = z.object({
  dealCategory,
  propertyType: z.number().int().min(1).max(30),
  title: z.string().min(3).max(200),
  description: z.string().max(5000),
  /** roubles; for daily rent, the price of one night */
  price: roubles,
  address,
  params: publicationParams,
  images: z.array(z.object({ path: z.string().min(1).max(500) })).max(50),
  /** a new-build flat's residential complex */
  residentialComplexId: id.nullable().optional(),
});
export type PublicationDetails = z.infer<typeof publicationDetails>;

export const publicationEvents = {
  PublicationCreated: z.object({
    publicationId: id,
    agencyId: id.nullable(),
    authorId: id,
    details: publicationDetails,
  }),
  PublicationEdited: z.object({ publicationId: id, details: publicationDetails }),
  /** recorded beside an edit whenever the price moves, so the price history is a plain read of the log */
  PublicationPriceChanged: z.object({ publicationId: id, oldPrice: roubles, newPrice: roubles }),
  /** `publishedAt` dates the publication (demo data is published in the past); absent: when the event occurred */
  PublicationPublished: z.object({ publicationId: id, publishedAt: z.string().datetime().optional() }),
  /** hidden by the agency (status 3) */
  PublicationArchived: z.object({ publicationId: id }),
  PublicationMovedToDraft: z.object({ publicationId: id }),
  PublicationDeleted: z.object({ publicationId: id }),
  /** refused by a moderator (status 4), with the reason the agency sees */
  PublicationDeclined: z.object({ publicationId: id, reason: z.string().min(3).max(1000), moderatorId: id }),
  /**
   * a moderator looked at the listing as it is and let it stand (product.md's `isChecked`): it leaves
   * the queue of listings awaiting moderation until it is published or edited again
   */
  PublicationChecked: z.object({ publicationId: id, moderatorId: id }),
  /** a moderator undid a decline: the listing is back in the status it had before it (`status`) */
  PublicationRestored: z.object({
    publicationId: id,
    moderatorId: id,
    status: z.union([z.literal(1), z.literal(2), z.literal(5)]),
  }),
  /** published but not shown: its paid placement lapsed or a moderator paused it (status 5) */
  PublicationDeactivated: z.object({ publicationId: id, reason: z.string().max(300) }),
  /** a promotion tariff: position type 1–3, shown among the top ads until the given time */
  PublicationPromoted: z.object({
    publicationId: id,
    positionType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    tariffId: id,
    until: z.string().datetime(),
  }),
  PublicationPromotionEnded: z.object({ publicationId: id }),
};

/** The `favourites-<userId>` stream. */
export const favouriteEvents = {
  FavouriteAdded: z.object({ userId: id, publicationId: id }),
  FavouriteRemoved: z.object({ userId: id, publicationId: id }),
};
