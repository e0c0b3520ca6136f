import type { PlaceFilter } from '../place/placeFilter';

/** A catalogue search's filters, their choices and their defaults: what the pages share without the form's components. */

/** daily rent adds the stay: check-in and check-out days and the number of guests */
export type Filters = {
  rooms: number[];
  priceMin: string;
  priceMax: string;
  sort: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  /** a key of METRO_CHOICES, or '' (any distance) */
  metro: string;
  /** «Город, метро, район, улица»: the search's own place, else the header's */
  place: PlaceFilter | null;
  /** «Все фильтры»: the property type (GET /api/deal-categories/{deal}), null for any */
  propertyType: number | null;
  /** «Все фильтры»: the deal's characteristics by cianName (a range, or the chosen values) */
  characteristics: Record<string, CharacteristicFilter>;
  /** sale: the complex is handed over by the end of this year ('' for any) */
  deadline: string;
  /** sale: the residential complex's id ('' for any) */
  complex: string;
};
/** a range filter's bounds as typed (digits and a point), or a value list's chosen values */
export type CharacteristicFilter = { min: string; max: string } | { values: number[] };
/** 'До метро' (product.md): the way and the most minutes, as one choice of the bar */
export const METRO_CHOICES: Record<string, { label: string; roadToMetro: 1 | 3; minutes: number }> = {
  'foot-5': { label: 'До 5 минут пешком', roadToMetro: 1, minutes: 5 },
  'foot-10': { label: 'До 10 минут пешком', roadToMetro: 1, minutes: 10 },
  'foot-20': { label: 'До 20 минут пешком', roadToMetro: 1, minutes: 20 },
  'foot-30': { label: 'До 30 минут пешком', roadToMetro: 1, minutes: 30 },
  'ride-20': { label: 'До 20 минут на транспорте', roadToMetro: 3, minutes: 20 },
  'ride-30': { label: 'До 30 минут на транспорте', roadToMetro: 3, minutes: 30 },
};
export const NO_FILTERS: Filters = {
  rooms: [],
  priceMin: '',
  priceMax: '',
  sort: 'new',
  checkIn: '',
  checkOut: '',
  guests: 0,
  metro: '',
  place: null,
  propertyType: null,
  characteristics: {},
  deadline: '',
  complex: '',
};
export const SORTS: Record<
  string,
  { label: string; request: { sortByPrice?: 'ASC' | 'DESC'; sortByDate?: 'ASC' | 'DESC' } }
> = {
  new: { label: 'Сначала новые', request: { sortByDate: 'DESC' } },
  old: { label: 'Сначала старые', request: { sortByDate: 'ASC' } },
  cheap: { label: 'Сначала дешевле', request: { sortByPrice: 'ASC' } },
  expensive: { label: 'Сначала дороже', request: { sortByPrice: 'DESC' } },
};

/** product.md: the guest counts chosen in the search are kept in local storage as guestsCount. */
export const GUESTS_KEY = 'guestsCount';
export function storedGuests(): number {
  try {
    const n = Number(localStorage.getItem(GUESTS_KEY));
    return Number.isInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}
export function storeGuests(n: number) {
  try {
    if (n > 0) localStorage.setItem(GUESTS_KEY, String(n));
    else localStorage.removeItem(GUESTS_KEY);
  } catch {
    // private mode: the URL still carries the count
  }
}
