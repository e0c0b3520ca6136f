import { BlockList, isIP } from 'node:net';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import { LOCATION_TYPE, type Location } from './cities';
import { geoIpDatabaseOf, geoIpReader, lookupGeoIp, type GeoIpAnswer } from './geoIp';
import { IP_RANGES } from './ipRanges';
import { findLocation, nearestPlace, placeByName, placeOfGeoname, placeOfRegionCode } from './tree';

const local = new BlockList();
local.addSubnet('10.0.0.0', 8);
local.addSubnet('172.16.0.0', 12);
local.addSubnet('192.168.0.0', 16);
local.addSubnet('127.0.0.0', 8);
local.addSubnet('169.254.0.0', 16);
local.addSubnet('100.64.0.0', 10);
local.addAddress('::1', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

export type IpKind = 'private' | 'public' | 'invalid';

/** '::ffff:1.2.3.4' (an IPv4 caller of a dual-stack socket) is the IPv4 address it wraps. */
const unwrap = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);
const familyOf = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');

export function ipKind(ip: string): IpKind {
  const unwrapped = unwrap(ip);
  if (isIP(unwrapped) === 0) return 'invalid';
  return local.check(unwrapped, familyOf(unwrapped)) ? 'private' : 'public';
}

/** The table's ranges, each in a list of its own, in the table's order (the first range that holds an address wins). */
const RANGES = IP_RANGES.map(([cidr, locationId]) => {
  const [network, prefix] = cidr.split('/');
  const list = new BlockList();
  list.addSubnet(network, Number(prefix), familyOf(network));
  const location = findLocation(locationId);
  if (!location) throw new Error(`ipRanges.ts names location ${locationId}, which the tree does not hold`);
  return { list, location };
});

/** how far a city the tree lacks may lie from a place of the tree to be put there rather than in its region */
export const NEAR_KM = 30;
/** how far an address outside Russia's regions may lie from the nearest place of the tree to be put there */
export const FAR_KM = 300;

/**
 * How an address was placed: `city` — the database's city is a place of the tree; `region` — the
 * database names only a region (or a city the tree lacks, far from its places); `nearest` — the
 * city is outside the tree, and the place is the tree's nearest to it (distanceKm away).
 */
export type IpMatch = 'city' | 'region' | 'nearest';
export type IpPlace = {
  location: Location | null;
  kind: IpKind;
  match?: IpMatch;
  /** `nearest`: km from the database's point to the place's centre */
  distanceKm?: number;
};

/** The tree's place for the database's answer (see IpMatch); none for a country alone, or one too far away. */
export function placeOf(answer: GeoIpAnswer): Omit<IpPlace, 'kind'> {
  const city = answer.cityGeonameId === null ? null : placeOfGeoname(answer.cityGeonameId);
  if (city && city.type !== LOCATION_TYPE.REGION) return { location: city, match: 'city' };
  const region = answer.regionCode ? placeOfRegionCode(answer.regionCode) : null;
  // a newer database than the tree's may give a known place another id
  const named = region && answer.cityName ? placeByName(region, answer.cityName) : null;
  if (named) return { location: named, match: 'city' };
  const near = answer.cityGeonameId !== null && answer.point ? nearestPlace(answer.point) : null;
  const nearest = (limit: number) =>
    near && near.km <= limit
      ? { location: near.location, match: 'nearest' as const, distanceKm: Math.round(near.km * 10) / 10 }
      : null;
  return (
    nearest(NEAR_KM) ??
    (region ? { location: region, match: 'region' } : (nearest(FAR_KM) ?? { location: null }))
  );
}

/**
 * The place of a public address: outside production the documentation blocks of the demo table
 * (ipRanges.ts) first, then the GeoIP database (geoIp.ts) matched onto the tree; null for a
 * private, malformed or unknown address (the caller answers the site's default place then).
 */
export function locationByIp(
  ctx: { config: Pick<Config, 'NODE_ENV' | 'GEOIP_DATABASE'>; logger?: Pick<Logger, 'error'> },
  ip: string,
): IpPlace {
  const kind = ipKind(ip);
  if (kind !== 'public') return { location: null, kind };
  const address = unwrap(ip);
  const family = familyOf(address);
  const demo =
    ctx.config.NODE_ENV === 'production' ? null : RANGES.find((r) => r.list.check(address, family));
  if (demo)
    return {
      location: demo.location,
      kind,
      match: demo.location.type === LOCATION_TYPE.REGION ? 'region' : 'city',
    };
  const path = geoIpDatabaseOf(ctx.config);
  const reader = path ? geoIpReader(path, ctx.logger) : null;
  const answer = reader ? lookupGeoIp(reader, address) : null;
  return { ...(answer ? placeOf(answer) : { location: null }), kind };
}
