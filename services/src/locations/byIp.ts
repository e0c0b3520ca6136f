import { BlockList, isIP } from 'node:net';
import type { Location } from './cities';
import { IP_RANGES } from './ipRanges';
import { findLocation } from './tree';

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

/**
 * The place of a public address by the shipped range table (ipRanges.ts), or null: a private,
 * malformed or unlisted address (the caller answers the site's default place then).
 */
export function locationByIp(ip: string): { location: Location | null; kind: IpKind } {
  const kind = ipKind(ip);
  if (kind !== 'public') return { location: null, kind };
  const address = unwrap(ip);
  const family = familyOf(address);
  return { location: RANGES.find((r) => r.list.check(address, family))?.location ?? null, kind };
}
