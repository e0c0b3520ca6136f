import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, NO_RESULTS, type PageMeta } from '@estate/client';
import type { DealCategory, Publication, SearchRequest } from '../api/types';
import { browserCall, type ApiCall } from '../app/call';
import { placeFromParams, placeRequest, placeToParams } from '../place/placeFilter';
import type { ChosenPlace } from '../place/store';
import type { ComplexListingsRequest } from '../newBuildings/queries';
import { METRO_CHOICES, SORTS, type CharacteristicFilter, type Filters } from './filters';

export const PER_PAGE = 20;
/** api.md section 9: "A reset sets limit 8" — kept in the address (`limit=8`) as the page is turned */
export const RESET_PAGE_SIZE = 8;
export const pageSizeFrom = (params: URLSearchParams) =>
  Number(params.get('limit')) === RESET_PAGE_SIZE ? RESET_PAGE_SIZE : PER_PAGE;

/**
 * The characteristics «Все фильтры» keeps in the address, each under its cianName
 * (`TotalArea=30-60`, `RepairType=2,3`, `HasBalcony=1`): the spec's filter characteristics but the
 * rooms and the guests, which have their own fields (docs/decisions.md: the 18 fixed ids).
 */
export const CHARACTERISTIC_PARAMS = [
  'TotalArea',
  'LivingArea',
  'KitchenArea',
  'FloorNumber',
  'FloorsCount',
  'BuildYear',
  'CeilingHeight',
  'BathroomType',
  'HasBalcony',
  'RepairType',
  'HasParking',
  'HasLift',
  'HasFurniture',
  'Deposit',
  'ClientFee',
  'PetsAllowed',
] as const;
const RANGE = /^(\d{1,9}(?:\.\d{1,2})?)?-(\d{1,9}(?:\.\d{1,2})?)?$/;
const VALUES = /^\d{1,3}(?:,\d{1,3}){0,19}$/;

function characteristicsFrom(params: URLSearchParams): Record<string, CharacteristicFilter> {
  const found: Record<string, CharacteristicFilter> = {};
  for (const name of CHARACTERISTIC_PARAMS) {
    const text = params.get(name) ?? '';
    const range = RANGE.exec(text);
    if (range && (range[1] || range[2])) found[name] = { min: range[1] ?? '', max: range[2] ?? '' };
    else if (VALUES.test(text)) found[name] = { values: [...new Set(text.split(',').map(Number))] };
  }
  return found;
}

/** a characteristic that filters something: a bound typed or a value chosen */
export const isSet = (c: CharacteristicFilter | undefined): c is CharacteristicFilter =>
  c !== undefined && ('values' in c ? c.values.length > 0 : Boolean(c.min || c.max));

/** The catalogue's filters from the address's query (the same on the server and in the browser). */
export function filtersFrom(params: URLSearchParams): Filters {
  const type = Number(params.get('type'));
  return {
    rooms: [
      ...new Set(
        (params.get('rooms') ?? '')
          .split(',')
          .filter((r) => /^[0-4]$/.test(r))
          .map(Number),
      ),
    ].sort((a, b) => a - b),
    priceMin: /^\d+$/.test(params.get('priceMin') ?? '') ? params.get('priceMin')! : '',
    priceMax: /^\d+$/.test(params.get('priceMax') ?? '') ? params.get('priceMax')! : '',
    sort: SORTS[params.get('sort') ?? ''] ? params.get('sort')! : 'new',
    checkIn: params.get('checkIn') ?? '',
    checkOut: params.get('checkOut') ?? '',
    guests: Math.max(0, Number(params.get('guests')) || 0),
    metro: Object.hasOwn(METRO_CHOICES, params.get('metro') ?? '') ? params.get('metro')! : '',
    place: placeFromParams(params),
    propertyType: Number.isInteger(type) && type >= 1 && type <= 30 ? type : null,
    characteristics: characteristicsFrom(params),
    deadline: /^20\d\d$/.test(params.get('deadline') ?? '') ? params.get('deadline')! : '',
    complex: /^[\w-]{1,64}$/.test(params.get('complex') ?? '') ? params.get('complex')! : '',
  };
}

/** The address's query of the filters, the page, its size and the map's view (filtersFrom reads it back). */
export function filtersToParams(
  filters: Filters,
  page = 1,
  map = false,
  pageSize = PER_PAGE,
): URLSearchParams {
  const query = new URLSearchParams();
  if (map) query.set('view', 'map');
  if (filters.propertyType) query.set('type', String(filters.propertyType));
  if (filters.rooms.length) query.set('rooms', filters.rooms.join(','));
  if (filters.priceMin) query.set('priceMin', filters.priceMin);
  if (filters.priceMax) query.set('priceMax', filters.priceMax);
  for (const name of CHARACTERISTIC_PARAMS) {
    const c = filters.characteristics[name];
    if (!isSet(c)) continue;
    query.set(name, 'values' in c ? c.values.join(',') : `${c.min}-${c.max}`);
  }
  if (filters.deadline) query.set('deadline', filters.deadline);
  if (filters.complex) query.set('complex', filters.complex);
  if (filters.sort !== 'new') query.set('sort', filters.sort);
  if (filters.checkIn) query.set('checkIn', filters.checkIn);
  if (filters.checkOut) query.set('checkOut', filters.checkOut);
  if (filters.guests) query.set('guests', String(filters.guests));
  if (filters.metro) query.set('metro', filters.metro);
  placeToParams(filters.place, query);
  if (page > 1) query.set('page', String(page));
  if (pageSize !== PER_PAGE) query.set('limit', String(pageSize));
  return query;
}

const bound = (text: string) => (text ? Number(text) : null);

/** characteristicData of the search body (api.md): ranges as minValue/maxValue, lists as values */
function characteristicData(filters: Filters): NonNullable<SearchRequest['characteristicData']> {
  type Item = NonNullable<SearchRequest['characteristicData']>[number];
  return CHARACTERISTIC_PARAMS.flatMap((cianName): Item[] => {
    const c = filters.characteristics[cianName];
    if (!isSet(c)) return [];
    return 'values' in c
      ? [{ cianName, values: c.values }]
      : [{ cianName, minValue: bound(c.min), maxValue: bound(c.max) }];
  });
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
  pageSize: number = PER_PAGE,
): SearchRequest {
  const min = filters.priceMin ? Number(filters.priceMin) : null;
  const max = filters.priceMax ? Number(filters.priceMax) : null;
  return {
    dealCategory: deal,
    limit: pageSize,
    offset: page,
    ...SORTS[filters.sort].request,
    ...placeRequest(filters.place, landingLocationId ? { id: landingLocationId, name: '' } : chosen),
    ...(near && !filters.place ? { geo_lat: near.lat, geo_lon: near.lon, radius: near.radius } : {}),
    ...(min !== null || max !== null ? { price: [{ min, max }] as SearchRequest['price'] } : {}),
    ...(filters.rooms.length ? { roomCount: filters.rooms } : {}),
    ...(filters.propertyType ? { propertyType: filters.propertyType } : {}),
    ...(characteristicData(filters).length ? { characteristicData: characteristicData(filters) } : {}),
    ...(deal === 'sale' && filters.deadline ? { deadline: Number(filters.deadline) } : {}),
    ...(deal === 'sale' && filters.complex ? { residentialComplexId: filters.complex } : {}),
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

/** One page of a search (the catalogue's, a complex's listings); 'nothing found' (errorCode 34) is an empty page. */
export const catalogueQuery = (
  request: SearchRequest | ComplexListingsRequest,
  call: ApiCall = browserCall,
) =>
  queryOptions({
    queryKey: ['publications', 'search', request],
    queryFn: async ({ signal }): Promise<CataloguePage> => {
      try {
        return await call.post('/api/publications', { body: request, signal });
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === NO_RESULTS)
          return { data: [], meta: { current_page: 1, last_page: 1, per_page: request.limit, total: 0 } };
        throw error;
      }
    },
  });

/** The search's filters without its page and order: what POST /api/publications/count takes. */
export type CountRequest = Omit<SearchRequest, 'limit' | 'offset' | 'sortByPrice' | 'sortByDate'>;
export const countRequestOf = (request: SearchRequest): CountRequest => {
  const { limit: _limit, offset: _offset, sortByPrice: _price, sortByDate: _date, ...rest } = request;
  return rest;
};

/** How many listings match (POST /api/publications/count). */
export const countQuery = (request: CountRequest, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['publications', 'count', request],
    queryFn: ({ signal }) =>
      call.post('/api/publications/count', { body: request, signal }).then((r) => r.data.publicationCount),
    staleTime: 30_000,
  });

/** The deal's property types (GET /api/deal-categories/{deal}): the categories with a type, new builds aside. */
export const dealCategoriesQuery = (deal: DealCategory, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['deal-categories', deal],
    queryFn: ({ signal }) =>
      call
        .get('/api/deal-categories/{deal}', { path: { deal }, signal })
        .then((r) =>
          r.data.categories
            .filter((c) => c.propertyType !== null && !c.isNewBuilding)
            .map((c) => ({ propertyType: c.propertyType!, name: c.name })),
        ),
    staleTime: Infinity,
  });

/**
 * The deal's filter characteristics (GET /api/deal-categories/{deal}/characteristics), for one
 * property type when one is chosen: those the address keeps, and the rooms (whether the type has them).
 */
export const characteristicsQuery = (
  deal: DealCategory,
  propertyType: number | null,
  call: ApiCall = browserCall,
) =>
  queryOptions({
    queryKey: ['deal-categories', deal, 'characteristics', propertyType],
    queryFn: ({ signal }) =>
      call
        .get('/api/deal-categories/{deal}/characteristics', {
          path: { deal },
          query: { propertyType: propertyType || undefined },
          signal,
        })
        .then((r) =>
          r.data.filter(
            (c) =>
              c.cianName === 'FlatRoomsCount' ||
              (CHARACTERISTIC_PARAMS as readonly string[]).includes(c.cianName),
          ),
        ),
    staleTime: Infinity,
  });

/** A residential complex's name for its tag (GET /api/residential-complexes/{id}); '' for an unknown one. */
export const complexNameQuery = (id: string, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['residential-complexes', 'name', id],
    queryFn: ({ signal }) =>
      call.get('/api/residential-complexes/{id}', { path: { id }, signal }).then(
        (r) => r.data.name,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return '';
          throw error;
        },
      ),
    staleTime: Infinity,
  });

/** The names the filter tags show (the type, the characteristics, the complex), for server rendering. */
export async function filterLabelsPrefetch(
  queryClient: QueryClient,
  deal: DealCategory,
  filters: Filters,
  call: ApiCall,
): Promise<void> {
  await Promise.all([
    filters.propertyType !== null ? queryClient.prefetchQuery(dealCategoriesQuery(deal, call)) : null,
    CHARACTERISTIC_PARAMS.some((n) => isSet(filters.characteristics[n]))
      ? queryClient.prefetchQuery(characteristicsQuery(deal, null, call))
      : null,
    filters.complex ? queryClient.prefetchQuery(complexNameQuery(filters.complex, call)) : null,
  ]);
}

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
      (part === null
        ? call.get('/api/site/landings/{deal}/{city}', { path: { deal, city }, signal })
        : 'district' in part
          ? call.get('/api/site/landings/{deal}/{city}/{district}', {
              path: { deal, city, district: part.district },
              signal,
            })
          : call.get('/api/site/landings/{deal}/{city}/metro/{station}', {
              path: { deal, city, station: part.station },
              signal,
            })
      ).then(
        (r) => r.data,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
    staleTime: Infinity,
  });
