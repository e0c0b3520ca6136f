const grouped = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** '12 500 000 ₽' — digits grouped by spaces, as the spec's price format. */
export const formatPrice = (value: number) => `${grouped.format(value).replace(/\u00a0/g, ' ')} ₽`;

/** Russian plural: plural(5, ['день', 'дня', 'дней']) → 'дней' */
export function plural(n: number, [one, few, many]: [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 10 || mod100 >= 20)) return few;
  return many;
}

/** 'обновлено 3 дня назад' — days, else hours, else minutes. */
export function updatedAgo(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60000));
  if (minutes < 1) return 'обновлено только что';
  if (minutes < 60) return `обновлено ${minutes} ${plural(minutes, ['минуту', 'минуты', 'минут'])} назад`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `обновлено ${hours} ${plural(hours, ['час', 'часа', 'часов'])} назад`;
  const days = Math.floor(hours / 24);
  return `обновлено ${days} ${plural(days, ['день', 'дня', 'дней'])} назад`;
}

export const roomsLabel = (rooms: number | null) => (rooms === null ? null : rooms === 0 ? 'Студия' : `${rooms}-комнатная`);
export const areaLabel = (area: number | null) => (area === null ? null : `${area} м²`);
export const floorLabel = (floor: number | null, floors: number | null) => (floor === null ? null : `${floor}${floors ? `/${floors}` : ''} эт`);

export const DEAL_ROUTES = { sale: '/prodazha', rent: '/rent', dailyRent: '/daily-rent' } as const;
