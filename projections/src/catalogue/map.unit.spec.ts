import type { ReadStore } from '../readStore/port';
import { seededRandom as random } from '../seededRandom';
import { indexedCatalogue, placedListing } from './testing';
import { distanceKm } from './geo';
import { cellOf, mapClusters } from './map';
import { countCatalogue, searchCatalogue, type Bounds } from './search';

type Placed = { id: string; lat: number; lon: number; deal: 'sale' | 'rent'; price: number };

const inBounds = (b: Bounds) => (p: Placed) =>
  p.lat >= b.south &&
  p.lat <= b.north &&
  (b.west <= b.east ? p.lon >= b.west && p.lon <= b.east : p.lon >= b.west || p.lon <= b.east);

describe('the map of a search', () => {
  let store: ReadStore;
  const placed: Placed[] = [];
  // Москва, Санкт-Петербург, and Chukotka on both sides of the 180th meridian
  const centres = [
    { lat: 55.75, lon: 37.62, spread: 0.6 },
    { lat: 59.94, lon: 30.31, spread: 0.4 },
    { lat: 65.5, lon: 179.6, spread: 0.8 },
  ];

  beforeAll(async () => {
    const { store: made, catalogue } = await indexedCatalogue();
    store = made;
    const next = random(16);
    let n = 0;
    for (const centre of centres)
      for (let i = 0; i < 1200; i++) {
        let lon = centre.lon + (next() - 0.5) * 2 * centre.spread;
        if (lon > 180) lon -= 360;
        const p: Placed = {
          id: `p${n++}`,
          lat: centre.lat + (next() - 0.5) * centre.spread,
          lon,
          deal: next() < 0.7 ? 'sale' : 'rent',
          price: 1_000_000 + Math.floor(next() * 9_000_000),
        };
        placed.push(p);
        await catalogue.insertOne(placedListing(p.id, p, p.price, p.deal));
      }
  });

  /** the same clusters found by hand: every listing put in its square */
  function bruteForce(points: Placed[], zoom: number) {
    const cells = new Map<string, Placed[]>();
    for (const p of points) {
      const { x, y } = cellOf(p.lat, p.lon, zoom);
      cells.set(`${x}:${y}`, [...(cells.get(`${x}:${y}`) ?? []), p]);
    }
    return [...cells.values()]
      .map((ps) => ({
        count: ps.length,
        lat: ps.reduce((s, p) => s + p.lat, 0) / ps.length,
        lon: ps.reduce((s, p) => s + p.lon, 0) / ps.length,
        publicationId: ps.length === 1 ? ps[0].id : null,
      }))
      .sort((a, b) => a.lat - b.lat || a.lon - b.lon);
  }
  const sorted = <T extends { lat: number; lon: number }>(cs: T[]) =>
    [...cs].sort((a, b) => a.lat - b.lat || a.lon - b.lon);

  it.each([
    ['all of Russia', { south: 41, west: 19, north: 82, east: 180 }, 3],
    ['Москва', { south: 55.5, west: 37.2, north: 56, east: 38 }, 10],
    ['a few streets of Москва', { south: 55.74, west: 37.6, north: 55.76, east: 37.64 }, 15],
    ['Chukotka across the 180th meridian', { south: 64, west: 178, north: 67, east: -179 }, 6],
  ] as const)('groups %s as a brute-force count does, with the filters', async (_, bounds, zoom) => {
    for (const deal of [undefined, 'sale'] as const) {
      const expected = placed.filter(inBounds(bounds)).filter((p) => !deal || p.deal === deal);
      const { clusters, total } = await mapClusters(store, { dealCategory: deal }, { bounds, zoom });
      expect(total).toBe(expected.length);
      expect(clusters.reduce((s, c) => s + c.count, 0)).toBe(expected.length);
      const want = bruteForce(expected, zoom);
      const got = sorted(clusters);
      expect(got.map((c) => [c.count, c.publicationId])).toEqual(want.map((c) => [c.count, c.publicationId]));
      got.forEach((c, i) => {
        expect(c.lat).toBeCloseTo(want[i].lat, 9);
        expect(c.lon).toBeCloseTo(want[i].lon, 9);
      });
      // the list beside the map counts the same area
      expect(await countCatalogue(store, { dealCategory: deal, bounds })).toBe(expected.length);
    }
  });

  it('puts a listing on the edge between two rows of squares, or a hair from it, where cellOf does', async () => {
    const { store: own, catalogue } = await indexedCatalogue();
    const n = 4 * 2 ** 5;
    const points: Placed[] = [];
    // the northern edges of the rows of zoom 5 in Russia's latitudes (every other one is an edge of zoom 4)
    for (let y = 30; y < 48; y++) {
      const edge = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
      for (const hair of [0, 1e-13, -1e-13, 1e-10, -1e-10, 1e-7, -1e-7]) {
        const p: Placed = {
          id: `e${points.length}`,
          lat: edge + hair,
          lon: 20 + points.length * 0.9,
          deal: 'sale',
          price: 1_000_000,
        };
        points.push(p);
        await catalogue.insertOne(placedListing(p.id, p, p.price, p.deal));
      }
    }
    const bounds = { south: 41, west: 19, north: 78, east: 180 };
    for (const zoom of [4, 5]) {
      const { clusters } = await mapClusters(own, {}, { bounds, zoom });
      expect(sorted(clusters).map((c) => [c.count, c.publicationId])).toEqual(
        bruteForce(points, zoom).map((c) => [c.count, c.publicationId]),
      );
    }
  });

  it('keeps a geo circle of the search inside the area', async () => {
    const circle = { lat: 55.75, lon: 37.62, radiusKm: 10 };
    const bounds = { south: 55.7, west: 37.4, north: 56, east: 38 };
    const expected = placed.filter(inBounds(bounds)).filter((p) => distanceKm(circle, p) <= circle.radiusKm);
    const { total } = await mapClusters(store, { geo: circle }, { bounds, zoom: 12 });
    expect(total).toBe(expected.length);
    const page = await searchCatalogue(
      store,
      { geo: circle, bounds },
      { sort: { field: 'price', direction: 1 }, page: 1, perPage: 20 },
    );
    expect(page.total).toBe(expected.length);
    expect(page.items.map((d) => d._id)).toEqual(
      [...expected]
        .sort((a, b) => a.price - b.price || a.id.localeCompare(b.id))
        .slice(0, 20)
        .map((p) => p.id),
    );
  });

  it('puts the same point in the same square, and a square of zoom z in one of zoom z − 1', () => {
    const next = random(3);
    for (let i = 0; i < 1000; i++) {
      const lat = -80 + next() * 160;
      const lon = -180 + next() * 360;
      const zoom = 1 + Math.floor(next() * 19);
      const fine = cellOf(lat, lon, zoom);
      const coarse = cellOf(lat, lon, zoom - 1);
      expect([Math.floor(fine.x / 2), Math.floor(fine.y / 2)]).toEqual([coarse.x, coarse.y]);
    }
  });
});
