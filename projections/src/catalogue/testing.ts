import { MemoryReadStore } from '../readStore/memory';
import { CATALOGUE, type CatalogueDocument } from './document';
import { catalogueProjection } from './projection';

/** A published one-room-or-more flat at a point, for the searches by place (circle, map). */
export const placedListing = (
  id: string,
  point: { lat: number; lon: number },
  price: number,
  deal: 'sale' | 'rent' = 'sale',
): CatalogueDocument =>
  ({
    _id: id,
    revision: 1,
    status: 1,
    dealCategory: deal,
    propertyType: 1,
    price,
    locationId: '1',
    lat: point.lat,
    lon: point.lon,
    roomCount: 1 + (price % 4),
    publishedAt: new Date(Date.UTC(2026, 0, 1) + price * 1000).toISOString(),
    promotion: null,
    busyRanges: [],
    residentialComplexId: null,
  }) as unknown as CatalogueDocument;

/** An embedded read store whose catalogue has the indexes the projection declares, as in production. */
export async function indexedCatalogue() {
  const store = new MemoryReadStore();
  const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
  for (const spec of catalogueProjection.collections[CATALOGUE]) await catalogue.createIndex(spec);
  return { store, catalogue };
}
