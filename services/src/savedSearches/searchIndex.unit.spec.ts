import type { CatalogueDocument, CatalogueQuery } from '@estate/projections';
import { SearchIndex } from './searchIndex';

/**
 * The matcher's index: a listing is checked only against the searches filed where it could match
 * (deal, place or map cell, price band, rooms), and finds exactly those that match it.
 */
const listing = (fields: Partial<CatalogueDocument>): CatalogueDocument =>
  ({
    _id: 'p1',
    status: 1,
    dealCategory: 'sale',
    propertyType: 1,
    locationId: '1',
    price: 9_000_000,
    roomCount: 2,
    lat: 55.75,
    lon: 37.62,
    address: { fullAddress: 'Москва, ул. Тверская, 1' },
    busyRanges: [],
    ...fields,
  }) as CatalogueDocument;

function indexOf(searches: Record<string, CatalogueQuery>) {
  const index = new SearchIndex();
  for (const [id, query] of Object.entries(searches)) index.add({ id, userId: 'u', query, since: 0 });
  return index;
}
const ids = (found: { id: string }[]) => found.map((s) => s.id).sort();

describe('the saved searches index', () => {
  const index = indexOf({
    moscow: { dealCategory: 'sale', locationIds: ['1', '201'] },
    cheap: { dealCategory: 'sale', priceRanges: [{ max: 5_000_000 }] },
    band: { dealCategory: 'sale', priceRanges: [{ min: 8_000_000, max: 10_000_000 }], roomCounts: [2] },
    fourPlus: { roomCounts: [1, 4] },
    rent: { dealCategory: 'rent', locationIds: ['1'] },
    map: { bounds: { south: 55.5, west: 37.3, north: 56, east: 37.9 } },
    chukotka: { bounds: { south: 64, west: 179, north: 66, east: -178 } },
    circle: { geo: { lat: 55.75, lon: 37.62, radiusKm: 2 } },
    nowhere: { locationIds: [] },
  });

  it('finds exactly the searches a listing matches', () => {
    expect(ids(index.match(listing({})))).toEqual(['band', 'circle', 'map', 'moscow']);
    expect(ids(index.match(listing({ roomCount: 6, price: 4_000_000 })))).toEqual([
      'cheap',
      'circle',
      'fourPlus',
      'map',
      'moscow',
    ]);
    expect(ids(index.match(listing({ lat: 65, lon: 179.5, locationId: '99', roomCount: 3 })))).toEqual([
      'chukotka',
    ]);
    expect(ids(index.match(listing({ lat: 65, lon: -178.5, locationId: '99', roomCount: 3 })))).toEqual([
      'chukotka',
    ]);
  });

  it('does not check searches of another deal, place or band', () => {
    const candidates = ids(
      index.candidates(listing({ dealCategory: 'rent', locationId: '2', lat: 59.9, lon: 30.3 })),
    );
    expect(candidates).not.toContain('moscow');
    expect(candidates).not.toContain('rent');
    expect(candidates).not.toContain('map');
    expect(candidates).not.toContain('nowhere');
  });

  it('forgets a removed search and never alerts a search saved after the listing', () => {
    const small = indexOf({ a: { dealCategory: 'sale' }, b: { dealCategory: 'sale' } });
    small.remove('a');
    expect(ids(small.match(listing({})))).toEqual(['b']);
    small.add({ id: 'c', userId: 'u', query: { dealCategory: 'sale' }, since: 10 });
    expect(ids(small.match(listing({}), 5))).toEqual(['b']);
    expect(ids(small.match(listing({}), 11))).toEqual(['b', 'c']);
    expect(small.size).toBe(2);
  });
});
