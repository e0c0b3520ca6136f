import type { NumberBatch, ReadStore } from '../readStore/port';
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

/** how far (degrees) from a row's computed edge a latitude must be for the row table to place it */
const EDGE = 1e-9;
/** up to this many squares, the area's squares are counted in arrays; beyond (a wide area at a close zoom), in a map */
const DENSE_CELLS = 1 << 16;
/** slices of latitude per row in the row table */
const SLICES = 64;

type Cell = { count: number; lat: number; lon: number; first: string };

/**
 * The squares of a map's area at a zoom, counted in arrays. A point's column is one division; its row is
 * read from a table of thin slices of the area's latitudes, made once from the rows' edges, instead of
 * a logarithm, a tangent and a cosine. A slice holding an edge (to a nanodegree) has no row: its points
 * are placed by cellOf, as are those out of the arrays' reach (kept in a map).
 */
class Squares {
  private readonly n: number;
  private readonly left: number;
  private readonly width: number;
  private readonly top: number;
  private readonly height: number;
  /** the row of each slice of latitude from the south, -1 where cellOf must tell */
  private readonly rowOfSlice: Int32Array;
  private readonly slicesPerDegree: number;
  private readonly counts: Int32Array;
  private readonly sumLat: Float64Array;
  private readonly sumLon: Float64Array;
  private readonly first: string[] = [];
  private readonly sparse = new Map<number, Cell>();
  total = 0;

  constructor(
    private readonly bounds: Bounds,
    private readonly zoom: number,
  ) {
    const n = (this.n = (256 / CLUSTER_PIXELS) * 2 ** zoom);
    const { south, north } = bounds;
    // the area's columns from its western edge, across the 180th meridian too
    this.left = cellOf(0, bounds.west, zoom).x;
    this.width = ((cellOf(0, bounds.east, zoom).x - this.left + n) % n) + 1;
    this.top = cellOf(north, 0, zoom).y;
    this.height = cellOf(south, 0, zoom).y - this.top + 1;
    const cells = this.width * this.height <= DENSE_CELLS ? this.width * this.height : 0;
    // edges[r]: the latitude where row top + r + 1 begins, southward
    const edges = Array.from(
      { length: cells ? this.height - 1 : 0 },
      (_, r) => Math.atan(Math.sinh(Math.PI * (1 - (2 * (this.top + r + 1)) / n))) / RAD,
    );
    const slices = cells && north > south ? this.height * SLICES : 0;
    this.slicesPerDegree = slices / (north - south);
    this.rowOfSlice = new Int32Array(slices);
    // southward edges, northward slices: the row of a slice is the count of edges north of it
    let above = edges.length;
    for (let i = 0; i < slices; i++) {
      const low = south + i / this.slicesPerDegree - EDGE;
      const high = south + (i + 1) / this.slicesPerDegree + EDGE;
      while (above > 0 && edges[above - 1] < low) above--;
      this.rowOfSlice[i] = above > 0 && edges[above - 1] <= high ? -1 : above;
    }
    this.counts = new Int32Array(cells);
    this.sumLat = new Float64Array(cells);
    this.sumLon = new Float64Array(cells);
  }

  add(batch: NumberBatch, inside: ((p: { lat: number; lon: number }) => boolean) | null) {
    const { n, left, width, top, height, rowOfSlice, slicesPerDegree, counts, sumLat, sumLon, first } = this;
    const { south } = this.bounds;
    const {
      count,
      values: [lats, lons],
      id,
    } = batch;
    let total = 0;
    for (let k = 0; k < count; k++) {
      const lat = lats[k];
      const lon = lons[k];
      if (Number.isNaN(lat) || Number.isNaN(lon) || (inside !== null && !inside({ lat, lon }))) continue;
      total++;
      const x = Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
      let column = x - left;
      if (column < 0) column += n;
      const slice = Math.floor((lat - south) * slicesPerDegree);
      let row = slice >= 0 && slice < rowOfSlice.length ? rowOfSlice[slice] : -1;
      if (row < 0 && counts.length > 0) row = cellOf(lat, lon, this.zoom).y - top;
      if (column < width && row >= 0 && row < height && counts.length > 0) {
        const cell = column * height + row;
        // only a square's first listing needs its id: it is the lone listing's
        if (counts[cell]++ === 0) first[cell] = id(k);
        sumLat[cell] += lat;
        sumLon[cell] += lon;
        continue;
      }
      const y = cellOf(lat, lon, this.zoom).y;
      const cell = this.sparse.get(x * n + y);
      if (cell) {
        cell.count++;
        cell.lat += lat;
        cell.lon += lon;
      } else this.sparse.set(x * n + y, { count: 1, lat, lon, first: id(k) });
    }
    this.total += total;
  }

  clusters(): MapCluster[] {
    const cluster = (count: number, lat: number, lon: number, first: string): MapCluster => ({
      lat: lat / count,
      lon: lon / count,
      count,
      publicationId: count === 1 ? first : null,
    });
    const clusters: MapCluster[] = [];
    for (let cell = 0; cell < this.counts.length; cell++)
      if (this.counts[cell] > 0)
        clusters.push(cluster(this.counts[cell], this.sumLat[cell], this.sumLon[cell], this.first[cell]));
    for (const c of this.sparse.values()) clusters.push(cluster(c.count, c.lat, c.lon, c.first));
    return clusters;
  }
}

/**
 * The search's listings in a map's visible area, grouped in squares of the screen: only the groups
 * travel to the browser, however many listings the area holds. The store reads the points' numbers
 * through the catalogue's indexes and columns (the deal, then the latitude range), without a document
 * each; the grouping is done here.
 */
export async function mapClusters(
  store: ReadStore,
  query: CatalogueQuery,
  view: { bounds: Bounds; zoom: number },
): Promise<{ clusters: MapCluster[]; total: number }> {
  const filter = catalogueFilter({ ...query, bounds: view.bounds });
  const inside = query.geo ? insideCircle(query.geo) : null;
  const squares = new Squares(view.bounds, view.zoom);
  await store
    .collection<CatalogueDocument>(CATALOGUE)
    .scanNumbers(filter, ['lat', 'lon'], (batch) => squares.add(batch, inside));
  return { clusters: squares.clusters(), total: squares.total };
}
