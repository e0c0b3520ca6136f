import type { CatalogueQuery, CatalogueSort, FieldCondition, NumericField } from '@estate/projections';
import { z } from 'zod';
import { DomainError } from '../core/errors';

const direction = z.enum(['ASC', 'DESC']);
const bound = z.number().nonnegative().nullish();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД');
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).max(20)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[]);

/** The spec's characteristic names (cianName) the catalogue can filter on, and the field each reads. */
export const FILTER_FIELDS: Record<string, NumericField> = {
  TotalArea: 'totalArea', LivingArea: 'livingArea', KitchenArea: 'kitchenArea', FloorNumber: 'floor', FloorsCount: 'floorsCount',
  FlatRoomsCount: 'roomCount', BuildYear: 'buildYear', Deposit: 'deposit', ClientFee: 'clientFee', GuestsCount: 'guestsCount',
  Price: 'price', PricePerDay: 'price',
};

/** The catalogue search of the spec (product.md section 3, Filters). */
export const searchBody = z.object({
  dealCategory: z.enum(['sale', 'rent', 'dailyRent', 'daily-rent', 'new-buildings']).optional(),
  propertyType: oneOrMany(z.number().int().min(1).max(30)).optional(),
  limit: z.number().int().min(1).max(100).default(20),
  /** the page number, from 1 */
  offset: z.number().int().min(1).max(100_000).default(1),
  sortByPrice: z.union([direction, z.boolean()]).optional(),
  sortByDate: z.union([direction, z.boolean()]).optional(),
  orderData: direction.default('DESC'),
  price: z.union([z.object({ min: bound, max: bound }), z.array(z.object({ min: bound, max: bound })).max(5)]).optional(),
  roomCount: oneOrMany(z.number().int().min(0).max(50)).optional(),
  characteristicData: z
    .array(z.object({ cianName: z.string().min(1).max(60), values: z.array(z.union([z.number(), z.string()])).max(50).optional(), minValue: bound, maxValue: bound }))
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
  residentialComplexId: z.string().max(64).nullish(),
  /** new builds: the residential complex is handed over by the end of this year (a number or its digits); null: any */
  deadline: z
    .union([z.number(), z.string()], { message: 'Год сдачи — число' })
    .transform((year, ctx) => {
      if (typeof year === 'number') return year;
      if (!/^\d{4}$/.test(year.trim())) ctx.addIssue({ code: 'custom', message: 'Год сдачи — четыре цифры' });
      return Number(year);
    })
    .pipe(z.number().int('Год сдачи — целое число').min(1950, 'Год сдачи не раньше 1950').max(2100, 'Год сдачи не позже 2100'))
    .nullish(),
  dates: z.union([z.tuple([day, day]), z.object({ startDate: day, endDate: day })]).optional(),
  adultCount: z.number().int().min(0).max(50).optional(),
  childCount: z.number().int().min(0).max(50).optional(),
});
export type SearchBody = z.infer<typeof searchBody>;

export function sortOf(body: SearchBody): CatalogueSort {
  const dir = (value: string | boolean) => ((value === true ? body.orderData : value) === 'ASC' ? 1 : -1) as 1 | -1;
  if (body.sortByPrice !== undefined && body.sortByPrice !== false) return { field: 'price', direction: dir(body.sortByPrice) };
  if (body.sortByDate !== undefined && body.sortByDate !== false) return { field: 'publishedAt', direction: dir(body.sortByDate) };
  return { field: 'publishedAt', direction: -1 };
}

const invalid = (field: string, message: string) => new DomainError('INVALID_DATA', undefined, { [field]: [message] });

/** Turns the spec's filter body into a catalogue query; `locationIds` expands a region or city to the listing locations it covers. */
export function toCatalogueQuery(body: SearchBody, locationIds: (id: string) => string[] | null): CatalogueQuery {
  const query: CatalogueQuery = {};
  if (body.dealCategory === 'new-buildings') query.newBuildsOnly = true;
  else if (body.dealCategory) query.dealCategory = body.dealCategory === 'daily-rent' ? 'dailyRent' : body.dealCategory;
  if (body.propertyType) query.propertyTypes = body.propertyType;
  const location = body.cityId ?? body.locationId;
  if (location) query.locationIds = locationIds(location) ?? undefined;
  const ranges = body.price === undefined ? [] : Array.isArray(body.price) ? body.price : [body.price];
  ranges.forEach((r, i) => {
    if (r.min != null && r.max != null && r.min > r.max) throw invalid(`price.${i}.min`, 'Цена «от» больше цены «до»');
  });
  if (ranges.length) query.priceRanges = ranges;
  if (body.roomCount?.length) query.roomCounts = body.roomCount;
  const fields: FieldCondition[] = [];
  body.characteristicData?.forEach((c, i) => {
    const values = (c.values ?? []).map(Number).filter(Number.isFinite);
    if (!values.length && c.minValue == null && c.maxValue == null) return; // an untouched filter
    const field = FILTER_FIELDS[c.cianName];
    if (!field) throw invalid(`characteristicData.${i}.cianName`, `Фильтр «${c.cianName}» не поддерживается`);
    if (c.minValue != null && c.maxValue != null && c.minValue > c.maxValue) throw invalid(`characteristicData.${i}.minValue`, 'Значение «от» больше значения «до»');
    fields.push({ field, values: values.length ? values : undefined, min: c.minValue, max: c.maxValue });
  });
  if (fields.length) query.fields = fields;
  if (body.searchAddress) query.searchAddress = body.searchAddress;
  if ((body.geo_lat === undefined) !== (body.geo_lon === undefined)) throw invalid('geo_lat', 'Укажите обе координаты точки');
  if (body.geo_lat !== undefined && body.geo_lon !== undefined) query.geo = { lat: body.geo_lat, lon: body.geo_lon, radiusKm: body.radius ?? 5 };
  if (body.residentialComplexId) query.residentialComplexId = body.residentialComplexId;
  if (body.deadline != null) query.deadlineUpTo = body.deadline;
  if (body.dates) {
    const [start, end] = Array.isArray(body.dates) ? body.dates : [body.dates.startDate, body.dates.endDate];
    if (end <= start) throw invalid('dates', 'Дата выезда должна быть позже даты заезда');
    query.freeBetween = { start, end };
  }
  const guests = (body.adultCount ?? 0) + (body.childCount ?? 0);
  if (guests > 0) query.guests = guests;
  return query;
}
