import type { EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import { PersistentMap } from '../core/persistentMap';

export type CalendarEvent =
  | EventOf<'DatesReserved'>
  | EventOf<'DatesBlocked'>
  | EventOf<'CalendarEntryReleased'>
  | EventOf<'CalendarFeedImported'>;
/** Calendar entry types of the spec: 1 reserved, 2 unavailable (blocked). */
export type CalendarEntry = {
  entryId: string;
  startDate: string;
  endDate: string;
  type: 1 | 2;
  requestId: string | null;
  source: 'booking' | 'manual' | 'ical';
};
/** Entries by id in a persistent map: an event costs O(log n), so folding a calendar of n events is O(n log n), never a copy of every entry per event. */
export type Calendar = { entries: PersistentMap<CalendarEntry> };

type Range = { startDate: string; endDate: string };
/** A busy range read from another portal's feed (already bounded: nothing wholly past, nothing beyond the horizon). */
export type ImportedRange = Range & { note: string | null };
export type CalendarCommand =
  | ({ type: 'Reserve'; publicationId: string; entryId: string; requestId: string } & Range)
  | ({
      type: 'Block';
      publicationId: string;
      entryId: string;
      source: 'manual' | 'ical';
      note: string | null;
    } & Range)
  | { type: 'ReleaseBlock'; publicationId: string; entryId: string }
  | { type: 'ReleaseReservation'; publicationId: string; requestId: string }
  /** the whole feed of another portal at once: what it still holds stays, what it dropped is released, what is new is blocked */
  | { type: 'ImportCalendar'; publicationId: string; ranges: ImportedRange[]; today: string };

export const calendarStream = (publicationId: string) => `calendar-${publicationId}`;

/** Nights are [startDate, endDate): a stay ending on a day leaves that night free for the next guest. */
export const overlaps = (a: Range, b: Range) => a.startDate < b.endDate && b.startDate < a.endDate;

export function evolve(state: Calendar, event: CalendarEvent): Calendar {
  switch (event.type) {
    case 'DatesReserved': {
      const { entryId, startDate, endDate, requestId } = event.data;
      return {
        entries: state.entries.set(entryId, {
          entryId,
          startDate,
          endDate,
          type: 1,
          requestId,
          source: 'booking',
        }),
      };
    }
    case 'DatesBlocked': {
      const { entryId, startDate, endDate, source } = event.data;
      return {
        entries: state.entries.set(entryId, {
          entryId,
          startDate,
          endDate,
          type: 2,
          requestId: null,
          source,
        }),
      };
    }
    case 'CalendarEntryReleased':
      return { entries: state.entries.delete(event.data.entryId) };
    case 'CalendarFeedImported': {
      let entries = state.entries;
      for (const entryId of event.data.released) entries = entries.delete(entryId);
      for (const { entryId, startDate, endDate } of event.data.blocked)
        entries = entries.set(entryId, {
          entryId,
          startDate,
          endDate,
          type: 2,
          requestId: null,
          source: 'ical',
        });
      return { entries };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const unavailable = () => new DomainError('DATES_UNAVAILABLE');
const byStart = (a: Range, b: Range) =>
  a.startDate < b.startDate
    ? -1
    : a.startDate > b.startDate
      ? 1
      : a.endDate < b.endDate
        ? -1
        : a.endDate > b.endDate
          ? 1
          : 0;
const rangeKey = (r: Range) => `${r.startDate}/${r.endDate}`;
/** An imported block's id follows from its nights, so the same range in the next import is recognised as the same block. */
export const importedEntryId = (r: Range) =>
  `ical-${r.startDate.replace(/-/g, '')}-${r.endDate.replace(/-/g, '')}`;

/**
 * The ranges that overlap a reservation, found by sorting and one sweep (O(n log n) for n ranges
 * and reservations), never by comparing every pair: the reservations are merged into disjoint
 * sorted spans, and a pointer moves forward through them as the ranges come in order of start.
 */
export function rangesOverlappingReservations<R extends Range>(state: Calendar, ranges: readonly R[]): R[] {
  const spans: Range[] = [];
  for (const entry of [...state.entries.values()].filter((e) => e.type === 1).sort(byStart)) {
    const last = spans.at(-1);
    if (last && entry.startDate <= last.endDate)
      last.endDate = entry.endDate > last.endDate ? entry.endDate : last.endDate;
    else spans.push({ startDate: entry.startDate, endDate: entry.endDate });
  }
  const hits: R[] = [];
  let at = 0;
  for (const range of [...ranges].sort(byStart)) {
    while (at < spans.length && spans[at].endDate <= range.startDate) at++; // spans wholly before this range (and every later one)
    if (at < spans.length && spans[at].startDate < range.endDate) hits.push(range);
  }
  return hits;
}

/** What an import changes: released blocks the feed dropped, new blocks, and the ranges left out as conflicts (booked here). */
function planImport(state: Calendar, command: Extract<CalendarCommand, { type: 'ImportCalendar' }>) {
  const wanted = new Map<string, ImportedRange>();
  for (const range of command.ranges) {
    if (range.endDate <= command.today || wanted.has(rangeKey(range))) continue; // nights wholly past change nothing; the same range twice is one block
    wanted.set(rangeKey(range), range);
  }
  const release: CalendarEntry[] = [];
  const kept = new Set<string>();
  for (const entry of state.entries.values()) {
    if (entry.source !== 'ical' || entry.endDate <= command.today) continue; // past nights stay as they were
    if (wanted.has(rangeKey(entry)) && !kept.has(rangeKey(entry))) kept.add(rangeKey(entry));
    else release.push(entry);
  }
  const fresh = [...wanted.values()].filter((r) => !kept.has(rangeKey(r)));
  const conflicts = new Set(rangesOverlappingReservations(state, fresh));
  return { release, block: fresh.filter((r) => !conflicts.has(r)).sort(byStart) };
}

/**
 * The consistency boundary of daily rent: every reservation and block is decided here, at the
 * stream's revision, so two overlapping requests can never both hold the same night.
 */
export function decide(command: CalendarCommand, state: Calendar): CalendarEvent[] {
  switch (command.type) {
    case 'Reserve': {
      const entries = [...state.entries.values()];
      if (entries.some((e) => e.requestId === command.requestId)) return []; // accepting again
      if (entries.some((e) => overlaps(e, command))) throw unavailable();
      const { publicationId, entryId, requestId, startDate, endDate } = command;
      return [{ type: 'DatesReserved', data: { publicationId, entryId, requestId, startDate, endDate } }];
    }
    case 'Block': {
      if ([...state.entries.values()].some((e) => e.type === 1 && overlaps(e, command)))
        throw new DomainError('DATES_UNAVAILABLE', 'На эти даты уже есть бронирование: закрыть их нельзя');
      const { publicationId, entryId, startDate, endDate, source, note } = command;
      return [{ type: 'DatesBlocked', data: { publicationId, entryId, startDate, endDate, source, note } }];
    }
    case 'ReleaseBlock': {
      const entry = state.entries.get(command.entryId);
      if (!entry) return []; // released already
      if (entry.type === 1)
        throw new DomainError(
          'ACTION_NOT_ALLOWED',
          'Эти даты заняты бронированием: отмените заявку, чтобы их освободить',
        );
      return [
        {
          type: 'CalendarEntryReleased',
          data: { publicationId: command.publicationId, entryId: entry.entryId },
        },
      ];
    }
    case 'ReleaseReservation': {
      const entry = [...state.entries.values()].find((e) => e.requestId === command.requestId);
      return entry
        ? [
            {
              type: 'CalendarEntryReleased',
              data: { publicationId: command.publicationId, entryId: entry.entryId },
            },
          ]
        : [];
    }
    case 'ImportCalendar': {
      const { release, block } = planImport(state, command);
      if (release.length === 0 && block.length === 0) return []; // the same feed as last time
      const released = release.map((e) => e.entryId);
      const blocked = block.map((r) => ({
        entryId: importedEntryId(r),
        startDate: r.startDate,
        endDate: r.endDate,
        note: r.note,
      }));
      return [
        { type: 'CalendarFeedImported', data: { publicationId: command.publicationId, released, blocked } },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const calendarDecider: Decider<CalendarCommand, Calendar, CalendarEvent> = {
  decide,
  evolve,
  initialState: () => ({ entries: PersistentMap.empty() }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleCalendar = commandHandler(calendarDecider, calendarStream);
