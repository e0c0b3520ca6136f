import { BATHROOM_TYPES, dealCategory, REPAIR_TYPES } from '@estate/events';
import {
  findCatalogueComplex,
  findPublication,
  photoVariantsOf,
  type CatalogueDocument,
} from '@estate/projections';
import type { Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { agencyUploadOf } from '../core/files';
import { DomainError } from '../core/errors';
import { writtenText } from '../core/text';
import { type PublicationCommand, handlePublication } from './decide';
import { toPublicationDto } from './presentation';
import { actorOf, currentUser, mayManagePublication } from '../core/access';
import { LOCATION_TYPE, cityOf, findPublicationPlace, findLocation, type Location } from '../locations';
import { metresBetween, nearestStations, type GeoPoint } from '../geo';

const optionalNumber = (schema: z.ZodNumber) => schema.nullish().transform((v) => v ?? null);

const optionalFlag = z
  .boolean({ message: 'Укажите да (true) или нет (false)' })
  .nullish()
  .transform((v) => v ?? null);
const codes = (names: Record<number, string>) =>
  Object.entries(names)
    .map(([code, name]) => `${code} — ${name.toLowerCase()}`)
    .join(', ');
const optionalCode = (names: Record<number, string>, label: string) =>
  z
    .number()
    .int()
    .refine((n) => Object.hasOwn(names, n), `${label}: ${codes(names)}`)
    .nullish()
    .transform((v) => v ?? null);

const PLACE_LIST = 'Выберите город, район или населённый пункт из списка';

/** A listing stands in a city, a city district or a settlement of the locations tree; a region or all of Russia is too wide. */
const publicationLocationId = z
  .string({ message: PLACE_LIST })
  .nullable()
  .superRefine((id, ctx) => {
    if (id !== null && findPublicationPlace(id)) return;
    const wide =
      id === null || id === 'null' || id === ''
        ? 'во всей России'
        : findLocation(id)?.type === LOCATION_TYPE.REGION
          ? 'во всём регионе'
          : null;
    ctx.addIssue({
      code: 'custom',
      message: wide
        ? `Объявление размещается в городе, районе или населённом пункте, а не ${wide}`
        : PLACE_LIST,
    });
  })
  .transform((id) => id as string);

/** A seed's demo photo (services/src/seed/demoImages.ts draws them): any listing may show one. */
const DEMO_IMAGE = /^\/storage\/demo\/\d{1,5}\.svg$/;
const IMAGE_REFUSAL = 'Фото: только файлы, загруженные вашим агентством';
/** product.md leaves it open; Cian and Avito take 30–40 */
export const PHOTOS_PER_LISTING = 30;

/** The cabinet's publication form (flat, as react-admin sends it). */
export const publicationForm = z.object({
  dealCategory,
  propertyType: z.number().int().min(1).max(15),
  title: writtenText().min(3, 'Минимум 3 символа').max(200),
  description: writtenText().max(3000).default(''),
  price: z
    .number()
    .int('Цена — целое число рублей')
    .positive('Укажите цену больше нуля')
    .max(100_000_000_000),
  locationId: publicationLocationId,
  address: z.object({
    fullAddress: writtenText().min(3, 'Укажите адрес').max(300),
    /** the chosen suggestion's point; absent or null: the server finds the typed address's own */
    geo: z
      .object({
        lat: z.number({ message: 'Широта — число' }).min(-90).max(90),
        lon: z.number({ message: 'Долгота — число' }).min(-180).max(180),
      })
      .nullish(),
  }),
  roomCount: optionalNumber(z.number().int().min(0).max(50)),
  totalArea: optionalNumber(z.number().positive().max(100000)),
  livingArea: optionalNumber(z.number().positive().max(100000)),
  kitchenArea: optionalNumber(z.number().positive().max(10000)),
  floor: optionalNumber(z.number().int().min(-5).max(200)),
  floorsCount: optionalNumber(z.number().int().min(1).max(200)),
  buildYear: optionalNumber(z.number().int().min(1700).max(2100)),
  deposit: optionalNumber(z.number().int().min(0)),
  clientFee: optionalNumber(z.number().min(0).max(100)),
  guestsCount: optionalNumber(z.number().int().min(1).max(50)),
  /** the rest of the 18 filter characteristics (api.md section 9): metres, select codes, yes or no */
  ceilingHeight: optionalNumber(
    z.number().min(1.5, 'Высота потолков не меньше 1,5 м').max(10, 'Высота потолков не больше 10 м'),
  ),
  bathroomType: optionalCode(BATHROOM_TYPES, 'Санузел'),
  repairType: optionalCode(REPAIR_TYPES, 'Ремонт'),
  hasBalcony: optionalFlag,
  hasParking: optionalFlag,
  hasLift: optionalFlag,
  hasFurniture: optionalFlag,
  petsAllowed: optionalFlag,
  /** a new-build flat for sale or rent stands in a residential complex; null: none; absent: unchanged */
  residentialComplexId: z.string().trim().min(1).max(64).nullish(),
  /** the photos in the order shown, the first the cover: each uploaded by the agency (media slice) */
  images: z
    .array(
      z.object({
        path: z
          .string()
          .min(1)
          .max(500)
          .refine((path) => DEMO_IMAGE.test(path) || agencyUploadOf(path) !== null, IMAGE_REFUSAL),
      }),
    )
    .max(PHOTOS_PER_LISTING, `Не больше ${PHOTOS_PER_LISTING} фото`)
    .default([])
    .superRefine((images, ctx) => {
      const seen = new Set<string>();
      for (const [i, { path }] of images.entries()) {
        if (seen.has(path)) ctx.addIssue({ code: 'custom', path: [i, 'path'], message: 'Это фото уже есть' });
        seen.add(path);
      }
    }),
});
export type PublicationForm = z.infer<typeof publicationForm>;

/**
 * A listing shows only photos its own agency uploaded (stored under that agency's folder, and held by
 * the store) or the seed's demo photos: never another host, another scheme (`javascript:`) or
 * another agency's file. The form has checked the shapes; this checks owner and presence.
 */
async function imageRefusals(ctx: AppContext, agencyId: string | null, images: PublicationForm['images']) {
  const errors: Record<string, string[]> = {};
  const uploaded = await photoVariantsOf(
    ctx.readStore,
    images.map((image) => image.path),
  );
  for (const [i, { path }] of images.entries()) {
    if (DEMO_IMAGE.test(path)) continue;
    const upload = agencyUploadOf(path);
    // recorded as uploaded (the photos read model) under this agency's own folder
    if (upload && upload.agencyId === agencyId && uploaded.has(path)) continue;
    errors[`images.${i}.path`] = [IMAGE_REFUSAL];
  }
  return errors;
}

const COMPLEX_DEALS = new Set(['sale', 'rent']);

/** The residential complex a listing names must be registered, and only a sale or a rent stands in one. */
async function complexRefusal(ctx: AppContext, form: PublicationForm): Promise<string | null> {
  const id = form.residentialComplexId;
  if (!id) return null;
  if (!COMPLEX_DEALS.has(form.dealCategory)) return 'Жилой комплекс указывается только для продажи и аренды';
  return (await findCatalogueComplex(ctx.readStore, id)) ? null : 'Жилой комплекс не найден';
}

/**
 * What the form names beyond its own fields (photos, the residential complex) exists and is the
 * agency's to use; every refusal is answered at once, each under its field.
 */
export async function assertFormReferences(ctx: AppContext, agencyId: string | null, form: PublicationForm) {
  const errors = await imageRefusals(ctx, agencyId, form.images);
  const complex = await complexRefusal(ctx, form);
  if (complex) errors.residentialComplexId = [complex];
  if (Object.keys(errors).length) throw new DomainError('INVALID_DATA', undefined, errors);
}

/** how far from its place's centre a listing's point may be: Moscow's new territories reach 60 km */
const POINT_REACH_METRES = 100_000;
const FAR_POINT = 'Точка адреса далеко от выбранного места: выберите адрес из подсказок';

/**
 * The address's point: the chosen suggestion's; else, for an address the listing already had, the
 * point it had; else the provider's for the address typed, in the listing's place. A provider that
 * cannot say (unknown address, the service down) leaves none: the listing is saved, and cannot be
 * published until it has one.
 */
async function pointOf(
  ctx: AppContext,
  form: PublicationForm,
  place: Location,
  current: CatalogueDocument | undefined,
): Promise<GeoPoint | null> {
  if (form.address.geo) {
    if (metresBetween(form.address.geo, place.centre) > POINT_REACH_METRES)
      throw new DomainError('INVALID_DATA', undefined, { 'address.fullAddress': [FAR_POINT] });
    return form.address.geo;
  }
  const sameAddress =
    current && current.locationId === place.id && current.address.fullAddress === form.address.fullAddress;
  if (sameAddress && current.address.geo) return current.address.geo;
  const city = cityOf(place);
  const typed = form.address.fullAddress;
  // the place's city leads the query unless the agent typed it already
  const query =
    city && !typed.toLowerCase().includes(city.name.toLowerCase()) ? `${city.name}, ${typed}` : typed;
  const point = await ctx.addresses.geocode(query).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'a listing address was not geocoded: the provider failed');
    return null;
  });
  return point && metresBetween(point, place.centre) <= POINT_REACH_METRES ? point : null;
}

/** The stations nearest to the point, as a listing keeps them (none without a point or a metro). */
function metroOf(point: GeoPoint | null, place: Location) {
  const city = cityOf(place);
  if (!point || !city) return { stations: [] };
  return {
    stations: nearestStations(point, city.id, 3).map(({ name, time, pedestrian_time }) => ({
      name,
      time,
      pedestrian_time,
    })),
  };
}

/** The listing's details from the form; the point and the metro come from the address. */
export async function toDetails(ctx: AppContext, form: PublicationForm, current?: CatalogueDocument) {
  const place = findPublicationPlace(form.locationId)!;
  const geo = await pointOf(ctx, form, place, current);
  return {
    dealCategory: form.dealCategory,
    propertyType: form.propertyType,
    title: form.title,
    description: form.description,
    price: form.price,
    address: {
      locationId: place.id,
      locationName: place.name,
      fullAddress: form.address.fullAddress,
      geo,
      metro: metroOf(geo, place),
    },
    params: {
      roomCount: form.roomCount,
      totalArea: form.totalArea,
      livingArea: form.livingArea,
      kitchenArea: form.kitchenArea,
      floor: form.floor,
      floorsCount: form.floorsCount,
      buildYear: form.buildYear,
      deposit: form.deposit,
      clientFee: form.clientFee,
      guestsCount: form.guestsCount,
      ceilingHeight: form.ceilingHeight,
      bathroomType: form.bathroomType,
      repairType: form.repairType,
      hasBalcony: form.hasBalcony,
      hasParking: form.hasParking,
      hasLift: form.hasLift,
      hasFurniture: form.hasFurniture,
      petsAllowed: form.petsAllowed,
    },
    images: form.images,
    // a form that does not name the complex (the spec's agency form) keeps the one the listing is in
    residentialComplexId:
      form.residentialComplexId === undefined
        ? (current?.residentialComplexId ?? null)
        : form.residentialComplexId,
  };
}

/** The request's actor: identity/sessions.ts makes it, and it gives a switched-off employee no agency. */
export { actorOf };

/** Runs a command on a listing, waits for the read models and answers the listing as the API shows it. */
export async function runPublicationCommand(
  ctx: AppContext,
  req: Request,
  id: string,
  command: PublicationCommand,
) {
  const result = await handlePublication(ctx.eventStore, id, command, {
    actor: currentUser(req).userId,
  });
  await ctx.projections.whenCaughtUp(result.position); // the cabinet reads its own write at once
  const doc = await findPublication(ctx.readStore, id);
  if (!doc) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
  return toPublicationDto(doc, { allPhotos: true });
}

/** A listing the caller may read in the cabinet: their own (agent), their agency's (owner), any (moderator). */
export async function readableBy(ctx: AppContext, req: Request, id: string): Promise<CatalogueDocument> {
  const actor = actorOf(req);
  const doc = await findPublication(ctx.readStore, id);
  if (!doc) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
  if (!mayManagePublication(actor, doc)) throw new DomainError('FORBIDDEN');
  return doc;
}
