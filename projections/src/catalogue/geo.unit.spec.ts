import type { ReadStore } from '../readStore/port';
import { indexedCatalogue, placedListing } from './testing';
import { distanceKm } from './geo';
import { countCatalogue, searchCatalogue } from './search';
import { seededRandom as random } from '../seededRandom';

/** The point at a distance and bearing from a centre, on the sphere distanceKm measures on. */
function destination(from: { lat: number; lon: number }, km: number, bearing: number) {
  const rad = Math.PI / 180;
  const d = km / 6371;
  const lat1 = from.lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lon2 =
    from.lon * rad +
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: lat2 / rad, lon: lon2 / rad };
}

describe('geo circle search', () => {
  let store: ReadStore;
  const centres = [
    { lat: 55.75, lon: 37.62 }, // Москва
    { lat: 68.97, lon: 33.07 }, // Мурманск: degrees of longitude are short this far north
    { lat: 43.12, lon: 131.9 }, // Владивосток
  ];
  const points: { id: string; lat: number; lon: number; price: number }[] = [];

  beforeAll(async () => {
    const { store: made, catalogue } = await indexedCatalogue();
    store = made;
    const next = random(11);
    let n = 0;
    for (const centre of centres) {
      for (let i = 0; i < 1500; i++) {
        // most within 25 km, evenly in every direction
        const point = destination(centre, 25 * Math.sqrt(next()), next() * 2 * Math.PI);
        points.push({ id: `g${n}`, ...point, price: 1000 + Math.floor(next() * 5000) });
        n++;
      }
      // points on and just around the edges of the circles the test asks for
      for (const km of [1, 3, 10]) {
        for (let b = 0; b < 36; b++) {
          for (const delta of [-1e-6, 0, 1e-6])
            points.push({
              id: `g${n++}`,
              ...destination(centre, km + delta, (b * Math.PI) / 18),
              price: 1000 + b,
            });
        }
      }
    }
    for (const p of points) await catalogue.insertOne(placedListing(p.id, p, p.price));
  });

  it('counts and pages exactly the listings within the radius, edges included', async () => {
    const next = random(5);
    for (const centre of centres) {
      for (const radiusKm of [1, 3, 10, 0.5 + next() * 20]) {
        const geo = { ...centre, radiusKm };
        const truth = points
          .filter((p) => distanceKm(geo, p) <= radiusKm)
          .sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
        expect(await countCatalogue(store, { dealCategory: 'sale', geo })).toBe(truth.length);
        const page = await searchCatalogue(
          store,
          { dealCategory: 'sale', geo },
          { sort: { field: 'price', direction: 1 }, page: 2, perPage: 20 },
        );
        expect(page.total).toBe(truth.length);
        expect(page.items.map((d) => d._id)).toEqual(truth.slice(20, 40).map((p) => p.id));
      }
    }
  });

  it('keeps the other filters inside the circle', async () => {
    const geo = { ...centres[0], radiusKm: 7 };
    const truth = points.filter(
      (p) => distanceKm(geo, p) <= 7 && p.price <= 3000 && [2, 3].includes(1 + (p.price % 4)),
    );
    expect(
      await countCatalogue(store, {
        dealCategory: 'sale',
        geo,
        priceRanges: [{ max: 3000 }],
        roomCounts: [2, 3],
      }),
    ).toBe(truth.length);
    expect(truth.length).toBeGreaterThan(50);
  });
});
