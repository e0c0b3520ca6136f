import { metroStation } from '@estate/events';
import { CITIES, findLocation } from '../locations';
import { METRO_BY_CITY } from './datasets/metro';
import { STREETS_BY_CITY } from './datasets/streets';
import { metresBetween } from './distance';
import { nearestStations, ROUTE_FACTOR, transportMinutes, walkingMinutes } from './metro';

const MOSCOW = '1';
const SOCHI = '7';
const KAZAN = '5';
/** the corner of Солянка and Славянская площадь, by the Китай-город exit of the purple line */
const BY_KITAY_GOROD = { lat: 55.7548, lon: 37.6352 };

describe('nearestStations: the metro near a point, as a listing keeps it', () => {
  it('finds Китай-город first next to it, a few minutes on foot, once although two lines stop there', () => {
    const stations = nearestStations(BY_KITAY_GOROD, MOSCOW);
    expect(stations).toHaveLength(3);
    expect(stations[0]).toMatchObject({ name: 'Китай-город', pedestrian_time: true });
    expect(stations[0].time).toBeGreaterThanOrEqual(1);
    expect(stations[0].time).toBeLessThanOrEqual(5);
    expect(stations[0].distanceMeters).toBeLessThan(300);
    expect(stations.filter((s) => s.name === 'Китай-город')).toHaveLength(1);
    // nearest first
    const distances = stations.map((s) => s.distanceMeters);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("fits the listing's address.metro.stations entry, and carries the line and its colour for the editor", () => {
    for (const station of nearestStations(BY_KITAY_GOROD, MOSCOW, 10)) {
      expect(metroStation.parse(station)).toEqual({
        name: station.name,
        time: station.time,
        pedestrian_time: station.pedestrian_time,
      });
      expect(station.line).toBeTruthy();
      expect(station.color).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });

  it('finds none in a city without a metro, in an unknown city, or too far from every station', () => {
    expect(nearestStations({ lat: 43.5855, lon: 39.7231 }, SOCHI)).toEqual([]);
    expect(nearestStations(BY_KITAY_GOROD, '999')).toEqual([]);
    // Зеленоград: more than 10 km of way from any station of the shipped data
    expect(nearestStations({ lat: 55.9894, lon: 37.1887 }, MOSCOW)).toEqual([]);
  });

  it('counts walking minutes on the straight line × 1.3 at 5 km/h up to 5 km of way', () => {
    const [first] = nearestStations(BY_KITAY_GOROD, MOSCOW, 1);
    const way = first.distanceMeters * ROUTE_FACTOR;
    expect(first.time).toBe(walkingMinutes(way));
    expect(walkingMinutes(5000)).toBe(60);
    expect(walkingMinutes(130)).toBe(2);
  });

  it('counts transport minutes beyond 5 km of way: 5 minutes of waiting and the way at 20 km/h', () => {
    // about 4.5 km south of Дубравная, the southern end of Kazan's line: 5.8 km of way
    const [first] = nearestStations({ lat: 55.7025, lon: 49.2197 }, KAZAN, 1);
    expect(first).toMatchObject({ name: 'Дубравная', pedestrian_time: false });
    expect(first.time).toBe(transportMinutes(first.distanceMeters * ROUTE_FACTOR));
    expect(transportMinutes(10_000)).toBe(35);
  });

  it('gives at most `count` stations, never more than the 10 a listing keeps', () => {
    expect(nearestStations(BY_KITAY_GOROD, MOSCOW, 1)).toHaveLength(1);
    expect(nearestStations(BY_KITAY_GOROD, MOSCOW, 50)).toHaveLength(10);
    expect(nearestStations(BY_KITAY_GOROD, MOSCOW, 0)).toEqual([]);
  });
});

describe('the shipped data', () => {
  const stationsOf = (cityId: string) => (METRO_BY_CITY.get(cityId) ?? []).flatMap((l) => l.stations);

  it('holds every catalogue city with a metro, keyed by its location id', () => {
    const withMetro = CITIES.filter((c) => METRO_BY_CITY.has(c.id)).map((c) => c.name);
    expect(withMetro).toEqual([
      'Москва',
      'Санкт-Петербург',
      'Новосибирск',
      'Екатеринбург',
      'Казань',
      'Нижний Новгород',
    ]);
    expect(new Set(stationsOf('1').map(([name]) => name)).size).toBeGreaterThanOrEqual(150);
    expect(new Set(stationsOf('2').map(([name]) => name)).size).toBe(70);
    expect(stationsOf('3')).toHaveLength(13);
    expect(stationsOf('4')).toHaveLength(9);
    expect(stationsOf('5')).toHaveLength(11);
    expect(new Set(stationsOf('6').map(([name]) => name)).size).toBe(15);
  });

  it('places every station within 30 km of its city and gives every line a colour', () => {
    for (const [cityId, lines] of METRO_BY_CITY) {
      const centre = findLocation(cityId)!.centre;
      for (const line of lines) {
        expect(line.color).toMatch(/^#[0-9A-F]{6}$/i);
        expect(new Set(line.stations.map(([name]) => name)).size).toBe(line.stations.length);
        for (const [name, lat, lon] of line.stations)
          expect([name, metresBetween(centre, { lat, lon }) < 30_000]).toEqual([name, true]);
      }
    }
  });

  it('has 15 to 40 real streets in every catalogue city, each inside its city', () => {
    for (const city of CITIES) {
      const streets = STREETS_BY_CITY.get(city.id) ?? [];
      expect([city.name, streets.length >= 15 && streets.length <= 40]).toEqual([city.name, true]);
      for (const [street, houses, course] of streets) {
        expect(houses).toBeGreaterThanOrEqual(1);
        expect(course.length).toBeGreaterThanOrEqual(2);
        for (const [lat, lon] of course)
          expect([street, metresBetween(city.centre, { lat, lon }) < 25_000]).toEqual([street, true]);
      }
    }
  });
});
