import { METRO_BY_CITY } from './datasets/metro';
import { metresBetween, type GeoPoint } from './distance';

/**
 * The nearest metro stations of a point, in the shape a listing's `address.metro.stations` keeps
 * (events/src/catalogue/publication.ts: name, time, pedestrian_time) plus the line, its colour and
 * the distance, which the editor shows and the listing does not keep.
 *
 * The rule, with no street graph to route on:
 * - the way there is the straight line × 1.3 (streets are rarely straight; 1.3 is the usual ratio
 *   of a city's walking route to the straight line);
 * - on foot at 5 km/h; by transport 5 minutes of waiting plus the way at 20 km/h;
 * - a station up to 5 km away by that way (an hour on foot at most) is given in walking minutes
 *   (pedestrian_time: true), a farther one in transport minutes (pedestrian_time: false), as the
 *   site's card shows a walker or a bus beside the minutes;
 * - stations more than 10 km away by that way are not "near" and are never offered;
 * - a station of two lines (Китай-город) is offered once, at its nearer hall.
 */
export const ROUTE_FACTOR = 1.3;
export const WALKING_METRES_PER_MINUTE = 5000 / 60;
export const TRANSPORT_METRES_PER_MINUTE = 20_000 / 60;
export const TRANSPORT_WAIT_MINUTES = 5;
export const WALKING_LIMIT_METRES = 5000;
export const NEAR_LIMIT_METRES = 10_000;
/** a listing keeps at most 10 stations (publication.ts) */
export const MAX_STATIONS = 10;

export type NearestStation = {
  name: string;
  line: string;
  /** the line's colour, #RRGGBB */
  color: string;
  /** the straight-line distance from the point to the station's hall */
  distanceMeters: number;
  /** minutes: on foot when pedestrian_time, else by transport */
  time: number;
  pedestrian_time: boolean;
};

export const walkingMinutes = (routeMetres: number) =>
  Math.max(1, Math.round(routeMetres / WALKING_METRES_PER_MINUTE));
export const transportMinutes = (routeMetres: number) =>
  Math.max(1, Math.round(TRANSPORT_WAIT_MINUTES + routeMetres / TRANSPORT_METRES_PER_MINUTE));

/** Whether the city (a location id of locations/cities.ts) has a metro in the shipped data. */
export const hasMetro = (cityLocationId: string) => METRO_BY_CITY.has(cityLocationId);

/** Up to `count` (1…10) stations of the city's metro nearest to the point, nearest first; none in a city without a metro. */
export function nearestStations(point: GeoPoint, cityLocationId: string, count = 3): NearestStation[] {
  const limit = Math.min(MAX_STATIONS, Math.max(0, Math.floor(count)));
  const lines = METRO_BY_CITY.get(cityLocationId) ?? [];
  const nearestHall = new Map<string, { line: string; color: string; metres: number }>();
  for (const line of lines)
    for (const [name, lat, lon] of line.stations) {
      const metres = metresBetween(point, { lat, lon });
      if (metres * ROUTE_FACTOR > NEAR_LIMIT_METRES) continue;
      const known = nearestHall.get(name);
      if (!known || metres < known.metres)
        nearestHall.set(name, { line: line.name, color: line.color, metres });
    }
  return [...nearestHall]
    .sort(([, a], [, b]) => a.metres - b.metres)
    .slice(0, limit)
    .map(([name, { line, color, metres }]) => {
      const route = metres * ROUTE_FACTOR;
      const onFoot = route <= WALKING_LIMIT_METRES;
      return {
        name,
        line,
        color,
        distanceMeters: Math.round(metres),
        time: onFoot ? walkingMinutes(route) : transportMinutes(route),
        pedestrian_time: onFoot,
      };
    });
}
