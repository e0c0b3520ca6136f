import type { Reader, Response } from 'maxmind';

const ipv4 = (n: number) => `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

/**
 * Every network of a MaxMind-format database's IPv4 space from `from` on, in order, with the first
 * address of each (`getWithPrefixLength` tells how far the answer holds). `visit` returns false to stop.
 * The generator of the tree reads the whole database this way; tests read a part of it.
 */
export function walkIpv4<T extends Response>(
  reader: Reader<T>,
  visit: (record: T, address: string, size: number) => boolean | void,
  from = 0,
  to = 2 ** 32,
): void {
  for (let at = from; at < to;) {
    const address = ipv4(at);
    const [record, prefix] = reader.getWithPrefixLength(address);
    const size = 2 ** (32 - prefix);
    if (record && visit(record, address, size) === false) return;
    at += size;
  }
}

const ipv6 = (n: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');

/** The same over global unicast IPv6 (2000::/3), where a database may place networks IPv4 does not have. */
export function walkIpv6<T extends Response>(
  reader: Reader<T>,
  visit: (record: T, address: string) => boolean | void,
): void {
  const end = 0x4000n << 112n;
  for (let at = 0x2000n << 112n; at < end;) {
    const address = ipv6(at);
    const [record, prefix] = reader.getWithPrefixLength(address);
    if (record && visit(record, address) === false) return;
    at += 1n << BigInt(128 - prefix);
  }
}
