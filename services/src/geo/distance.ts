import type { GeoPoint } from '../core/addresses';

export type { GeoPoint };

const EARTH_RADIUS_METERS = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The straight-line (great-circle) distance in metres, on a sphere of 6,371 km as the catalogue's geo search measures it. */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The point a fraction (0…1) of the way along a course of points, measured by length: house numbers
 * are spread this way along their street.
 */
export function pointAlong(course: readonly GeoPoint[], fraction: number): GeoPoint {
  if (course.length === 1) return course[0];
  const legs = course.slice(1).map((to, i) => metresBetween(course[i], to));
  let remaining = Math.min(1, Math.max(0, fraction)) * legs.reduce((sum, leg) => sum + leg, 0);
  for (let i = 0; i < legs.length; i++) {
    if (remaining <= legs[i] || i === legs.length - 1) {
      const t = legs[i] === 0 ? 0 : Math.min(1, remaining / legs[i]);
      const [from, to] = [course[i], course[i + 1]];
      return { lat: from.lat + (to.lat - from.lat) * t, lon: from.lon + (to.lon - from.lon) * t };
    }
    remaining -= legs[i];
  }
  return course[course.length - 1];
}
