import { Query } from 'mingo';
import { PUBLICATION_STATUS } from '@estate/events';
import type { CatalogueDocument } from '../catalogue/document';
import { boundingBox, insideCircle } from '../catalogue/geo';
import { catalogueFilter, escapeRegex, type CatalogueQuery, type Range } from '../catalogue/search';

type Test = (doc: CatalogueDocument) => boolean;

/** MongoDB's comparison of a field with a number: a value of another type (null, missing) never matches */
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const inRange = (n: number | null, min: number | null, max: number | null) =>
  n !== null && (min === null || n >= min) && (max === null || n <= max);

type Bound = { min: number | null; max: number | null };
type NumberCondition = { field: string; values: Set<number> | null; min: number | null; max: number | null };

/** A catalogue query made ready for many checks: one plain shape, so one function judges them all. */
export type CompiledQuery = {
  deal: string | null;
  types: Set<number> | null;
  places: Set<string> | null;
  /** the first price range flat (most searches have one), the others apart */
  hasPrice: boolean;
  priceMin: number;
  priceMax: number;
  morePrices: Bound[] | null;
  /** the room counts asked, a bit each (0–30; a larger count is in `manyRooms`) */
  rooms: boolean;
  roomBits: number;
  manyRooms: Set<number> | null;
  /** '4+': the largest room count asked also matches anything above it (0: not asked) */
  roomsAtLeast: number;
  fields: NumberCondition[] | null;
  flags: { field: string; values: Set<boolean> }[] | null;
  words: RegExp[] | null;
  box: { south: number; north: number; west: number; east: number } | null;
  circle: ((p: { lat: number | null; lon: number | null }) => boolean) | null;
  bounds: { south: number; north: number; west: number; east: number } | null;
  complex: string | null;
  newBuildsOnly: boolean;
  deadlineUpTo: number | null;
  guests: number | null;
  metro: { field: 'metroWalkMinutes' | 'metroMinutes'; minutes: number } | null;
  free: { start: string; end: string } | null;
  publishedUntil: string | null;
  exclude: Set<string> | null;
};

const bound = ({ min, max }: Range): Bound | null =>
  min == null && max == null ? null : { min: min ?? null, max: max ?? null };

export function compileQuery(query: CatalogueQuery): CompiledQuery {
  const prices = (query.priceRanges ?? []).map(bound).filter((r) => r !== null);
  const roomCounts = query.roomCounts ?? [];
  const maxRooms = roomCounts.length ? Math.max(...roomCounts) : 0;
  const exactRooms = maxRooms < 4 ? roomCounts : roomCounts.filter((n) => n !== maxRooms);
  const fields = (query.fields ?? []).map((c) => ({
    field: c.field,
    values: c.values?.length ? new Set(c.values) : null,
    min: c.min ?? null,
    max: c.max ?? null,
  }));
  const flags = (query.flags ?? [])
    .filter((f) => f.values.length)
    .map((f) => ({ field: f.field, values: new Set(f.values) }));
  const geoBox = query.geo ? boundingBox(query.geo.lat, query.geo.lon, query.geo.radiusKm) : null;
  return {
    deal: query.dealCategory ?? null,
    types: query.propertyTypes?.length ? new Set(query.propertyTypes) : null,
    places: query.locationIds ? new Set(query.locationIds) : null,
    hasPrice: prices.length > 0,
    priceMin: prices[0]?.min ?? -Infinity,
    priceMax: prices[0]?.max ?? Infinity,
    morePrices: prices.length > 1 ? prices.slice(1) : null,
    rooms: roomCounts.length > 0,
    roomBits: exactRooms.reduce((bits, n) => (n >= 0 && n <= 30 ? bits | (1 << n) : bits), 0),
    manyRooms: exactRooms.some((n) => n < 0 || n > 30) ? new Set(exactRooms) : null,
    roomsAtLeast: roomCounts.length && maxRooms >= 4 ? maxRooms : 0,
    fields: fields.length ? fields : null,
    flags: flags.length ? flags : null,
    words: query.searchAddress
      ? query.searchAddress
          .trim()
          .split(/\s+/)
          .slice(0, 5)
          .map((word) => new RegExp(escapeRegex(word), 'i'))
      : null,
    box: geoBox
      ? { south: geoBox.lat.$gte, north: geoBox.lat.$lte, west: geoBox.lon.$gte, east: geoBox.lon.$lte }
      : null,
    circle: query.geo ? insideCircle(query.geo) : null,
    bounds: query.bounds ?? null,
    complex: query.residentialComplexId ?? null,
    newBuildsOnly: !query.residentialComplexId && Boolean(query.newBuildsOnly),
    deadlineUpTo: query.deadlineUpTo ?? null,
    guests: query.guests ? query.guests : null,
    metro: query.metro
      ? { field: query.metro.onFoot ? 'metroWalkMinutes' : 'metroMinutes', minutes: query.metro.minutes }
      : null,
    free: query.freeBetween ?? null,
    publishedUntil: query.publishedUntil ?? null,
    exclude: query.excludeIds?.length ? new Set(query.excludeIds) : null,
  };
}

/**
 * Whether one catalogue document answers a compiled catalogue query, with the semantics of the
 * store filter the catalogue search builds (`catalogueFilter`: published only, every filter of the
 * search, MongoDB's rules for missing and null values) and the geo circle cut from its box as the
 * search cuts it. The saved searches' alerts use it, so a listing alerts exactly the searches that
 * would find it in the catalogue; `match.unit.spec.ts` holds it to the store filter judged by mingo
 * (`catalogueFilterMatcher`) on random queries and listings, and bench:alerts to brute force.
 */
export function matchesQuery(q: CompiledQuery, d: CatalogueDocument): boolean {
  if (d.status !== PUBLICATION_STATUS.PUBLISHED) return false;
  if (q.deal !== null && d.dealCategory !== q.deal) return false;
  if (q.types !== null && !q.types.has(d.propertyType)) return false;
  if (q.places !== null && !q.places.has(d.locationId)) return false;
  if (q.hasPrice) {
    const price = num(d.price);
    if (price === null) return false;
    if (price < q.priceMin || price > q.priceMax) {
      if (q.morePrices === null) return false;
      let any = false;
      for (let i = 0; i < q.morePrices.length; i++)
        if (inRange(price, q.morePrices[i].min, q.morePrices[i].max)) any = true;
      if (!any) return false;
    }
  }
  if (q.rooms) {
    const rooms = num(d.roomCount);
    if (rooms === null) return false;
    const exact =
      Number.isInteger(rooms) && rooms >= 0 && rooms <= 30
        ? ((q.roomBits >>> rooms) & 1) === 1
        : q.manyRooms !== null && q.manyRooms.has(rooms);
    if (!exact && !(q.roomsAtLeast > 0 && rooms >= q.roomsAtLeast)) return false;
  }
  if (q.fields !== null) {
    const doc = d as unknown as Record<string, unknown>;
    for (const c of q.fields) {
      const n = num(doc[c.field]);
      if (c.values !== null && (n === null || !c.values.has(n))) return false;
      if ((c.min !== null || c.max !== null) && !inRange(n, c.min, c.max)) return false;
    }
  }
  if (q.flags !== null) {
    const doc = d as unknown as Record<string, unknown>;
    for (const f of q.flags) {
      const value = doc[f.field];
      if (typeof value !== 'boolean' || !f.values.has(value)) return false;
    }
  }
  if (q.words !== null) {
    const address = d.address?.fullAddress;
    if (typeof address !== 'string') return false;
    for (const word of q.words) if (!word.test(address)) return false;
  }
  if (q.box !== null || q.bounds !== null) {
    const lat = num(d.lat);
    const lon = num(d.lon);
    if (lat === null || lon === null) return false;
    const b = q.box;
    if (b !== null && (lat < b.south || lat > b.north || lon < b.west || lon > b.east)) return false;
    const m = q.bounds;
    if (m !== null) {
      if (lat < m.south || lat > m.north) return false;
      if (m.west <= m.east ? lon < m.west || lon > m.east : lon < m.west && lon > m.east) return false;
    }
    if (q.circle !== null && !q.circle(d)) return false;
  }
  if (q.complex !== null && d.residentialComplexId !== q.complex) return false;
  if (q.newBuildsOnly && d.residentialComplexId == null) return false;
  if (q.deadlineUpTo !== null) {
    const year = num(d.deadlineYear);
    if (year === null || year > q.deadlineUpTo) return false;
  }
  if (q.guests !== null) {
    const guests = num(d.guestsCount);
    if (guests === null || guests < q.guests) return false;
  }
  if (q.metro !== null) {
    const minutes = num(d[q.metro.field]);
    if (minutes === null || minutes > q.metro.minutes) return false;
  }
  if (q.free !== null) {
    const { start, end } = q.free;
    for (const r of d.busyRanges ?? []) if (r.start < end && r.end > start) return false;
  }
  if (q.publishedUntil !== null && !(typeof d.publishedAt === 'string' && d.publishedAt <= q.publishedUntil))
    return false;
  if (q.exclude !== null && q.exclude.has(d._id)) return false;
  return true;
}

/** The check of one query, compiled once. */
export function catalogueMatcher(query: CatalogueQuery): Test {
  const compiled = compileQuery(query);
  return (doc) => matchesQuery(compiled, doc);
}

/**
 * The reference: the catalogue search's own store filter judged by mingo (MongoDB's semantics, as
 * the embedded read store judges it), then the circle. Slower by far; the tests hold the compiled
 * matcher to it.
 */
export function catalogueFilterMatcher(query: CatalogueQuery): Test {
  const filter = new Query(catalogueFilter(query), {});
  const circle = query.geo ? insideCircle(query.geo) : null;
  return (doc) => filter.test(doc) && (circle === null || circle(doc));
}
