import { MOSCOW_METRO } from './metroMoscow';
import { PETERSBURG_METRO } from './metroPetersburg';
import { KAZAN_METRO, NIZHNY_NOVGOROD_METRO, NOVOSIBIRSK_METRO, YEKATERINBURG_METRO } from './metroRegions';
import type { MetroLine } from './types';

/**
 * The metro of each catalogue city that has one, by the city's location id (locations/cities.ts).
 * Сочи, Краснодар, Калининград and Ярославль have none.
 */
export const METRO_BY_CITY: ReadonlyMap<string, readonly MetroLine[]> = new Map([
  ['1', MOSCOW_METRO],
  ['2', PETERSBURG_METRO],
  ['3', NOVOSIBIRSK_METRO],
  ['4', YEKATERINBURG_METRO],
  ['5', KAZAN_METRO],
  ['6', NIZHNY_NOVGOROD_METRO],
]);
