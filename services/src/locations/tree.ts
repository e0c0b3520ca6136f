import { CITIES, LOCATION_TYPE, type Location, type LocationType } from './cities';
import { DISTRICTS, SETTLEMENTS } from './districts';
import { REGION_CITIES, REGIONS } from './regions';

/** Every place the product knows, one tree: regions → cities → districts → settlements. */
export const LOCATIONS: Location[] = [...REGIONS, ...CITIES, ...REGION_CITIES, ...DISTRICTS, ...SETTLEMENTS];

const byId = new Map(LOCATIONS.map((l) => [l.id, l]));
const childrenOf = new Map<string, Location[]>();
for (const l of LOCATIONS)
  if (l.parentLocation) childrenOf.set(l.parentLocation, [...(childrenOf.get(l.parentLocation) ?? []), l]);

/** A location as the API answers it: the product's fields and the point to centre a map on. */
export const toLocationDto = ({ centre, isMain: _isMain, ...location }: Location) => ({
  ...location,
  geo: centre,
});

export const findLocation = (id: string): Location | null => byId.get(id) ?? null;

/** Where a listing stands: a city, a city district or a settlement — never a region or all of Russia. */
export const PUBLICATION_PLACE_TYPES: LocationType[] = [
  LOCATION_TYPE.CITY,
  LOCATION_TYPE.AREA,
  LOCATION_TYPE.SETTLEMENT,
  LOCATION_TYPE.VILLAGE,
];

/** The place of the tree a listing may be put in, or null (unknown id, a region). */
export function findPublicationPlace(id: string): Location | null {
  const location = findLocation(id);
  return location && PUBLICATION_PLACE_TYPES.includes(location.type) ? location : null;
}

/** The location and the places above it, nearest first. */
export function ancestry(location: Location): Location[] {
  const parent = location.parentLocation ? findLocation(location.parentLocation) : null;
  return [location, ...(parent ? ancestry(parent) : [])];
}

/** The city a place lies in (a city is its own), or null for a settlement that belongs to a region directly. */
export const cityOf = (location: Location): Location | null =>
  ancestry(location).find((l) => l.type === LOCATION_TYPE.CITY) ?? null;

/** The location and everything below it, depth first. */
export function subtree(location: Location): Location[] {
  return [location, ...(childrenOf.get(location.id) ?? []).flatMap(subtree)];
}

/**
 * 'Вся Россия' (product.md: id null). It carries the spec's kladr code 7700000000000, which is also
 * Moscow's real code: locations are told apart by id only (docs/decisions.md).
 */
export const ALL_RUSSIA = {
  id: null,
  name: 'Вся Россия',
  fullName: 'Вся Россия',
  type: LOCATION_TYPE.REGION,
  priority: 1000,
  kladrCode: '7700000000000',
  parentLocation: null,
  geo: { lat: 55.751244, lon: 37.618423 },
} as const;

export const DEFAULT_CITY_ID = '1';
/** product.md section 9, tag cities: the quick choice of the locations modal */
export const MAIN_LOCATION_IDS = ['1', '101', '2', '102'];
/** Crimea's subjects and their cities, asked for separately by the client (address suggestions filter) */
export const CRIMEA_ROOT_IDS = ['110', '22'];

export const byPriority = (a: Location, b: Location) =>
  b.priority - a.priority || a.name.localeCompare(b.name, 'ru');

/** 'ё' counts as 'е' and case does not matter, as people type place names. */
export const normalizeName = (text: string) =>
  text.trim().toLocaleLowerCase('ru').replaceAll('ё', 'е').replace(/\s+/g, ' ');

/** Names that start with the text first, then names that contain it; each group by priority. */
export function searchLocations(text: string, limit: number): Location[] {
  const needle = normalizeName(text);
  const ranked = LOCATIONS.map((l) => ({ l, at: normalizeName(l.name).indexOf(needle) })).filter(
    (m) => m.at >= 0,
  );
  return ranked
    .sort((a, b) => Number(a.at > 0) - Number(b.at > 0) || byPriority(a.l, b.l))
    .slice(0, limit)
    .map((m) => m.l);
}
