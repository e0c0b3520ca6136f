import type { EventOf } from '@estate/events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type CalendarEvent = EventOf<'DatesReserved'> | EventOf<'DatesBlocked'> | EventOf<'CalendarEntryReleased'>;
/** Calendar entry types of the spec: 1 reserved, 2 unavailable (blocked). */
export type CalendarEntry = { entryId: string; startDate: string; endDate: string; type: 1 | 2; requestId: string | null; source: 'booking' | 'manual' | 'ical' };
export type Calendar = { entries: Map<string, CalendarEntry> };

type Range = { startDate: string; endDate: string };
export type CalendarCommand =
  | ({ type: 'Reserve'; publicationId: string; entryId: string; requestId: string } & Range)
  | ({ type: 'Block'; publicationId: string; entryId: string; source: 'manual' | 'ical'; note: string | null } & Range)
  | { type: 'ReleaseBlock'; publicationId: string; entryId: string }
  | { type: 'ReleaseReservation'; publicationId: string; requestId: string };

export const calendarStream = (publicationId: string) => `calendar-${publicationId}`;

/** Nights are [startDate, endDate): a stay ending on a day leaves that night free for the next guest. */
export const overlaps = (a: Range, b: Range) => a.startDate < b.endDate && b.startDate < a.endDate;

export function evolve(state: Calendar, event: CalendarEvent): Calendar {
  const entries = new Map(state.entries);
  switch (event.type) {
    case 'DatesReserved': {
      const { entryId, startDate, endDate, requestId } = event.data;
      entries.set(entryId, { entryId, startDate, endDate, type: 1, requestId, source: 'booking' });
      return { entries };
    }
    case 'DatesBlocked': {
      const { entryId, startDate, endDate, source } = event.data;
      entries.set(entryId, { entryId, startDate, endDate, type: 2, requestId: null, source });
      return { entries };
    }
    case 'CalendarEntryReleased':
      entries.delete(event.data.entryId);
      return { entries };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const unavailable = () => new DomainError('DATES_UNAVAILABLE');

/**
 * The consistency boundary of daily rent: every reservation and block is decided here, at the
 * stream's revision, so two overlapping requests can never both hold the same night.
 */
export function decide(command: CalendarCommand, state: Calendar): CalendarEvent[] {
  const entries = [...state.entries.values()];
  switch (command.type) {
    case 'Reserve': {
      if (entries.some((e) => e.requestId === command.requestId)) return []; // accepting again
      if (entries.some((e) => overlaps(e, command))) throw unavailable();
      const { publicationId, entryId, requestId, startDate, endDate } = command;
      return [{ type: 'DatesReserved', data: { publicationId, entryId, requestId, startDate, endDate } }];
    }
    case 'Block': {
      if (entries.some((e) => e.type === 1 && overlaps(e, command))) throw new DomainError('DATES_UNAVAILABLE', 'На эти даты уже есть бронирование: закрыть их нельзя');
      const { publicationId, entryId, startDate, endDate, source, note } = command;
      return [{ type: 'DatesBlocked', data: { publicationId, entryId, startDate, endDate, source, note } }];
    }
    case 'ReleaseBlock': {
      const entry = state.entries.get(command.entryId);
      if (!entry) return []; // released already
      if (entry.type === 1) throw new DomainError('ACTION_NOT_ALLOWED', 'Эти даты заняты бронированием: отмените заявку, чтобы их освободить');
      return [{ type: 'CalendarEntryReleased', data: { publicationId: command.publicationId, entryId: entry.entryId } }];
    }
    case 'ReleaseReservation': {
      const entry = entries.find((e) => e.requestId === command.requestId);
      return entry ? [{ type: 'CalendarEntryReleased', data: { publicationId: command.publicationId, entryId: entry.entryId } }] : [];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const calendarDecider: Decider<CalendarCommand, Calendar, CalendarEvent> = { decide, evolve, initialState: () => ({ entries: new Map() }) };
