import { CITIES, LOCATION_TYPE, type Location, type LocationType } from './cities';
import { GEO_KNOWN, GEO_PLACES, GEO_REGION_IDS, GEO_REGIONS } from './datasets/russia';
import { DISTRICTS, SETTLEMENTS } from './districts';
import { REGION_CITIES, REGIONS } from './regions';

/** The hand-written places: the catalogue's cities and those around them, with their districts and settlements. */
const HAND: Location[] = [...REGIONS, ...CITIES, ...REGION_CITIES, ...DISTRICTS, ...SETTLEMENTS];

/**
 * The rest of Russia from the shipped dataset (datasets/russia.ts, generated from the GeoIP
 * database): every region, and every place the database can answer, below the hand-written ones
 * in lists (regions 15, places 1–19 by their number of addresses).
 */
const GENERATED_REGIONS: Location[] = GEO_REGIONS.map(([id, , name, lat, lon]) => ({
  id,
  name,
  fullName: name,
  type: LOCATION_TYPE.REGION,
  priority: 15,
  kladrCode: null,
  parentLocation: null,
  centre: { lat, lon },
  isMain: false,
}));
const regionName = new Map([...HAND, ...GENERATED_REGIONS].map((l) => [l.id, l.name]));
const GENERATED_PLACES: Location[] = GEO_PLACES.map(([id, name, parent, lat, lon, priority]) => ({
  id,
  name,
  fullName: `${name}, ${regionName.get(parent)}`,
  type: LOCATION_TYPE.CITY,
  priority,
  kladrCode: null,
  parentLocation: parent,
  centre: { lat, lon },
  isMain: false,
}));

/** Every place the product knows, one tree: regions → cities → districts → settlements. */
export const LOCATIONS: Location[] = [...HAND, ...GENERATED_REGIONS, ...GENERATED_PLACES];

/** The cities of the quick choice (the hand-written ones: two thousand would not make a list). */
export const LISTED_CITIES: Location[] = [...CITIES, ...REGION_CITIES];

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

const russian = new Intl.Collator('ru');
export const byPriority = (a: Location, b: Location) =>
  b.priority - a.priority || russian.compare(a.name, b.name);

/** 'ё' counts as 'е' and case does not matter, as people type place names. */
export const normalizeName = (text: string) =>
  text.trim().toLocaleLowerCase('ru').replaceAll('ё', 'е').replace(/\s+/g, ' ');

/** the names as searched, made once: the tree has some two thousand places */
const searchNames = LOCATIONS.map((l) => normalizeName(l.name));

/** Names that start with the text first, then names that contain it; each group by priority. */
export function searchLocations(text: string, limit: number): Location[] {
  const needle = normalizeName(text);
  const ranked: { l: Location; at: number }[] = [];
  for (let i = 0; i < LOCATIONS.length; i++) {
    const at = searchNames[i].indexOf(needle);
    if (at >= 0) ranked.push({ l: LOCATIONS[i], at });
  }
  return ranked
    .sort((a, b) => Number(a.at > 0) - Number(b.at > 0) || byPriority(a.l, b.l))
    .slice(0, limit)
    .map((m) => m.l);
}

/** The subject a place lies in: its top ancestor (a region, or a federal city for its own places). */
const subjectOf = (location: Location): Location => {
  const chain = ancestry(location);
  return chain[chain.length - 1];
};

const byGeoname = new Map<number, Location>(GEO_KNOWN.map(([geonameId, id]) => [geonameId, byId.get(id)!]));
for (const l of [...GENERATED_REGIONS, ...GENERATED_PLACES]) byGeoname.set(Number(l.id), l);
/** `subject id|name` → the place of that name there with the highest priority */
const byRegionAndName = new Map<string, Location>();
LOCATIONS.forEach((l, i) => {
  if (l.type === LOCATION_TYPE.REGION) return;
  const key = `${subjectOf(l).id}|${searchNames[i]}`;
  const known = byRegionAndName.get(key);
  if (!known || byPriority(l, known) < 0) byRegionAndName.set(key, l);
});

/** The tree's place of a GeoNames id the GeoIP database answers (a city or a region), or null. */
export const placeOfGeoname = (geonameId: number): Location | null => byGeoname.get(geonameId) ?? null;

/** The tree's place for a region code of the database (`MOS`; `UA-43` for Crimea), federal cities their city. */
export const placeOfRegionCode = (code: string): Location | null =>
  Object.hasOwn(GEO_REGION_IDS, code) ? findLocation(GEO_REGION_IDS[code]) : null;

/** A place of the subject by its Russian name (a database newer than the dataset may name it by another id). */
export const placeByName = (subject: Location, name: string): Location | null =>
  byRegionAndName.get(`${subject.id}|${normalizeName(name)}`) ?? null;

export type GeoPoint = { lat: number; lon: number };

const radians = (degrees: number) => (degrees * Math.PI) / 180;
/** Great-circle distance in km on a sphere of 6,371 km, as the catalogue's geo search measures. */
export function kmBetween(a: GeoPoint, b: GeoPoint): number {
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** the places a point may be put in: cities, settlements and villages (not districts or regions) */
const POINTS = LOCATIONS.filter(
  (l) => PUBLICATION_PLACE_TYPES.includes(l.type) && l.type !== LOCATION_TYPE.AREA,
);

const pointLats = Float64Array.from(POINTS, (l) => l.centre.lat);
const pointLons = Float64Array.from(POINTS, (l) => l.centre.lon);

/**
 * The city, settlement or village of the tree nearest to a point, and how far: a scan of some two
 * thousand points on a plane squeezed by the point's latitude (within a few per cent of the sphere
 * at the distances that matter here), then the great-circle distance of the nearest.
 */
export function nearestPlace(point: GeoPoint): { location: Location; km: number } {
  const squeeze = Math.cos(radians(point.lat)) ** 2;
  let best = 0;
  let bestSquare = Infinity;
  for (let i = 0; i < POINTS.length; i++) {
    const dLat = pointLats[i] - point.lat;
    // across the 180th meridian (Chukotka) the shorter way round
    const dLon = Math.abs(pointLons[i] - point.lon);
    const square = dLat * dLat + squeeze * Math.min(dLon, 360 - dLon) ** 2;
    if (square < bestSquare) [best, bestSquare] = [i, square];
  }
  return { location: POINTS[best], km: kmBetween(point, POINTS[best].centre) };
}
