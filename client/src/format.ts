/**
 * Every number the site and the cabinet show goes through here, so one rule holds everywhere:
 * digits are grouped by a narrow no-break space (U+202F) and a unit is joined by a no-break space
 * (U+00A0), so a price or an area never wraps in the middle; decimals take a comma (ru-RU); years
 * are never grouped. The grouping is written out rather than left to Intl, whose separator differs
 * between ICU versions (some give U+00A0, some U+202F, and an older copy of this file replaced it by
 * a plain space — the cause of prices wrapping mid-number).
 */
export const GROUP_SEPARATOR = '\u202f';
export const UNIT_SEPARATOR = '\u00a0';

/** 12500000 → '12 500 000'; 2.64 → '2,64'; -1500 → '−1 500'; at most `fractionDigits` decimals, trailing zeros dropped. */
export function formatNumber(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return '—';
  const [whole, fraction = ''] = Math.abs(value)
    .toFixed(fractionDigits)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  const sign = value < 0 && /[1-9]/.test(whole + fraction) ? '\u2212' : '';
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** '12 500 000 ₽' — the spec's price format: digits grouped, then ' ₽', and never broken across lines. */
export const formatPrice = (value: number) => `${formatNumber(value)}${UNIT_SEPARATOR}₽`;

/** Square metres with a decimal comma: '45,5 м²'. */
export const formatArea = (value: number) => `${formatNumber(value, 1)}${UNIT_SEPARATOR}м²`;

/** Metres with a decimal comma: a ceiling of '2,64 м'. */
export const formatMetres = (value: number) => `${formatNumber(value, 2)}${UNIT_SEPARATOR}м`;

/** A year as written: '2021', never '2 021'. */
export const formatYear = (value: number) => String(Math.trunc(value));

/** Russian plural: plural(5, ['день', 'дня', 'дней']) → 'дней' */
export function plural(n: number, [one, few, many]: [string, string, string]): string {
  const whole = Math.abs(Math.trunc(n));
  const mod10 = whole % 10;
  const mod100 = whole % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 10 || mod100 >= 20)) return few;
  return many;
}

/** A count with its word, joined so they stay on one line: '3 ночи', '1 гость'. */
export const countLabel = (n: number, forms: [string, string, string]) =>
  `${formatNumber(n)}${UNIT_SEPARATOR}${plural(n, forms)}`;
export const PLURALS = {
  guests: ['гость', 'гостя', 'гостей'],
  nights: ['ночь', 'ночи', 'ночей'],
  days: ['день', 'дня', 'дней'],
  hours: ['час', 'часа', 'часов'],
  minutes: ['минуту', 'минуты', 'минут'],
  rooms: ['комната', 'комнаты', 'комнат'],
  listings: ['объявление', 'объявления', 'объявлений'],
} as const satisfies Record<string, [string, string, string]>;
export const guestsLabel = (n: number) => countLabel(n, PLURALS.guests);
export const nightsLabel = (n: number) => countLabel(n, PLURALS.nights);

/** 'обновлено 3 дня назад' — days, else hours, else minutes. */
export function updatedAgo(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60000));
  if (minutes < 1) return 'обновлено только что';
  if (minutes < 60) return `обновлено ${countLabel(minutes, PLURALS.minutes)} назад`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `обновлено ${countLabel(hours, PLURALS.hours)} назад`;
  const days = Math.floor(hours / 24);
  return `обновлено ${countLabel(days, PLURALS.days)} назад`;
}

/** 0 rooms is a studio (the filter's FlatRoomsCount: Студия=0). */
export const roomsLabel = (rooms: number | null) =>
  rooms === null ? null : rooms === 0 ? 'Студия' : `${rooms}-комнатная`;
/** The number of rooms as a value beside its label ('Комнат'): 'Студия' for 0. */
export const roomCountText = (rooms: number | null) =>
  rooms === null ? null : rooms === 0 ? 'Студия' : formatNumber(rooms);
export const areaLabel = (area: number | null) => (area === null ? null : formatArea(area));
export const floorLabel = (floor: number | null, floors: number | null) =>
  floor === null ? null : `${floor}${floors ? `/${floors}` : ''}${UNIT_SEPARATOR}эт`;
/** 'Залог 3 000 ₽' or 'Без залога' (product.md, second-style card). */
export const depositText = (deposit: number | null) =>
  deposit ? `Залог ${formatPrice(deposit)}` : 'Без залога';

export type CharacteristicView = {
  characteristicField: string;
  characteristicFieldName: string;
  value: string | number;
  characteristicSelectValue?: string | null;
};

/** How each numeric characteristic reads; a unit the value carries is dropped from the API's name ('Высота потолков, м'). */
const CHARACTERISTIC_FORMATS = new Map<string, (value: number) => string>([
  ['TotalArea', formatArea],
  ['LivingArea', formatArea],
  ['KitchenArea', formatArea],
  ['CeilingHeight', formatMetres],
  ['BuildYear', formatYear],
  ['FlatRoomsCount', (n) => roomCountText(n)!],
  ['Deposit', (n) => (n ? formatPrice(n) : 'Без залога')],
  ['Price', formatPrice],
  ['PricePerDay', formatPrice],
  ['ClientFee', (n) => `${formatNumber(n, 1)}${UNIT_SEPARATOR}%`],
]);

/** A characteristic as a label and a value: select and yes/no ones by their option, numbers in their own format. */
export function formatCharacteristic(c: CharacteristicView): { label: string; value: string } {
  const format = CHARACTERISTIC_FORMATS.get(c.characteristicField);
  const label = format ? c.characteristicFieldName.replace(/,\s*(м|м²|%|₽)$/, '') : c.characteristicFieldName;
  if (c.characteristicSelectValue) return { label, value: c.characteristicSelectValue };
  const number = typeof c.value === 'number' ? c.value : Number(c.value);
  if (!Number.isFinite(number)) return { label, value: String(c.value) };
  return { label, value: format ? format(number) : formatNumber(number, 2) };
}

export const DEAL_ROUTES = { sale: '/prodazha', rent: '/rent', dailyRent: '/daily-rent' } as const;

// made on first use, not as the module loads: a phone's first DateTimeFormat loads ICU's data for
// ~60 ms, which every page of the site paid before its first render (the site has web/src/app/dates.ts)
let dayFormat: Intl.DateTimeFormat | undefined;
/** A calendar day (ГГГГ-ММ-ДД, as stays and calendar entries are written) in words: «13 декабря 2026 г.». */
export const formatDay = (day: string) =>
  (dayFormat ??= new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(new Date(day));
