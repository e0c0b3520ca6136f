import type { CatalogueDocument } from '../catalogue/document';
import type { CatalogueQuery } from '../catalogue/search';
import { seededRandom } from '../seededRandom';
import { catalogueFilterMatcher, catalogueMatcher } from './match';

/**
 * The saved searches' compiled matcher against the catalogue search's own store filter judged by
 * mingo (MongoDB's semantics): the same answer for random queries and listings, including missing
 * and null characteristics, maps across the 180th meridian, circles, address words and busy nights.
 */
const rnd = seededRandom(19);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const maybe = <T>(p: number, value: () => T): T | undefined => (rnd() < p ? value() : undefined);
const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

function randomDoc(i: number): CatalogueDocument {
  const lat = maybe(0.9, () => 55 + rnd() * 2) ?? null;
  const lon = lat === null ? null : pick([37 + rnd() * 2, 179.5 + rnd() * 0.4, -179.9 + rnd() * 0.4]);
  const doc = {
    _id: `p${i}`,
    revision: 1,
    status: pick([1, 1, 1, 2, 5]),
    dealCategory: pick(['sale', 'rent', 'dailyRent'] as const),
    propertyType: int(1, 3),
    price: int(1, 30) * 500_000,
    locationId: pick(['1', '2', '201']),
    address: { fullAddress: pick(['Москва, ул. Профсоюзная, 5', 'Санкт-Петербург, Невский проспект, 1']) },
    lat,
    lon,
    roomCount: maybe(0.9, () => int(0, 7)) ?? null,
    totalArea: maybe(0.8, () => int(20, 120)) ?? null,
    floor: maybe(0.8, () => int(1, 20)) ?? null,
    residentialComplexId: maybe(0.3, () => pick(['rc1', 'rc2'])) ?? null,
    deadlineYear: maybe(0.3, () => int(2024, 2030)) ?? null,
    guestsCount: maybe(0.5, () => int(1, 8)) ?? null,
    metroWalkMinutes: maybe(0.5, () => int(1, 30)) ?? null,
    metroMinutes: maybe(0.6, () => int(1, 40)) ?? null,
    busyRanges: rnd() < 0.3 ? [{ start: '2026-12-10', end: '2026-12-14' }] : [],
    publishedAt: maybe(0.9, () => `2026-11-${String(int(10, 28)).padStart(2, '0')}T10:00:00.000Z`) ?? null,
  } as Record<string, unknown>;
  // some listings do not have the characteristics of schema version 2 at all
  if (rnd() < 0.7) doc.hasBalcony = maybe(0.7, () => rnd() < 0.5) ?? null;
  if (rnd() < 0.7) doc.repairType = maybe(0.7, () => int(1, 4)) ?? null;
  return doc as unknown as CatalogueDocument;
}

function randomQuery(): CatalogueQuery {
  const q: CatalogueQuery = {};
  if (rnd() < 0.7) q.dealCategory = pick(['sale', 'rent', 'dailyRent'] as const);
  if (rnd() < 0.2) q.propertyTypes = [int(1, 3), int(1, 3)];
  if (rnd() < 0.4) q.locationIds = rnd() < 0.1 ? [] : [pick(['1', '2', '201']), pick(['1', '201'])];
  if (rnd() < 0.5)
    q.priceRanges = Array.from({ length: int(1, 3) }, () => ({
      min: maybe(0.6, () => int(1, 15) * 500_000) ?? null,
      max: maybe(0.6, () => int(5, 30) * 500_000) ?? null,
    }));
  if (rnd() < 0.4) q.roomCounts = Array.from({ length: int(1, 3) }, () => int(0, 5));
  if (rnd() < 0.3)
    q.fields = [
      { field: 'totalArea', min: maybe(0.5, () => int(20, 60)), max: maybe(0.5, () => int(40, 120)) },
      ...(rnd() < 0.5 ? [{ field: 'repairType' as const, values: [int(1, 4), int(1, 4)] }] : []),
      ...(rnd() < 0.3 ? [{ field: 'floor' as const, values: [int(1, 5)], min: 2 }] : []),
    ];
  if (rnd() < 0.2) q.flags = [{ field: 'hasBalcony', values: rnd() < 0.3 ? [true, false] : [rnd() < 0.5] }];
  if (rnd() < 0.15) q.searchAddress = pick(['москва', 'Невский 1', 'ул. проф', 'Казань']);
  if (rnd() < 0.2) q.geo = { lat: 55.5 + rnd(), lon: 37.5 + rnd(), radiusKm: pick([1, 5, 30, 80]) };
  if (rnd() < 0.2)
    q.bounds =
      rnd() < 0.3
        ? { south: 55, west: 179, north: 57, east: -179.5 }
        : { south: 55 + rnd(), west: 37 + rnd(), north: 56 + rnd(), east: 38 + rnd() };
  const complex = rnd();
  if (complex < 0.1) q.residentialComplexId = pick(['rc1', 'rc2']);
  else if (complex < 0.2) q.newBuildsOnly = true;
  if (rnd() < 0.1) q.deadlineUpTo = int(2024, 2030);
  if (rnd() < 0.15) q.guests = int(1, 6);
  if (rnd() < 0.15) q.metro = { onFoot: rnd() < 0.5, minutes: int(5, 30) };
  if (rnd() < 0.1) q.freeBetween = { start: '2026-12-12', end: pick(['2026-12-13', '2026-12-20']) };
  if (rnd() < 0.1) q.publishedUntil = '2026-11-20T00:00:00.000Z';
  if (rnd() < 0.1) q.excludeIds = ['p1', 'p2', 'p3'];
  return q;
}

describe("the saved searches' matcher", () => {
  it("answers as the catalogue search's store filter does, for random queries and listings", () => {
    const docs = Array.from({ length: 300 }, (_, i) => randomDoc(i));
    let matched = 0;
    for (let i = 0; i < 400; i++) {
      const query = randomQuery();
      const fast = catalogueMatcher(query);
      const reference = catalogueFilterMatcher(query);
      for (const doc of docs) {
        const expected = reference(doc);
        if (fast(doc) !== expected)
          throw new Error(`${JSON.stringify(query)} on ${JSON.stringify(doc)}: ${!expected}`);
        if (expected) matched++;
      }
    }
    // the cases are not all "no": a good share of pairs match
    expect(matched).toBeGreaterThan(1000);
  });
});
