import type {
  CatalogueFlagField,
  CatalogueNumberField,
  CatalogueQuery,
  CatalogueSort,
} from '@estate/projections';
import { z } from 'zod';
import {
  CHARACTERISTIC_CATALOGUE_FIELDS,
  FILTER_CHARACTERISTICS,
  FILTER_TYPE,
  type FilterCharacteristic,
} from '../categories';
import { DomainError } from '../core/errors';
import { day } from '../core/http';

const direction = z.enum(['ASC', 'DESC']);
const bound = z.number().nonnegative().nullish();
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(20)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[]);

/**
 * The spec's characteristic names (cianName) the catalogue can filter on: the 18 filter characteristics
 * and the price. A Map, so a name like `constructor` or `toString` is an unknown filter, not a prototype's property.
 */
const FILTER_FIELDS = new Map<string, CatalogueNumberField | CatalogueFlagField>(
  Object.entries(CHARACTERISTIC_CATALOGUE_FIELDS),
);
const FILTERS = new Map<string, FilterCharacteristic>(FILTER_CHARACTERISTICS.map((c) => [c.cianName, c]));

/** The catalogue search of the spec (product.md section 3, Filters). */
/** a map's visible area; `west` greater than `east` crosses the 180th meridian */
export const mapBounds = z
  .object({
    south: z.number().min(-90).max(90),
    west: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
  })
  .refine((b) => b.south <= b.north, { message: 'Южная граница севернее северной', path: ['south'] });

export const searchBody = z.object({
  dealCategory: z.enum(['sale', 'rent', 'dailyRent', 'daily-rent', 'new-buildings']).optional(),
  propertyType: oneOrMany(z.number().int().min(1).max(30)).optional(),
  limit: z.number().int().min(1).max(100).default(20),
  /** the page number, from 1 */
  offset: z.number().int().min(1).max(100_000).default(1),
  sortByPrice: z.union([direction, z.boolean()]).optional(),
  sortByDate: z.union([direction, z.boolean()]).optional(),
  orderData: direction.default('DESC'),
  price: z
    .union([z.object({ min: bound, max: bound }), z.array(z.object({ min: bound, max: bound })).max(5)])
    .optional(),
  roomCount: oneOrMany(z.number().int().min(0).max(50)).optional(),
  characteristicData: z
    .array(
      z.object({
        cianName: z.string().min(1).max(60),
        /** null is the radio's 'Неважно': no filter */
        values: z
          .array(z.union([z.number(), z.string(), z.boolean(), z.null()]))
          .max(50)
          .optional(),
        minValue: bound,
        maxValue: bound,
      }),
    )
    .max(40)
    .optional(),
  /** null or absent: all of Russia */
  locationId: z.string().max(64).nullish(),
  cityId: z.string().max(64).nullish(),
  searchAddress: z.string().trim().max(200).optional(),
  geo_lat: z.number().min(-90).max(90).optional(),
  geo_lon: z.number().min(-180).max(180).optional(),
  /** km around the point */
  radius: z.number().positive().max(200).optional(),
  /** the visible area of the map: only listings inside it */
  bounds: mapBounds.optional(),
  residentialComplexId: z.string().max(64).nullish(),
  /** new builds: the residential complex is handed over by the end of this year (a number or its digits); null: any */
  deadline: z
    .union([z.number(), z.string()], { message: 'Год сдачи — число' })
    .transform((year, ctx) => {
      if (typeof year === 'number') return year;
      if (!/^\d{4}$/.test(year.trim())) ctx.addIssue({ code: 'custom', message: 'Год сдачи — четыре цифры' });
      return Number(year);
    })
    .pipe(
      z
        .number()
        .int('Год сдачи — целое число')
        .min(1950, 'Год сдачи не раньше 1950')
        .max(2100, 'Год сдачи не позже 2100'),
    )
    .nullish(),
  dates: z.union([z.tuple([day, day]), z.object({ startDate: day, endDate: day })]).optional(),
  /** 'До метро' (product.md, the selection request): 1 on foot, 2 by car, 3 by public transport */
  roadToMetro: z
    .union([z.literal(1), z.literal(2), z.literal(3)], {
      message: '1 — пешком, 2 — на машине, 3 — на транспорте',
    })
    .nullish(),
  /** 'Не больше' minutes to the nearest station */
  notMoreMinutes: z
    .number()
    .int('Минуты — целое число')
    .min(1, 'Не меньше 1 минуты')
    .max(180, 'Не больше 180 минут')
    .nullish(),
  adultCount: z.number().int().min(0).max(50).optional(),
  childCount: z.number().int().min(0).max(50).optional(),
});
/** the map of a search: its filters, the visible area and the map's zoom */
export const mapBody = searchBody.extend({
  bounds: mapBounds,
  zoom: z.number().int().min(0).max(20),
});

export type SearchBody = z.infer<typeof searchBody>;

export function sortOf(body: SearchBody): CatalogueSort {
  const dir = (value: string | boolean) => ((value === true ? body.orderData : value) === 'ASC' ? 1 : -1);
  if (body.sortByPrice !== undefined && body.sortByPrice !== false)
    return { field: 'price', direction: dir(body.sortByPrice) };
  if (body.sortByDate !== undefined && body.sortByDate !== false)
    return { field: 'publishedAt', direction: dir(body.sortByDate) };
  return { field: 'publishedAt', direction: -1 };
}

const invalid = (field: string, message: string) =>
  new DomainError('INVALID_DATA', undefined, { [field]: [message] });

const YES = [true, 1, '1'];
const NO = [false, 0, '0'];
const sameSet = (a: number[], b: number[]) =>
  a.length === b.length && a.every((n) => b.includes(n)) && b.every((n) => a.includes(n));

/**
 * characteristicData by the spec's cianNames: a range (minValue, maxValue) or values for numbers,
 * the chosen options for value lists, 1 (Да) or 0 (Нет) for yes/no ones; null and empty lists are
 * 'Неважно'. FlatRoomsCount values are the room choices of roomCount (4 meaning '4 or more').
 */
function addCharacteristics(query: CatalogueQuery, data: NonNullable<SearchBody['characteristicData']>) {
  const fields: NonNullable<CatalogueQuery['fields']> = [];
  const flags: NonNullable<CatalogueQuery['flags']> = [];
  data.forEach((c, i) => {
    const at = `characteristicData.${i}`;
    const given = (c.values ?? []).filter((v): v is string | number | boolean => v !== null && v !== '');
    if (!given.length && c.minValue == null && c.maxValue == null) return; // an untouched filter
    const field = FILTER_FIELDS.get(c.cianName);
    if (!field) throw invalid(`${at}.cianName`, `Фильтр «${c.cianName}» не поддерживается`);
    const filter = FILTERS.get(c.cianName);
    if (c.minValue != null && c.maxValue != null && c.minValue > c.maxValue)
      throw invalid(`${at}.minValue`, 'Значение «от» больше значения «до»');
    if (filter?.type === 'boolean') {
      if (c.minValue != null || c.maxValue != null)
        throw invalid(`${at}.minValue`, `Фильтр «${filter.name}» — да или нет, без диапазона`);
      if (given.some((v) => !YES.includes(v) && !NO.includes(v)))
        throw invalid(`${at}.values`, `«${filter.name}»: 1 — да, 0 — нет, null — неважно`);
      flags.push({ field: field as CatalogueFlagField, values: given.map((v) => YES.includes(v)) });
      return;
    }
    const values = given.map(Number);
    if (given.some((v) => typeof v === 'boolean') || values.some((v) => !Number.isFinite(v)))
      throw invalid(`${at}.values`, 'Значения фильтра — числа');
    if (filter?.filterType === FILTER_TYPE.VALUE_LIST && field !== 'roomCount') {
      const allowed = filter.characteristicFieldSelects.map((o) => o.value).filter((v) => v !== null);
      if (values.some((v) => !allowed.includes(v))) {
        throw invalid(
          `${at}.values`,
          `«${filter.name}»: ${filter.characteristicFieldSelects.map((o) => `${o.value} — ${o.name.toLowerCase()}`).join(', ')}`,
        );
      }
    }
    if (field === 'roomCount' && values.length) {
      // the same choice as roomCount: given both, they must agree
      if (values.some((v) => !Number.isInteger(v) || v < 0 || v > 50))
        throw invalid(`${at}.values`, 'Количество комнат — целое число от 0 до 50');
      if (query.roomCounts && !sameSet(query.roomCounts, values))
        throw invalid(`${at}.values`, 'Количество комнат выбрано по-разному в roomCount и в характеристиках');
      query.roomCounts = [...new Set(values)];
      if (c.minValue != null || c.maxValue != null) fields.push({ field, min: c.minValue, max: c.maxValue });
      return;
    }
    fields.push({
      field: field as CatalogueNumberField,
      values: values.length ? values : undefined,
      min: c.minValue,
      max: c.maxValue,
    });
  });
  if (fields.length) query.fields = fields;
  if (flags.length) query.flags = flags;
}

/** Turns the spec's filter body into a catalogue query; `locationIds` expands a region or city to the listing locations it covers. */
export function toCatalogueQuery(
  body: SearchBody,
  locationIds: (id: string) => string[] | null,
): CatalogueQuery {
  const query: CatalogueQuery = {};
  if (body.dealCategory === 'new-buildings') query.newBuildsOnly = true;
  else if (body.dealCategory)
    query.dealCategory = body.dealCategory === 'daily-rent' ? 'dailyRent' : body.dealCategory;
  if (body.propertyType) query.propertyTypes = body.propertyType;
  const location = body.cityId ?? body.locationId;
  if (location) query.locationIds = locationIds(location) ?? undefined;
  const ranges = body.price === undefined ? [] : Array.isArray(body.price) ? body.price : [body.price];
  ranges.forEach((r, i) => {
    if (r.min != null && r.max != null && r.min > r.max)
      throw invalid(`price.${i}.min`, 'Цена «от» больше цены «до»');
  });
  if (ranges.length) query.priceRanges = ranges;
  if (body.roomCount?.length) query.roomCounts = body.roomCount;
  if (body.characteristicData) addCharacteristics(query, body.characteristicData);
  if (body.searchAddress) query.searchAddress = body.searchAddress;
  if ((body.geo_lat === undefined) !== (body.geo_lon === undefined))
    throw invalid('geo_lat', 'Укажите обе координаты точки');
  if (body.geo_lat !== undefined && body.geo_lon !== undefined)
    query.geo = { lat: body.geo_lat, lon: body.geo_lon, radiusKm: body.radius ?? 5 };
  if (body.bounds) query.bounds = body.bounds;
  if (body.residentialComplexId) query.residentialComplexId = body.residentialComplexId;
  if (body.deadline != null) query.deadlineUpTo = body.deadline;
  if (body.dates) {
    const [start, end] = Array.isArray(body.dates) ? body.dates : [body.dates.startDate, body.dates.endDate];
    if (end <= start) throw invalid('dates', 'Дата выезда должна быть позже даты заезда');
    query.freeBetween = { start, end };
  }
  // a car and a bus are not told apart: both take the ride's minutes, which a car only betters
  if (body.notMoreMinutes != null)
    query.metro = { onFoot: body.roadToMetro === 1, minutes: body.notMoreMinutes };
  const guests = (body.adultCount ?? 0) + (body.childCount ?? 0);
  if (guests > 0) query.guests = guests;
  return query;
}
