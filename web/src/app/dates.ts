/**
 * Dates in words for the site. Kept out of @estate/client: the cabinet (a desktop tool) formats
 * its days through Intl, and its first JavaScript has no room for the table.
 */
const MONTHS_OF = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * A moment or a day in words, «13 декабря 2026 г.» (`year: false`: «13 декабря»), as ru-RU's
 * DateTimeFormat writes it. Written out rather than left to Intl: a phone's first DateTimeFormat
 * loads ICU's data for ~60 ms of blocked main thread (measured on the listing page), and the text
 * is then the same on the server and in every browser. `zone`: 'UTC' for calendar days (ГГГГ-ММ-ДД),
 * 'Moscow' (UTC+3, no summer time since 2014) for moments, the site's one time zone.
 */
export function formatDate(
  at: string | number | Date,
  { year = true, zone = 'Moscow' }: { year?: boolean; zone?: 'UTC' | 'Moscow' } = {},
): string {
  const time = new Date(at).getTime();
  if (!Number.isFinite(time)) return '';
  const d = new Date(zone === 'Moscow' ? time + MOSCOW_OFFSET_MS : time);
  const text = `${d.getUTCDate()} ${MONTHS_OF[d.getUTCMonth()]}`;
  return year ? `${text} ${d.getUTCFullYear()} г.` : text;
}
