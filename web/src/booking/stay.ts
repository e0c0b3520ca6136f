/** A stay as the URL and the API carry it: check-in and check-out as YYYY-MM-DD, '' when not chosen. */
export type Stay = { checkIn: string; checkOut: string };

export const CHECK_OUT_NOT_AFTER_CHECK_IN = 'Дата выезда должна быть позже даты заезда';
/** the API's text for a booking's check-in before today */
export const CHECK_IN_PASSED = 'Дата заезда уже прошла';

/** A problem with the check-in to show under its field (a typed day before `firstDay`), or null. */
export function checkInProblem(stay: Stay, firstDay?: string): string | null {
  return firstDay && stay.checkIn && stay.checkIn < firstDay ? CHECK_IN_PASSED : null;
}

/** A problem with the stay's order to show under the check-out field, or null. */
export function checkOutProblem(stay: Stay): string | null {
  if (stay.checkIn && stay.checkOut && stay.checkOut <= stay.checkIn) return CHECK_OUT_NOT_AFTER_CHECK_IN;
  return null;
}

/** Whatever stops the stay from being searched or booked, or null. */
export function stayProblem(stay: Stay, firstDay?: string): string | null {
  return checkInProblem(stay, firstDay) ?? checkOutProblem(stay);
}

/** The stay chosen in the daily-rent search, as the catalogue keeps it in its URL. */
export const STAY_PARAMS = ['checkIn', 'checkOut', 'guests'] as const;

/**
 * A daily-rent listing's link that carries the search's stay (checkIn, checkOut, guests) into the
 * listing page, where the booking form reads it; other deals' links are left as they are.
 */
export function withStay(href: string, dealCategory: string, search: URLSearchParams): string {
  if (dealCategory !== 'dailyRent') return href;
  const stay = new URLSearchParams();
  for (const name of STAY_PARAMS) {
    const value = search.get(name);
    if (value) stay.set(name, value);
  }
  const query = stay.toString();
  return query ? `${href}?${query}` : href;
}
