/** A moment as the moderators read it: the Moscow date and time, «26.11.2026, 16:20». */
export const dateTime = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString('ru-RU', {
        timeZone: 'Europe/Moscow',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '—';

/** a long text cut for a row of a list */
export const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
