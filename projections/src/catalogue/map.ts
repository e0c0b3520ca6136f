import type { ReadStore } from '../readStore/port';
import { CATALOGUE, type CatalogueDocument } from './document';
import { insideCircle } from './geo';
import { catalogueFilter, type Bounds, type CatalogueQuery } from './search';

/**
 * A group of the search's listings on the map: where they are (their mean point), how many, and the
 * listing itself when it is alone (its map card opens on a click).
 */
export type MapCluster = { lat: number; lon: number; count: number; publicationId: string | null };

/** the side of a cluster's square on the screen, in pixels of the map's 256-pixel tiles */
export const CLUSTER_PIXELS = 64;
export const MAX_MAP_ZOOM = 20;

const RAD = Math.PI / 180;
/** Web Mercator, the projection of the map's tiles, stops here */
const MERCATOR_LAT = 85.05112878;

/**
 * The square of a point at a zoom: the world is `4 · 2^zoom` squares a side (each 64 pixels of the
 * map at that zoom), in the tiles' own projection, so a square on the screen is a square here.
 */
export function cellOf(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const n = (256 / CLUSTER_PIXELS) * 2 ** zoom;
  const clamped = Math.max(-MERCATOR_LAT, Math.min(MERCATOR_LAT, lat)) * RAD;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(clamped) + 1 / Math.cos(clamped)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

type Point = { _id: string; lat: number | null; lon: number | null };
type Cell = { count: number; lat: number; lon: number; id: string };

/**
 * The search's listings in a map's visible area, grouped in squares of the screen: only the groups
 * travel to the browser, however many listings the area holds. The store reads the points through
 * the catalogue's indexes (the deal, then the latitude range); the grouping is done here.
 */
export async function mapClusters(
  store: ReadStore,
  query: CatalogueQuery,
  view: { bounds: Bounds; zoom: number },
): Promise<{ clusters: MapCluster[]; total: number }> {
  const filter = catalogueFilter({ ...query, bounds: view.bounds });
  const points: Point[] = await store
    .collection<CatalogueDocument>(CATALOGUE)
    .find(filter, { projection: { _id: 1, lat: 1, lon: 1 } });
  const inCircle = query.geo ? insideCircle(query.geo) : () => true;
  const cells = new Map<string, Cell>();
  let total = 0;
  for (const p of points) {
    if (p.lat === null || p.lon === null || !inCircle(p)) continue;
    total++;
    const { x, y } = cellOf(p.lat, p.lon, view.zoom);
    const key = `${x}:${y}`;
    const cell = cells.get(key);
    if (cell) {
      cell.count++;
      cell.lat += p.lat;
      cell.lon += p.lon;
    } else cells.set(key, { count: 1, lat: p.lat, lon: p.lon, id: p._id });
  }
  const clusters = [...cells.values()].map((c) => ({
    lat: c.lat / c.count,
    lon: c.lon / c.count,
    count: c.count,
    publicationId: c.count === 1 ? c.id : null,
  }));
  return { clusters, total };
}
