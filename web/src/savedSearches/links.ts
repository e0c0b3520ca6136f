import { formatPrice, plural } from '@estate/client';
import { CHARACTERISTIC_PARAMS } from '../catalogue/queries';
import { METRO_CHOICES, SORTS } from '../catalogue/filters';

/** A saved search's filters: the catalogue's search body without its page (POST /api/publications). */
export type SavedFilters = Record<string, unknown>;

const DEAL_PATHS: Record<string, string> = {
  sale: '/prodazha',
  rent: '/rent',
  dailyRent: '/daily-rent',
  'daily-rent': '/daily-rent',
};
const DEAL_NAMES: Record<string, string> = {
  sale: 'Продажа',
  rent: 'Аренда',
  dailyRent: 'Посуточно',
  'daily-rent': 'Посуточно',
  'new-buildings': 'Новостройки',
};

const numbers = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter(
    (n): n is number => typeof n === 'number',
  );
const firstRange = (price: unknown): { min: number | null; max: number | null } | null => {
  const range = (Array.isArray(price) ? price[0] : price) as
    { min?: number | null; max?: number | null } | undefined;
  return range ? { min: range.min ?? null, max: range.max ?? null } : null;
};
const own = <T>(map: Record<string, T>, key: unknown): T | undefined =>
  typeof key === 'string' && Object.hasOwn(map, key) ? map[key] : undefined;

type Characteristic = {
  cianName: string;
  values?: unknown[];
  minValue?: number | null;
  maxValue?: number | null;
};
/** the «Все фильтры» characteristics the catalogue's address can hold, as the search body has them */
const characteristicsOf = (filters: SavedFilters): Characteristic[] =>
  (Array.isArray(filters.characteristicData) ? (filters.characteristicData as Characteristic[]) : []).filter(
    (c) => (CHARACTERISTIC_PARAMS as readonly string[]).includes(c.cianName),
  );

/** The catalogue page of a saved search: its deal's catalogue with the filters the site's search bar knows. */
export function catalogueUrl(filters: SavedFilters): string {
  const query = new URLSearchParams();
  const rooms = numbers(filters.roomCount);
  if (rooms.length) query.set('rooms', rooms.join(','));
  const price = firstRange(filters.price);
  if (price?.min != null) query.set('priceMin', String(price.min));
  if (price?.max != null) query.set('priceMax', String(price.max));
  const sort = Object.entries(SORTS).find(
    ([, s]) =>
      (s.request.sortByPrice ?? null) === (filters.sortByPrice ?? null) &&
      (s.request.sortByDate ?? null) === (filters.sortByDate ?? null),
  )?.[0];
  if (sort && sort !== 'new') query.set('sort', sort);
  const dates = filters.dates;
  if (Array.isArray(dates) && typeof dates[0] === 'string' && typeof dates[1] === 'string') {
    query.set('checkIn', dates[0]);
    query.set('checkOut', dates[1]);
  }
  if (typeof filters.adultCount === 'number' && filters.adultCount > 0)
    query.set('guests', String(filters.adultCount));
  const metro = Object.entries(METRO_CHOICES).find(
    ([, m]) => m.roadToMetro === filters.roadToMetro && m.minutes === filters.notMoreMinutes,
  )?.[0];
  if (metro) query.set('metro', metro);
  const types = numbers(filters.propertyType);
  if (types.length === 1) query.set('type', String(types[0]));
  for (const c of characteristicsOf(filters)) {
    const values = numbers(c.values);
    if (values.length) query.set(c.cianName, values.join(','));
    else if (c.minValue != null || c.maxValue != null)
      query.set(c.cianName, `${c.minValue ?? ''}-${c.maxValue ?? ''}`);
  }
  if (typeof filters.deadline === 'number') query.set('deadline', String(filters.deadline));
  if (typeof filters.residentialComplexId === 'string' && filters.residentialComplexId)
    query.set('complex', filters.residentialComplexId);
  const path = own(DEAL_PATHS, filters.dealCategory) ?? '/prodazha';
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** What a saved search looks for, in a line: «Продажа · 1, 2 комн. · до 10 000 000 ₽». */
export function describeFilters(filters: SavedFilters): string {
  const parts: string[] = [own(DEAL_NAMES, filters.dealCategory) ?? 'Все объявления'];
  const rooms = numbers(filters.roomCount);
  if (rooms.length)
    parts.push(`${rooms.map((r) => (r === 0 ? 'студия' : r >= 4 ? '4+' : r)).join(', ')} комн.`);
  const price = firstRange(filters.price);
  if (price?.min != null || price?.max != null)
    parts.push(
      [
        price.min != null ? `от ${formatPrice(price.min)}` : '',
        price.max != null ? `до ${formatPrice(price.max)}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  const metro = Object.values(METRO_CHOICES).find(
    (m) => m.roadToMetro === filters.roadToMetro && m.minutes === filters.notMoreMinutes,
  );
  if (metro) parts.push(metro.label.toLowerCase());
  if (typeof filters.deadline === 'number') parts.push(`сдача до конца ${filters.deadline} года`);
  if (filters.residentialComplexId) parts.push('один жилой комплекс');
  const more = characteristicsOf(filters).length + (numbers(filters.propertyType).length ? 1 : 0);
  if (more) parts.push(`ещё ${more} ${plural(more, ['фильтр', 'фильтра', 'фильтров'])}`);
  if (filters.bounds) parts.push('область на карте');
  if (typeof filters.geo_lat === 'number')
    parts.push(`в радиусе ${typeof filters.radius === 'number' ? filters.radius : 5} км`);
  if (typeof filters.searchAddress === 'string' && filters.searchAddress)
    parts.push(`«${filters.searchAddress}»`);
  return parts.join(' · ');
}

export const FREQUENCIES = [
  { value: 'instant', label: 'Сразу' },
  { value: 'daily', label: 'Раз в день' },
  { value: 'weekly', label: 'Раз в неделю' },
] as const;
export type Frequency = (typeof FREQUENCIES)[number]['value'];
export type Alerts = { frequency: Frequency; email: boolean; sms: boolean };
