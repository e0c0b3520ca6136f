import { queryOptions } from '@tanstack/react-query';
import { ApiError, NO_RESULTS, type PageMeta } from '@estate/client';
import type { DealCategory, Publication, SearchRequest } from '../api/types';
import { browserCall, type ApiCall } from '../app/call';
import { placeFromParams, placeRequest } from '../place/placeFilter';
import type { ChosenPlace } from '../place/store';
import { METRO_CHOICES, SORTS, type Filters } from './SearchBar';

export const PER_PAGE = 20;

/** The catalogue's filters from the address's query (the same on the server and in the browser). */
export function filtersFrom(params: URLSearchParams): Filters {
  return {
    rooms: (params.get('rooms') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => n >= 1 && n <= 4),
    priceMin: /^\d+$/.test(params.get('priceMin') ?? '') ? params.get('priceMin')! : '',
    priceMax: /^\d+$/.test(params.get('priceMax') ?? '') ? params.get('priceMax')! : '',
    sort: SORTS[params.get('sort') ?? ''] ? params.get('sort')! : 'new',
    checkIn: params.get('checkIn') ?? '',
    checkOut: params.get('checkOut') ?? '',
    guests: Math.max(0, Number(params.get('guests')) || 0),
    metro: Object.hasOwn(METRO_CHOICES, params.get('metro') ?? '') ? params.get('metro')! : '',
    place: placeFromParams(params),
  };
}

export const pageFrom = (params: URLSearchParams) =>
  Math.min(10_000, Math.max(1, Number(params.get('page')) || 1));

export function requestFrom(
  deal: DealCategory,
  filters: Filters,
  page: number,
  chosen: ChosenPlace | null,
  /** a landing page's city: it stands in for the visitor's place */
  landingLocationId?: string | null,
  /** a metro station's landing: the listings around its point, unless the visitor searched a place */
  near?: Landing['near'],
): SearchRequest {
  const min = filters.priceMin ? Number(filters.priceMin) : null;
  const max = filters.priceMax ? Number(filters.priceMax) : null;
  return {
    dealCategory: deal,
    limit: PER_PAGE,
    offset: page,
    ...SORTS[filters.sort].request,
    ...placeRequest(filters.place, landingLocationId ? { id: landingLocationId, name: '' } : chosen),
    ...(near && !filters.place ? { geo_lat: near.lat, geo_lon: near.lon, radius: near.radius } : {}),
    ...(min !== null || max !== null ? { price: [{ min, max }] as SearchRequest['price'] } : {}),
    ...(filters.rooms.length ? { roomCount: filters.rooms } : {}),
    ...(deal === 'dailyRent' && filters.checkIn && filters.checkOut > filters.checkIn
      ? { dates: [filters.checkIn, filters.checkOut] as [string, string] }
      : {}),
    ...(deal === 'dailyRent' && filters.guests > 0 ? { adultCount: filters.guests } : {}),
    ...(filters.metro
      ? {
          roadToMetro: METRO_CHOICES[filters.metro].roadToMetro,
          notMoreMinutes: METRO_CHOICES[filters.metro].minutes,
        }
      : {}),
  };
}

export type CataloguePage = { data: Publication[]; meta: PageMeta };

/** One page of a search; 'nothing found' (errorCode 34) is an empty page. */
export const catalogueQuery = (request: SearchRequest, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['publications', 'search', request],
    queryFn: async ({ signal }): Promise<CataloguePage> => {
      try {
        return await call<CataloguePage>('/api/publications', { method: 'POST', body: request, signal });
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === NO_RESULTS)
          return { data: [], meta: { current_page: 1, last_page: 1, per_page: request.limit, total: 0 } };
        throw error;
      }
    },
  });

/**
 * A landing page's place: /prodazha/gorod/{city}, /prodazha/gorod/{city}/rayon/{district} and
 * /prodazha/gorod/{city}/metro/{station}.
 */
export type Landing = {
  locationId: string;
  /** «Купить квартиру в Казани» */
  title: string;
  description: string;
  /** the crumbs above the title: [name, path] from the deal's catalogue */
  crumbs: [string, string][];
  /** the places inside it that have their own landing (a city's districts) */
  children: { name: string; path: string }[];
  /** a city's metro stations, each with its landing */
  stations: { name: string; path: string }[];
  /** a station's landing: its point and the radius around it, in km */
  near: { lat: number; lon: number; radius: number } | null;
};

/** The landing's place below its city: a district, or a metro station. */
export type LandingPart = { district: string } | { station: string } | null;
export const landingPart = (params: { district?: string; station?: string }): LandingPart =>
  params.district ? { district: params.district } : params.station ? { station: params.station } : null;

export const landingQuery = (
  deal: DealCategory,
  city: string,
  part: LandingPart,
  call: ApiCall = browserCall,
) =>
  queryOptions({
    queryKey: ['landing', deal, city, part],
    /** null: no such place (the page is the 404) */
    queryFn: ({ signal }): Promise<Landing | null> =>
      call<{ data: Landing }>(
        `/api/site/landings/${deal}/${encodeURIComponent(city)}${
          part === null
            ? ''
            : 'district' in part
              ? `/${encodeURIComponent(part.district)}`
              : `/metro/${encodeURIComponent(part.station)}`
        }`,
        { signal },
      ).then(
        (r) => r.data,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
    staleTime: Infinity,
  });
