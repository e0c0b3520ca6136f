import ICAL from 'ical.js';
import { DomainError } from '../core/errors';
import type { ImportedRange } from './calendar';
import { todayOf } from './dates';

const compact = (d: string) => d.replace(/-/g, '');

/** RFC 5545: one all-day VEVENT per reserved or blocked range (DTEND is the morning the guest leaves). */
export function calendarToIcs(
  publicationId: string,
  title: string,
  entries: { entryId: string; startDate: string; endDate: string; type: 1 | 2 }[],
  now: Date,
): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const events = entries.map((e) =>
    [
      'BEGIN:VEVENT',
      `UID:${e.entryId}@estate.marketplace`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(e.startDate)}`,
      `DTEND;VALUE=DATE:${compact(e.endDate)}`,
      `SUMMARY:${e.type === 1 ? 'Забронировано' : 'Закрыто для бронирования'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ].join('\r\n'),
  );
  const name = title.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, ' ');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Estate Marketplace//Daily rent//RU',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${name}`,
    `X-PUBLISHED-TTL:PT1H`,
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * What an import takes (docs/decisions.md): the .ics text up to 512 KB, up to 1,000 events, and
 * nights up to 2 years ahead. Events wholly in the past are ignored; a range that runs past the
 * horizon is cut at it.
 */
export const ICS_LIMITS = { maxBytes: 512 * 1024, maxEvents: 1_000, yearsAhead: 2 } as const;
/** How long one turn of the parse may hold the event loop before it lets other requests through. */
const SLICE_MS = 3;
/** How much one ical.js call parses at most: a few events, or a few kilobytes of them. */
const CHUNK_EVENTS = 5;
const CHUNK_CHARS = 8 * 1024;

const icsRefused = (message: string) => new DomainError('INVALID_DATA', undefined, { ics: [message] });
const NOT_A_CALENDAR = 'Это не календарь iCalendar (.ics)';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');
const nextDay = (day: string) => new Date(Date.parse(day) + 24 * 3600_000).toISOString().slice(0, 10);
const yearsAfter = (day: string, years: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
};
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A date-time's calendar day: an all-day value as written, a UTC time as the Moscow day, a zoned or floating time as its wall-clock day. */
function dayOf(time: ICAL.Time): string {
  if (time.isDate) return time.toString();
  if (time.zone === ICAL.Timezone.utcTimezone) return todayOf(time.toJSDate());
  return `${String(time.year).padStart(4, '0')}-${pad(time.month)}-${pad(time.day)}`;
}

/** Only a short line can be a component's BEGIN or END: long lines (descriptions) are never upper-cased or compared. */
const MARKER = /^(BEGIN|END):[A-Za-z-]{1,40}$/i;

/**
 * Splits the unfolded text into its VEVENT blocks (nested components such as VALARM stay inside
 * their event) in one pass over the lines, refusing a file that is not a calendar or has too many
 * events; it yields to the event loop every few thousand lines.
 */
async function eventBlocks(text: string, tick: () => Promise<void>): Promise<string[]> {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/);
  const marker = (line: string) =>
    line.length <= 48 && MARKER.test(line.trim()) ? line.trim().toUpperCase() : null;
  const first = lines.findIndex((l) => l.trim() !== '');
  if (
    first < 0 ||
    marker(lines[first]) !== 'BEGIN:VCALENDAR' ||
    !lines.some((l) => marker(l) === 'END:VCALENDAR')
  )
    throw icsRefused(NOT_A_CALENDAR);
  const blocks: string[] = [];
  let current: string[] | null = null;
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    if (i % 2_000 === 0) await tick();
    const line = lines[i].trim();
    const upper = marker(line);
    if (current) {
      current.push(line);
      if (upper?.startsWith('BEGIN:')) depth++;
      else if (upper?.startsWith('END:') && --depth === 0) {
        if (upper !== 'END:VEVENT') throw icsRefused(NOT_A_CALENDAR);
        blocks.push(current.join('\r\n'));
        current = null;
      }
    } else if (upper === 'BEGIN:VEVENT') {
      if (blocks.length === ICS_LIMITS.maxEvents)
        throw icsRefused(
          `В календаре больше ${ICS_LIMITS.maxEvents} событий: импортируйте не больше ${ICS_LIMITS.maxEvents}`,
        );
      current = [line];
      depth = 1;
    }
  }
  if (current) throw icsRefused(NOT_A_CALENDAR);
  return blocks;
}

/** The nights of one parsed event within [today, horizon), or null when it holds none there (cancelled, free time, wholly past or beyond). */
function busyRangeOf(vevent: ICAL.Component, today: string, horizon: string): ImportedRange | null {
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase();
  if (status === 'CANCELLED' || transparency === 'TRANSPARENT') return null;
  const event = new ICAL.Event(vevent);
  if (!event.startDate) return null;
  const startDate = dayOf(event.startDate);
  let endDate = event.endDate ? dayOf(event.endDate) : startDate;
  if (!DAY_PATTERN.test(startDate) || !DAY_PATTERN.test(endDate)) return null;
  if (endDate <= startDate) endDate = nextDay(startDate); // a stay is at least one night
  if (endDate <= today || startDate >= horizon) return null;
  if (endDate > horizon) endDate = horizon;
  return { startDate, endDate, note: event.summary ? String(event.summary).slice(0, 300) : null };
}

/**
 * The busy ranges of another portal's feed, as whole days [start, end), parsed with ical.js a few
 * events at a time: between slices the parse yields to the event loop (setImmediate), so a large
 * file never holds other requests for more than a few milliseconds. Linear in the file's size.
 */
export async function busyRangesOfIcs(text: string, today: string): Promise<ImportedRange[]> {
  if (Buffer.byteLength(text, 'utf8') > ICS_LIMITS.maxBytes)
    throw icsRefused(`Файл календаря больше ${ICS_LIMITS.maxBytes / 1024} КБ`);
  let sliceStarted = performance.now();
  /** lets other requests through once this turn has held the event loop for SLICE_MS */
  const tick = async () => {
    if (performance.now() - sliceStarted <= SLICE_MS) return;
    await turn();
    sliceStarted = performance.now();
  };
  const blocks = await eventBlocks(text, tick);
  const horizon = yearsAfter(today, ICS_LIMITS.yearsAhead);
  const ranges: ImportedRange[] = [];
  for (let i = 0; i < blocks.length;) {
    let size = 0;
    const chunk: string[] = [];
    while (
      i < blocks.length &&
      chunk.length < CHUNK_EVENTS &&
      (chunk.length === 0 || size + blocks[i].length <= CHUNK_CHARS)
    ) {
      size += blocks[i].length;
      chunk.push(blocks[i++]);
    }
    await tick();
    let vevents: ICAL.Component[];
    try {
      vevents = new ICAL.Component(
        ICAL.parse(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${chunk.join('\r\n')}\r\nEND:VCALENDAR`) as unknown[],
      ).getAllSubcomponents('vevent');
    } catch {
      throw icsRefused(NOT_A_CALENDAR);
    }
    for (const vevent of vevents) {
      let range: ImportedRange | null;
      try {
        range = busyRangeOf(vevent, today, horizon);
      } catch {
        throw icsRefused(NOT_A_CALENDAR);
      }
      if (range) ranges.push(range);
    }
  }
  await turn(); // the command that follows starts on a turn of its own
  return ranges;
}
