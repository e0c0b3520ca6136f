const DAY_MS = 24 * 60 * 60_000;

/** Today in Moscow time: a stay's dates are local dates. */
export const todayOf = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now);

/** Whole nights between two dates, rounded down, at least 1 (the spec's rule). */
export const nightsBetween = (start: string, end: string) =>
  Math.max(1, Math.floor((Date.parse(end) - Date.parse(start)) / DAY_MS));

/** A stay's day as the messages write it: «10 января». */
export const dateText = (day: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(day));

/** A stay's nights as the messages write them: «с 10 января по 12 января». */
export const periodText = (startDate: string, endDate: string) =>
  `с ${dateText(startDate)} по ${dateText(endDate)}`;
