const inMoscow = (withSeconds: boolean) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
const TO_MINUTES = inMoscow(false);
const TO_SECONDS = inMoscow(true);

/**
 * A moment in Moscow time as the cabinet's history and the audit export write it: «14.05.2026 10:00»,
 * to the second («14.05.2026 10:00:05») where asked.
 */
export const moscowDateTime = (iso: string, { seconds = false } = {}) =>
  (seconds ? TO_SECONDS : TO_MINUTES).format(new Date(iso)).replace(',', '');
