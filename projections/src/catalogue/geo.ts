/**
 * The geo circle of a search, on the sphere `distanceKm` measures on. A store finds a circle's points
 * through its bounding box (two ranges an index can serve); the circle itself is cut from the box in
 * strips: in each strip a rectangle surely inside the circle is counted by the store, and only the points
 * of the narrow band around the circle's edge are read and measured one by one.
 */
import type { Filter } from '../readStore/port';

export type Circle = { lat: number; lon: number; radiusKm: number };

const EARTH_KM = 6371;
const RAD = Math.PI / 180;
/** one degree of latitude, on that sphere */
const KM_PER_DEGREE = EARTH_KM * RAD;

export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

export const insideCircle = (centre: Circle) => (p: { lat: number | null; lon: number | null }) =>
  p.lat !== null && p.lon !== null && distanceKm(centre, { lat: p.lat, lon: p.lon }) <= centre.radiusKm;

/** Half-widths in degrees of latitude and longitude of a box holding the whole circle (a thousandth to spare). */
function halfSides(lat: number, radiusKm: number) {
  const dLat = (radiusKm / KM_PER_DEGREE) * 1.001;
  // a circle is widest in longitude toward the pole, where degrees of longitude are shortest
  const poleward = Math.min(89, Math.abs(lat) + dLat);
  return { dLat, dLon: (radiusKm / (KM_PER_DEGREE * Math.cos(poleward * RAD))) * 1.001 };
}

export function boundingBox(lat: number, lon: number, radiusKm: number) {
  const { dLat, dLon } = halfSides(lat, radiusKm);
  return { lat: { $gte: lat - dLat, $lte: lat + dLat }, lon: { $gte: lon - dLon, $lte: lon + dLon } };
}

/** How far in longitude (degrees) the circle reaches at a latitude; 0 where it does not reach. */
function reach(c: Circle, lat: number): number {
  const limit = Math.sin(c.radiusKm / EARTH_KM / 2) ** 2;
  const spare = limit - Math.sin(((lat - c.lat) * RAD) / 2) ** 2;
  if (spare <= 0) return 0;
  const s = Math.sqrt(spare / (Math.cos(lat * RAD) * Math.cos(c.lat * RAD)));
  return s >= 1 ? 180 : (2 * Math.asin(s)) / RAD;
}

const STRIPS = 8;
const SAMPLES = 6;

/**
 * The box cut into strips of latitude: `inside` holds the rectangles wholly in the circle, `edge` the
 * rectangles that hold every other point of the circle. A point in neither is outside it.
 */
export function circleParts(c: Circle): { inside: Filter[]; edge: Filter[] } {
  const { dLat } = halfSides(c.lat, c.radiusKm);
  const inside: Filter[] = [];
  const edge: Filter[] = [];
  for (let k = 0; k < STRIPS; k++) {
    const south = c.lat - dLat + (2 * dLat * k) / STRIPS;
    const north = c.lat - dLat + (2 * dLat * (k + 1)) / STRIPS;
    // the last strip keeps its northern edge, so the strips cover the box's closed range
    const lat = k === STRIPS - 1 ? { $gte: south, $lte: c.lat + dLat } : { $gte: south, $lt: north };
    const reaches = Array.from({ length: SAMPLES + 1 }, (_, i) =>
      reach(c, south + ((north - south) * i) / SAMPLES),
    );
    if (c.lat >= south && c.lat <= north) reaches.push(reach(c, c.lat));
    // a thousandth less is surely inside the curve between the samples; a hundredth more surely holds it
    const near = Math.min(...reaches) * 0.999;
    const far = Math.max(...reaches) * 1.01 + 1e-9;
    if (near > 0) inside.push({ lat, lon: { $gte: c.lon - near, $lte: c.lon + near } });
    if (near > 0) {
      edge.push(
        { lat, lon: { $gte: c.lon - far, $lt: c.lon - near } },
        { lat, lon: { $gt: c.lon + near, $lte: c.lon + far } },
      );
    } else edge.push({ lat, lon: { $gte: c.lon - far, $lte: c.lon + far } });
  }
  return { inside, edge };
}
