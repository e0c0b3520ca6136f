import type { PlaceSuggestionDto } from '@estate/client';
import type { ChosenPlace } from './store';

/**
 * The place of one search (the catalogue's «Город, метро, район, улица»): a place of the tree
 * (locationId), a metro station (a circle of PLACE_RADIUS_KM around it) or a street (its words in
 * the address). It lives in the URL with the other filters; the header's place is the default.
 */
export type PlaceFilter = {
  kind: PlaceSuggestionDto['kind'];
  name: string;
  locationId: string | null;
  lat?: number;
  lon?: number;
  searchAddress?: string;
  /** the header's place it was found in (null: 'Вся Россия'): once the visitor picks another, it no longer applies */
  within: string | null;
};

/** km around a metro station (the server's locations/suggestions.ts PLACE_RADIUS_KM) */
export const PLACE_RADIUS_KM = 1.2;
const KINDS = new Set(['location', 'metro', 'street']);

export const placeOfSuggestion = (s: PlaceSuggestionDto, within: string | null): PlaceFilter => ({
  within,
  kind: s.kind,
  name: s.name,
  locationId: s.locationId,
  ...(s.kind === 'metro' && s.geo ? { lat: s.geo.lat, lon: s.geo.lon } : {}),
  ...(s.kind === 'street' && s.searchAddress ? { searchAddress: s.searchAddress } : {}),
});

/** The place of the URL's `addr…` parameters, or null when they are missing or do not fit together. */
export function placeFromParams(params: URLSearchParams): PlaceFilter | null {
  const kind = params.get('addrKind') ?? '';
  const name = (params.get('addr') ?? '').slice(0, 100);
  const id = params.get('addrLoc');
  const locationId = id && /^\d{1,10}$/.test(id) ? id : null;
  const inside = params.get('addrIn');
  const within = inside && /^\d{1,10}$/.test(inside) ? inside : null;
  if (!KINDS.has(kind) || !name) return null;
  if (kind === 'location') return locationId ? { kind, name, locationId, within } : null;
  if (kind === 'metro') {
    const lat = Number(params.get('addrLat'));
    const lon = Number(params.get('addrLon'));
    const valid = params.get('addrLat') && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
    return valid ? { kind, name, locationId, lat, lon, within } : null;
  }
  const searchAddress = (params.get('addrText') ?? '').slice(0, 200);
  return searchAddress ? { kind: 'street', name, locationId, searchAddress, within } : null;
}

/** Writes the place into a search's URL parameters. */
export function placeToParams(place: PlaceFilter | null, query: URLSearchParams) {
  if (!place) return;
  query.set('addr', place.name);
  query.set('addrKind', place.kind);
  if (place.locationId) query.set('addrLoc', place.locationId);
  if (place.lat !== undefined && place.lon !== undefined) {
    query.set('addrLat', String(place.lat));
    query.set('addrLon', String(place.lon));
  }
  if (place.searchAddress) query.set('addrText', place.searchAddress);
  if (place.within) query.set('addrIn', place.within);
}

/** The search's place while it belongs to the header's place, else null (the visitor has since picked another). */
export const currentPlace = (place: PlaceFilter | null, chosen: ChosenPlace | null) =>
  place && chosen && place.within === chosen.id ? place : null;

export type PlaceRequest = {
  locationId?: string;
  searchAddress?: string;
  geo_lat?: number;
  geo_lon?: number;
  radius?: number;
};

/**
 * The search's place fields (api.md Filters): the searched place's own locationId, else the
 * header's (none for 'Вся Россия'); a station's point with its radius; a street's words.
 */
export function placeRequest(searched: PlaceFilter | null, chosen: ChosenPlace | null): PlaceRequest {
  const place = currentPlace(searched, chosen);
  const locationId = place?.locationId ?? chosen?.id ?? null;
  return {
    ...(locationId ? { locationId } : {}),
    ...(place?.lat !== undefined && place.lon !== undefined
      ? { geo_lat: place.lat, geo_lon: place.lon, radius: PLACE_RADIUS_KM }
      : {}),
    ...(place?.searchAddress ? { searchAddress: place.searchAddress } : {}),
  };
}
