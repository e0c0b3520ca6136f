import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, type ResidentialComplexDto } from '@estate/client';
import type { SearchRequest } from '../api/types';
import { browserCall, type ApiCall } from '../app/call';
import type { ChosenPlace } from '../place/store';
import { catalogueQuery } from '../catalogue/queries';

/** product.md section 3, Filters: 20 on a page, pages from 1. */
export const COMPLEXES_PER_PAGE = 20;
export const LISTINGS_PER_PAGE = 20;
/** api.md section 9: the new-buildings search offers these years. */
export const YEAR_CHOICES = [2024, 2025] as const;
/** rooms as the catalogue offers them: 4 means four or more */
export const ROOM_CHOICES = [1, 2, 3, 4] as const;

const csv = (text: string | null, keep: (n: number) => boolean) =>
  [
    ...new Set(
      (text ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && keep(n)),
    ),
  ].sort((a, b) => a - b);
const digits = (text: string | null) => (text && /^\d{1,12}$/.test(text) ? text : '');
const pageOf = (search: URLSearchParams) => Math.max(1, Math.min(10_000, Number(search.get('page')) || 1));

/** The list's filters as the URL keeps them (`/new-buildings?city=1&rooms=1,2&year=2025…`). */
export type ComplexFilters = {
  city: string;
  rooms: number[];
  /** handed over by the end of this year */
  year: string;
  priceMin: string;
  priceMax: string;
  classes: number[];
  stages: number[];
  finish: number[];
  parking: number[];
  wallMaterials: number[];
};

export const NO_COMPLEX_FILTERS: ComplexFilters = {
  city: '',
  rooms: [],
  year: '',
  priceMin: '',
  priceMax: '',
  classes: [],
  stages: [],
  finish: [],
  parking: [],
  wallMaterials: [],
};

/** `?city=all`: every city, whatever the visitor's place (an address without `city` follows the place). */
export const ALL_CITIES = 'all';

export function complexFiltersFrom(search: URLSearchParams): ComplexFilters {
  const year = Number(search.get('year'));
  return {
    city: search.get('city') === ALL_CITIES ? ALL_CITIES : digits(search.get('city')),
    rooms: csv(search.get('rooms'), (n) => n >= 1 && n <= 4),
    year: (YEAR_CHOICES as readonly number[]).includes(year) ? String(year) : '',
    priceMin: digits(search.get('priceMin')),
    priceMax: digits(search.get('priceMax')),
    classes: csv(search.get('class'), (n) => n >= 1 && n <= 4),
    stages: csv(search.get('stage'), (n) => n >= 1 && n <= 4),
    finish: csv(search.get('finish'), (n) => n >= 1 && n <= 2),
    parking: csv(search.get('parking'), (n) => n >= 1 && n <= 3),
    wallMaterials: csv(search.get('wallMaterial'), (n) => n >= 1 && n <= 13),
  };
}

export function complexFiltersToSearch(f: ComplexFilters, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  const put = (name: string, value: string | number[]) => {
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text) search.set(name, text);
  };
  put('city', f.city);
  put('rooms', f.rooms);
  put('year', f.year);
  put('priceMin', f.priceMin);
  put('priceMax', f.priceMax);
  put('class', f.classes);
  put('stage', f.stages);
  put('finish', f.finish);
  put('parking', f.parking);
  put('wallMaterial', f.wallMaterials);
  if (page > 1) search.set('page', String(page));
  return search;
}

/**
 * The filters the list is asked with: the city of the address, else the visitor's place (the
 * header's, which the catalogue follows too; '' for 'Вся Россия'), and '' for `?city=all`.
 */
export function withVisitorPlace(f: ComplexFilters, place: ChosenPlace | null): ComplexFilters {
  if (f.city === ALL_CITIES) return { ...f, city: '' };
  return f.city ? f : { ...f, city: place?.id ?? '' };
}

/**
 * What the address keeps of the city a search asks for: nothing when it is the visitor's place (the
 * page then follows the place as it changes), `all` for every city when the place is narrower.
 */
export const cityForAddress = (city: string, place: ChosenPlace | null) =>
  city === (place?.id ?? '') ? '' : city || ALL_CITIES;

/** How many of the «Все фильтры» (class, stage, finish, parking, walls) are on. */
export const extraFilterCount = (f: ComplexFilters) =>
  [f.classes, f.stages, f.finish, f.parking, f.wallMaterials].filter((v) => v.length > 0).length;

function complexListParams(f: ComplexFilters, page: number, limit: number) {
  return {
    cityId: f.city || undefined,
    roomCount: f.rooms.length ? f.rooms : undefined,
    deadline: f.year ? Number(f.year) : undefined,
    priceMin: f.priceMin ? Number(f.priceMin) : undefined,
    priceMax: f.priceMax ? Number(f.priceMax) : undefined,
    class: f.classes.length ? f.classes : undefined,
    stage: f.stages.length ? f.stages : undefined,
    finish: f.finish.length ? f.finish : undefined,
    parking: f.parking.length ? f.parking : undefined,
    wallMaterial: f.wallMaterials.length ? f.wallMaterials : undefined,
    limit,
    offset: page,
  };
}

/** A page of complexes for the list's filters (GET /api/residential-complexes). */
export const complexListQuery = (f: ComplexFilters, page: number, call: ApiCall = browserCall) => {
  const params = complexListParams(f, page, COMPLEXES_PER_PAGE);
  return queryOptions({
    queryKey: ['residential-complexes', 'list', params] as const,
    queryFn: ({ signal }) => call.get('/api/residential-complexes', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
};

/** The «Жилой комплекс» choice of the search: every complex of the chosen city (or everywhere), by name. */
export const complexNamesQuery = (city: string) => {
  const params = { cityId: city || undefined, limit: 100, offset: 1 };
  return queryOptions({
    queryKey: ['residential-complexes', 'names', params] as const,
    queryFn: ({ signal }) => browserCall.get('/api/residential-complexes', { query: params, signal }),
    select: (answer) =>
      answer.data.map((c) => ({ id: c.id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    staleTime: 5 * 60_000,
  });
};

export const complexCitiesQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['residential-complexes', 'cities'] as const,
    queryFn: ({ signal }) => call.get('/api/residential-complexes/cities-for-filter', { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });

export const complexOptionsQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['residential-complexes', 'for-filters'] as const,
    queryFn: ({ signal }) => call.get('/api/residential-complexes/for-filters', { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });

/**
 * One complex (GET /api/residential-complexes/{id}). Its absence is an answer (null), not an
 * error: the server renders the 404 page from it and the browser hydrates the same page.
 */
export const complexQuery = (id: string, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['residential-complexes', 'one', id] as const,
    queryFn: async ({ signal }): Promise<{ data: ResidentialComplexDto | null }> => {
      try {
        return await call.get('/api/residential-complexes/{id}', { path: { id }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { data: null };
        throw error;
      }
    },
    select: (answer) => answer.data,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

/** The complex page's listing filters as the URL keeps them: rooms, price and the address words. */
export type ListingFilters = { rooms: number[]; priceMin: string; priceMax: string; address: string };
export const NO_LISTING_FILTERS: ListingFilters = { rooms: [], priceMin: '', priceMax: '', address: '' };

export function listingFiltersFrom(search: URLSearchParams): ListingFilters {
  return {
    rooms: csv(search.get('rooms'), (n) => n >= 1 && n <= 4),
    priceMin: digits(search.get('priceMin')),
    priceMax: digits(search.get('priceMax')),
    address: (search.get('address') ?? '').trim().slice(0, 200),
  };
}

export function listingFiltersToSearch(f: ListingFilters, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  if (f.rooms.length) search.set('rooms', f.rooms.join(','));
  if (f.priceMin) search.set('priceMin', f.priceMin);
  if (f.priceMax) search.set('priceMax', f.priceMax);
  if (f.address.trim()) search.set('address', f.address.trim());
  if (page > 1) search.set('page', String(page));
  return search;
}

/** The catalogue search with residentialComplexId (api.md): every deal of the complex, cheapest first. */
export type ComplexListingsRequest = Omit<SearchRequest, 'dealCategory'> & {
  dealCategory: 'new-buildings';
  residentialComplexId: string;
};

export function complexListingsRequest(
  complexId: string,
  f: ListingFilters,
  page: number,
): ComplexListingsRequest {
  const min = f.priceMin ? Number(f.priceMin) : null;
  const max = f.priceMax ? Number(f.priceMax) : null;
  return {
    dealCategory: 'new-buildings',
    residentialComplexId: complexId,
    limit: LISTINGS_PER_PAGE,
    offset: page,
    sortByPrice: 'ASC',
    ...(min !== null || max !== null ? { price: [{ min, max }] as SearchRequest['price'] } : {}),
    ...(f.rooms.length ? { roomCount: f.rooms } : {}),
    ...(f.address ? { searchAddress: f.address } : {}),
  };
}

export const complexListingsQuery = (
  complexId: string,
  f: ListingFilters,
  page: number,
  call: ApiCall = browserCall,
) => {
  // a search of the catalogue's, the complex's listings kept on screen while the next page comes
  const search = catalogueQuery(complexListingsRequest(complexId, f, page), call);
  return queryOptions({ ...search, placeholderData: keepPreviousData });
};

/**
 * What server rendering calls before rendering a new-buildings page: the queries the page asks for
 * first, into the given client. A failed call is left to the page (it shows its own state), never thrown.
 */
export async function newBuildingsPrefetch(
  queryClient: QueryClient,
  _params: Record<string, string | undefined>,
  search: URLSearchParams,
  call: ApiCall,
  place: ChosenPlace | null = null,
): Promise<void> {
  const filters = withVisitorPlace(complexFiltersFrom(search), place);
  await Promise.all([
    queryClient.prefetchQuery(complexListQuery(filters, pageOf(search), call)),
    queryClient.prefetchQuery(complexCitiesQuery(call)),
    queryClient.prefetchQuery(complexOptionsQuery(call)),
  ]);
}

/** `/new-buildings/{id}` (and its `/publication-list`): the complex and the first page of its listings. */
export async function complexPrefetch(
  queryClient: QueryClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  call: ApiCall,
): Promise<void> {
  const id = params.complexId ?? params.id ?? '';
  if (!id) return;
  await Promise.all([
    queryClient.prefetchQuery(complexQuery(id, call)),
    queryClient.prefetchQuery(complexListingsQuery(id, listingFiltersFrom(search), pageOf(search), call)),
  ]);
}

/**
 * `/new-buildings/{id}/{publication}`: the complex for the breadcrumb; the listing itself is the
 * listing page's own (it fetches it as on /prodazha/{id}).
 */
export async function complexPublicationPrefetch(
  queryClient: QueryClient,
  params: Record<string, string | undefined>,
  call: ApiCall,
): Promise<void> {
  const id = params.complexId ?? '';
  if (id) await queryClient.prefetchQuery(complexQuery(id, call));
}

export { pageOf };
