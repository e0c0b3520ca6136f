/**
 * The demo's table of IP ranges and the place each stands for: `CIDR → location id` of the tree.
 *
 * Real addresses are placed by the GeoIP database (geoIp.ts). This table maps only the documentation
 * blocks of RFC 5737 and RFC 3849 — addresses no real visitor has, so they never hide a real answer —
 * to the catalogue's places, for the tests and a curious visitor (`?ip=`) to pick a place by address.
 * It is read before the database outside production, never in production.
 */
export const IP_RANGES: readonly (readonly [cidr: string, locationId: string])[] = [
  ['192.0.2.0/28', '1'], // Москва
  ['192.0.2.16/28', '2'], // Санкт-Петербург
  ['192.0.2.32/28', '3'], // Новосибирск
  ['192.0.2.48/28', '4'], // Екатеринбург
  ['192.0.2.64/28', '5'], // Казань
  ['192.0.2.80/28', '6'], // Нижний Новгород
  ['192.0.2.96/28', '7'], // Сочи
  ['192.0.2.112/28', '8'], // Краснодар
  ['192.0.2.128/28', '9'], // Калининград
  ['192.0.2.144/28', '10'], // Ярославль
  ['198.51.100.0/26', '101'], // Московская область
  ['198.51.100.64/26', '102'], // Ленинградская область
  ['198.51.100.128/26', '22'], // Севастополь
  ['2001:db8:1::/48', '1'],
  ['2001:db8:2::/48', '2'],
  ['2001:db8:5::/48', '5'],
];
