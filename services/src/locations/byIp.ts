import { BlockList, isIP } from 'node:net';
import { findLocation, DEFAULT_CITY_ID } from './tree';

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

export function ipKind(ip: string): IpKind {
  const unwrapped = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(unwrapped);
  if (family === 0) return 'invalid';
  return local.check(unwrapped, family === 4 ? 'ipv4' : 'ipv6') ? 'private' : 'public';
}

/**
 * No GeoIP database is reachable from here, so every address — private, public or malformed — is
 * answered with the default city; the call never fails (the client only asks when it has no cookie).
 */
export function locationByIp(ip: string) {
  return { location: findLocation(DEFAULT_CITY_ID)!, kind: ipKind(ip) };
}
