import { PUBLICATION_STATUS, type DealCategory } from '@estate/events';
import type { Filter, ReadStore, Sort } from '../readStore/port';
import { boundingBox, circleParts, insideCircle } from './geo';
import {
  CATALOGUE,
  type CatalogueDocument,
  type CatalogueFlagField,
  type CatalogueNumberField,
} from './document';

export type Bounds = { south: number; west: number; north: number; east: number };
export type CatalogueSort = { field: 'price' | 'publishedAt'; direction: 1 | -1 };
export type Range = { min?: number | null; max?: number | null };
/** a numeric field of the catalogue document with a range or a list of values */
export type FieldCondition = { field: CatalogueNumberField; values?: number[] } & Range;

export type CatalogueQuery = {
  dealCategory?: DealCategory;
  propertyTypes?: number[];
  /** listing locations to match; absent: all of Russia */
  locationIds?: string[];
  /** any of these price ranges; an empty bound is no bound */
  priceRanges?: Range[];
  /** room counts to match; the largest value given also matches anything above it ('4+') */
  roomCounts?: number[];
  /** numeric characteristics: each by its values (any of them) and its range */
  fields?: FieldCondition[];
  /** yes/no characteristics: the listing's answer is one of these (a listing that does not tell never matches) */
  flags?: { field: CatalogueFlagField; values: boolean[] }[];
  /** words of the address, case-insensitive */
  searchAddress?: string;
  geo?: { lat: number; lon: number; radiusKm: number };
  /** the visible area of a map; `west` east of `east` is an area across the 180th meridian (Chukotka) */
  bounds?: Bounds;
  residentialComplexId?: string;
  /** new builds: listings in a residential complex */
  newBuildsOnly?: boolean;
  /** new builds: listings whose residential complex is handed over by the end of this year (so in a complex) */
  deadlineUpTo?: number;
  /** daily rent: free on every night of [start, end) (YYYY-MM-DD) */
  freeBetween?: { start: string; end: string };
  /** at most this many minutes to the nearest station: on foot, or by any way (transport, car) */
  metro?: { onFoot: boolean; minutes: number };
  /** daily rent: the listing takes at least this many guests */
  guests?: number;
  /** listings published at or before this time only (the premium window hides newer ones) */
  publishedUntil?: string;
  excludeIds?: string[];
};

/** Text matched literally by a `$regex`. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rangeOf({ min, max }: Range): Record<string, number> | null {
  const range: Record<string, number> = {};
  if (min != null) range.$gte = min;
  if (max != null) range.$lte = max;
  return Object.keys(range).length ? range : null;
}

function roomFilter(roomCounts: number[]): Filter {
  const max = Math.max(...roomCounts);
  // a plain list when '4+' is not asked for: an index can read it bucket by bucket
  if (max < 4) return { roomCount: roomCounts.length === 1 ? max : { $in: [...new Set(roomCounts)] } };
  const exact = roomCounts.filter((n) => n !== max);
  return exact.length
    ? { $or: [{ roomCount: { $in: exact } }, { roomCount: { $gte: max } }] }
    : { roomCount: { $gte: max } };
}

/** The store filter of a query: published listings only; the geo circle is refined after the box. */
export function catalogueFilter(query: CatalogueQuery): Filter {
  const filter: Filter = { status: PUBLICATION_STATUS.PUBLISHED };
  const and: Filter[] = [];
  if (query.dealCategory) filter.dealCategory = query.dealCategory;
  if (query.propertyTypes?.length)
    filter.propertyType =
      query.propertyTypes.length === 1 ? query.propertyTypes[0] : { $in: query.propertyTypes };
  if (query.locationIds)
    filter.locationId = query.locationIds.length === 1 ? query.locationIds[0] : { $in: query.locationIds };
  const priceRanges = (query.priceRanges ?? []).map(rangeOf).filter((r) => r !== null);
  if (priceRanges.length === 1) filter.price = priceRanges[0];
  else if (priceRanges.length > 1) and.push({ $or: priceRanges.map((price) => ({ price })) });
  if (query.roomCounts?.length) and.push(roomFilter(query.roomCounts));
  for (const condition of query.fields ?? []) {
    if (condition.values?.length) and.push({ [condition.field]: { $in: condition.values } });
    const range = rangeOf(condition);
    if (range) and.push({ [condition.field]: range });
  }
  for (const flag of query.flags ?? []) {
    const values = [...new Set(flag.values)];
    if (values.length) and.push({ [flag.field]: values.length === 1 ? values[0] : { $in: values } });
  }
  if (query.searchAddress) {
    for (const word of query.searchAddress.trim().split(/\s+/).slice(0, 5))
      and.push({ 'address.fullAddress': { $regex: escapeRegex(word), $options: 'i' } });
  }
  if (query.geo) Object.assign(filter, boundingBox(query.geo.lat, query.geo.lon, query.geo.radiusKm));
  if (query.bounds) withinBounds(filter, and, query.bounds);
  if (query.residentialComplexId) filter.residentialComplexId = query.residentialComplexId;
  else if (query.newBuildsOnly) filter.residentialComplexId = { $ne: null };
  if (query.deadlineUpTo !== undefined) filter.deadlineYear = { $lte: query.deadlineUpTo };
  if (query.guests) filter.guestsCount = { $gte: query.guests };
  if (query.metro)
    filter[query.metro.onFoot ? 'metroWalkMinutes' : 'metroMinutes'] = { $lte: query.metro.minutes };
  if (query.freeBetween) {
    const { start, end } = query.freeBetween;
    filter.busyRanges = { $not: { $elemMatch: { start: { $lt: end }, end: { $gt: start } } } };
  }
  if (query.publishedUntil) filter.publishedAt = { $lte: query.publishedUntil };
  if (query.excludeIds?.length) filter._id = { $nin: query.excludeIds };
  if (and.length === 1) Object.assign(filter, and[0].$or ? { $or: and[0].$or } : and[0]);
  else if (and.length > 1) filter.$and = and;
  return filter;
}

/**
 * The map's area on the filter: latitude narrows the range the index reads (intersected with a
 * circle's box when there is one), longitude one range, or two across the 180th meridian.
 */
function withinBounds(filter: Filter, and: Filter[], { south, west, north, east }: Bounds) {
  const lat = (filter.lat as { $gte: number; $lte: number } | undefined) ?? { $gte: -90, $lte: 90 };
  filter.lat = { $gte: Math.max(lat.$gte, south), $lte: Math.min(lat.$lte, north) };
  if (west <= east) {
    const lon = (filter.lon as { $gte: number; $lte: number } | undefined) ?? { $gte: -180, $lte: 180 };
    filter.lon = { $gte: Math.max(lon.$gte, west), $lte: Math.min(lon.$lte, east) };
  } else and.push({ $or: [{ lon: { $gte: west } }, { lon: { $lte: east } }] });
}

export type Page<T> = { items: T[]; total: number };

type Point = { _id: string; lat: number | null; lon: number | null };

/** The documents of these ids, in this order. */
async function byIds(store: ReadStore, ids: string[]): Promise<CatalogueDocument[]> {
  if (ids.length === 0) return [];
  const docs = await store.collection<CatalogueDocument>(CATALOGUE).find({ _id: { $in: ids } });
  const byId = new Map(docs.map((d) => [d._id, d]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of the catalogue. Without a geo circle the store sorts, skips and counts through its
 * indexes. With one, the store finds the circle's bounding box and the circle is cut here: the total
 * by countCatalogue's strips, the page by walking the box in sort order until the circle holds enough.
 */
export async function searchCatalogue(
  store: ReadStore,
  query: CatalogueQuery,
  page: { sort: CatalogueSort; page: number; perPage: number },
): Promise<Page<CatalogueDocument>> {
  const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
  const filter = catalogueFilter(query);
  const sort: Sort = { [page.sort.field]: page.sort.direction, _id: 1 };
  const skip = (page.page - 1) * page.perPage;
  if (!query.geo) {
    return catalogue.findPage(filter, { sort, skip, limit: page.perPage });
  }
  const inside = insideCircle(query.geo);
  const total = await countCatalogue(store, query);
  // about π/4 of a box lies in its circle: a batch of twice what the page needs is nearly always enough
  const wanted = skip + page.perPage;
  const batch = Math.max(2 * wanted, 40);
  const ids: string[] = [];
  for (let from = 0; ids.length < wanted; from += batch) {
    const points = await catalogue.find(filter, {
      sort,
      skip: from,
      limit: batch,
      projection: { _id: 1, lat: 1, lon: 1 },
    });
    for (const p of points) if (inside(p)) ids.push(p._id);
    if (points.length < batch) break;
  }
  return { items: await byIds(store, ids.slice(skip, wanted)), total };
}

export async function countCatalogue(store: ReadStore, query: CatalogueQuery): Promise<number> {
  const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
  const filter = catalogueFilter(query);
  if (!query.geo) return catalogue.countDocuments(filter);
  // the box stays on the filter for the index; the strips' rectangles narrow it (circleParts in geo.ts)
  const { inside, edge } = circleParts(query.geo);
  const within = (parts: Filter[]) => {
    const { $or, $and, ...rest } = filter;
    return {
      ...rest,
      $and: [...(($and as Filter[] | undefined) ?? []), ...($or ? [{ $or }] : []), { $or: parts }],
    };
  };
  const [sure, band] = await Promise.all([
    inside.length ? catalogue.countDocuments(within(inside)) : 0,
    catalogue.find(within(edge), { projection: { _id: 1, lat: 1, lon: 1 } }),
  ]);
  return sure + band.filter(insideCircle(query.geo)).length;
}

/** how many promoted listings the top places rotate through */
const TOP_CANDIDATES = 60;

/**
 * Promoted listings matching the query, for the top places of a page: higher position types
 * first, and a different three on each page so every paid listing gets its turn.
 */
export async function topPublications(
  store: ReadStore,
  query: CatalogueQuery,
  now: string,
  page: number,
  count = 3,
): Promise<CatalogueDocument[]> {
  // the index (deal, position type, newest) gives this order bucket after bucket and stops at the
  // candidates; only the chosen ones are read whole
  const filter = {
    ...catalogueFilter(query),
    'promotion.positionType': { $in: [3, 2, 1] },
    'promotion.until': { $gt: now },
  };
  const sort: Sort = { 'promotion.positionType': -1, publishedAt: -1, _id: 1 };
  // page p shows candidates 3(p-1)…3p-1 of the rotation: reading that far is enough, unless there are
  // fewer, and then this read holds them all and the rotation wraps around them (a circle needs them all)
  const limit = query.geo ? TOP_CANDIDATES : Math.min(TOP_CANDIDATES, page * count);
  const promoted: Point[] = await store
    .collection<CatalogueDocument>(CATALOGUE)
    .find(filter, { sort, limit, projection: { _id: 1, lat: 1, lon: 1 } });
  const eligible = query.geo ? promoted.filter(insideCircle(query.geo)) : promoted;
  if (eligible.length <= count)
    return byIds(
      store,
      eligible.map((d) => d._id),
    );
  const start = ((page - 1) * count) % eligible.length;
  return byIds(
    store,
    Array.from({ length: count }, (_, i) => eligible[(start + i) % eligible.length]._id),
  );
}
