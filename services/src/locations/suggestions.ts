import type { AppContext } from '../core/context';
import { CITIES, LOCATION_TYPE, type Location } from './cities';
import type { PlaceSuggestionDto } from './dto';
import { cityIdsWithin } from './scope';
import { STREET_KIND_WORDS } from '../core/streetKinds';
import { ancestry, cityOf, findLocation, LOCATIONS, normalizeName, searchLocations } from './tree';

/** km around a metro station a search by the station covers (about 15 minutes on foot) */
export const PLACE_RADIUS_KM = 1.2;

/**
 * The metro lines of each city, by the city's location id: the geo slice's shipped stations. The app
 * hands them in (geo reads this slice's tree, so this slice does not import geo).
 */
export type MetroByCity = ReadonlyMap<
  string,
  readonly {
    readonly name: string;
    readonly color: string;
    readonly stations: readonly (readonly [name: string, lat: number, lon: number])[];
  }[]
>;

const KIND_NAMES: Record<number, string> = {
  [LOCATION_TYPE.CITY]: 'город',
  [LOCATION_TYPE.AREA]: 'район',
  [LOCATION_TYPE.SETTLEMENT]: 'посёлок',
  [LOCATION_TYPE.VILLAGE]: 'село, деревня',
  [LOCATION_TYPE.REGION]: 'регион',
};

const STREET_KINDS = new Set(STREET_KIND_WORDS);

const parentName = (location: Location) =>
  location.parentLocation ? (findLocation(location.parentLocation)?.name ?? null) : null;

function locationSuggestion(location: Location): PlaceSuggestionDto {
  const parent = parentName(location);
  return {
    kind: 'location',
    name: location.name,
    subtitle: [KIND_NAMES[location.type], parent].filter(Boolean).join(', '),
    locationId: location.id,
    geo: location.centre,
    searchAddress: null,
    color: null,
  };
}

/** Places of the tree inside the chosen one (the chosen one itself left out), or anywhere for all of Russia. */
function locationMatches(text: string, scope: Location | null, count: number): PlaceSuggestionDto[] {
  const inside = (l: Location) =>
    scope === null ? true : l.id !== scope.id && ancestry(l).some((a) => a.id === scope.id);
  return searchLocations(text, LOCATIONS.length).filter(inside).slice(0, count).map(locationSuggestion);
}

/** Stations of the cities the place covers whose name starts with the text (or holds it, from 3 letters). */
function metroMatches(
  metroByCity: MetroByCity,
  text: string,
  scope: Location | null,
  count: number,
): PlaceSuggestionDto[] {
  const cityIds = scope === null ? null : new Set(cityIdsWithin(scope.id));
  const needle = normalizeName(text);
  const found: (PlaceSuggestionDto & { at: number })[] = [];
  const seen = new Set<string>();
  for (const [cityId, lines] of metroByCity) {
    if (cityIds && !cityIds.has(cityId)) continue;
    const city = findLocation(cityId)!;
    for (const line of lines)
      for (const [name, lat, lon] of line.stations) {
        const at = normalizeName(name).indexOf(needle);
        if (at < 0 || (at > 0 && needle.length < 3) || seen.has(`${cityId}:${name}`)) continue;
        seen.add(`${cityId}:${name}`);
        found.push({
          kind: 'metro',
          name,
          subtitle: `метро, ${line.name}${scope?.type === LOCATION_TYPE.CITY ? '' : `, ${city.name}`}`,
          locationId: cityId,
          geo: { lat, lon },
          searchAddress: null,
          color: line.color,
          at,
        });
      }
  }
  return found
    .sort((a, b) => Number(a.at > 0) - Number(b.at > 0) || a.name.localeCompare(b.name, 'ru'))
    .slice(0, count)
    .map(({ at: _at, ...suggestion }) => suggestion);
}

/** The port's filter for the chosen place: its city, else its region without the kind («Московская»). */
function areaOf(scope: Location | null): { city?: string; region?: string } {
  if (!scope) return {};
  const city = cityOf(scope);
  if (city) return { city: city.name };
  const region = ancestry(scope).find((l) => l.type === LOCATION_TYPE.REGION);
  return region
    ? { region: region.name.replace(/\s*(Республика|область|край|автономный округ)\s*/gi, ' ').trim() }
    : {};
}

/**
 * Streets through the address-suggestion port (DaData, or the shipped gazetteer): one suggestion a
 * street (its houses folded), searched by the street's own words in the city it lies in. The port
 * spends a paid quota, so it counts in the same per-IP limit as the staff's address calls; when the
 * limit is reached or the provider fails, the places and stations are answered without streets.
 */
async function streetMatches(
  ctx: AppContext,
  ip: string,
  text: string,
  scope: Location | null,
  count: number,
): Promise<PlaceSuggestionDto[]> {
  if (normalizeName(text).length < 3 || count < 1) return [];
  try {
    await ctx.limits.consume('addressSuggestionsPerIp', ip);
    const answers = await ctx.addresses.suggest(text, { count: count * 2, ...areaOf(scope) });
    const found = new Map<string, PlaceSuggestionDto>();
    for (const { value, data } of answers) {
      const parts = value.split(',').map((p) => p.trim());
      const street = parts.find((p, i) => i > 0 && !/^(д|дом|к|корп|стр|кв)\s/i.test(p));
      if (!street || !data.city) continue;
      const words = street.split(/\s+/).filter((w) => !STREET_KINDS.has(normalizeName(w).replace(/\.$/, '')));
      const city =
        CITIES.find((c) => normalizeName(c.name) === normalizeName(data.city!)) ??
        LOCATIONS.find(
          (l) => l.type === LOCATION_TYPE.CITY && normalizeName(l.name) === normalizeName(data.city!),
        );
      const key = `${data.city}:${street}`;
      if (!words.length || found.has(key)) continue;
      found.set(key, {
        kind: 'street',
        name: street,
        subtitle: `улица, ${data.city}`,
        locationId: city?.id ?? scope?.id ?? null,
        geo: data.geo_lat && data.geo_lon ? { lat: Number(data.geo_lat), lon: Number(data.geo_lon) } : null,
        searchAddress: words.join(' '),
        color: null,
      });
    }
    return [...found.values()].slice(0, count);
  } catch {
    return [];
  }
}

/**
 * The catalogue's place search: places of the tree inside the chosen place first, then metro
 * stations, then streets, `limit` in all (each kind keeps a share when the others have enough).
 */
export async function suggestPlaces(
  ctx: AppContext,
  metroByCity: MetroByCity,
  ip: string,
  text: string,
  scope: Location | null,
  limit: number,
): Promise<PlaceSuggestionDto[]> {
  const share = Math.max(1, Math.ceil(limit / 3));
  const [places, stations, streets] = await Promise.all([
    Promise.resolve(locationMatches(text, scope, limit)),
    Promise.resolve(metroMatches(metroByCity, text, scope, limit)),
    streetMatches(ctx, ip, text, scope, limit),
  ]);
  const picked = [places.slice(0, share), stations.slice(0, share), streets.slice(0, share)];
  const rest = [places.slice(share), stations.slice(share), streets.slice(share)].flat();
  return [...picked.flat(), ...rest].slice(0, limit).sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind]);
}

const kindOrder = { location: 0, metro: 1, street: 2 } as const;
