import type { DealCategory } from '../api/types';
import { catalogueUrl } from '../savedSearches/links';
import { METRO_CHOICES, type Filters } from '../catalogue/filters';

/**
 * The hero's tabs (docs/decisions.md): product.md's longer reading — Купить, Снять, Ипотека (a stub),
 * Посуточно, Новостройки (a stub) — whose indices are the spec's mapping: 0 sale, 1 rent, 3 daily
 * rent, and index 2 (the mortgage) maps to no deal. On small widths the first three are shown and the
 * rest are behind a chevron.
 */
export type HeroTab = {
  label: string;
  deal: DealCategory | null;
  /** a stub's text, and where its section already lives on the site */
  stub?: string;
  link?: { to: string; label: string };
};
export const HERO_TABS: readonly HeroTab[] = [
  { label: 'Купить', deal: 'sale' },
  { label: 'Снять', deal: 'rent' },
  { label: 'Ипотека', deal: null, stub: 'Раздел «Ипотека» находится в разработке' },
  { label: 'Посуточно', deal: 'dailyRent' },
  {
    label: 'Новостройки',
    deal: null,
    stub: 'Раздел «Новостройки» находится в разработке',
    link: { to: '/new-buildings', label: 'Смотреть жилые комплексы' },
  },
];
/** how many tabs a phone shows before the chevron */
export const VISIBLE_ON_PHONE = 3;

/** The deal of a tab index, as the spec maps them: 0 sale, 1 rent, 3 daily rent; anything else none. */
export const dealOfTab = (index: number): DealCategory | null => HERO_TABS[index]?.deal ?? null;

/**
 * The catalogue's address for the hero's search: the deal's catalogue with the filters in the URL
 * in the catalogue's own format (the same function that opens a saved search).
 */
export function heroSearchUrl(deal: DealCategory, filters: Filters, map = false): string {
  const min = filters.priceMin ? Number(filters.priceMin) : null;
  const max = filters.priceMax ? Number(filters.priceMax) : null;
  const metro =
    filters.metro && Object.hasOwn(METRO_CHOICES, filters.metro) ? METRO_CHOICES[filters.metro] : null;
  const daily = deal === 'dailyRent';
  const url = catalogueUrl({
    dealCategory: deal,
    roomCount: filters.rooms,
    ...(min !== null || max !== null ? { price: [{ min, max }] } : {}),
    ...(daily && filters.checkIn && filters.checkOut > filters.checkIn
      ? { dates: [filters.checkIn, filters.checkOut] }
      : {}),
    ...(daily && filters.guests > 0 ? { adultCount: filters.guests } : {}),
    ...(metro ? { roadToMetro: metro.roadToMetro, notMoreMinutes: metro.minutes } : {}),
  });
  if (!map) return url;
  return `${url}${url.includes('?') ? '&' : '?'}view=map`;
}
