import { formatPrice } from '@estate/client';
import { METRO_CHOICES, SORTS } from '../catalogue/SearchBar';

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
  if (filters.bounds) parts.push('область на карте');
  if (typeof filters.geo_lat === 'number') parts.push(`в радиусе ${String(filters.radius ?? 5)} км`);
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
