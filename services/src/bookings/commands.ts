import { PUBLICATION_STATUS, type EventStore } from '@estate/events';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { fold, type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import type { Actor } from '../core/access';
import { bookingDecider, bookingStream, type BookingCommand, handleBooking } from './booking';
import { calendarDecider, calendarStream, overlaps, type CalendarCommand, handleCalendar } from './calendar';
import { todayOf } from './dates';

/**
 * The commands on one stream each (a request, a calendar) and the reads they start from. The use
 * cases across streams are workflows of their own (acceptBooking.ts, cancelBooking.ts); what
 * follows a fact is in reactors.ts.
 */

/** Many guests may press "accept" on overlapping requests at once: the calendar retries until each has its answer. */
export const CALENDAR_ATTEMPTS = 200;

export const runCalendar = (
  ctx: AppContext,
  publicationId: string,
  command: CalendarCommand,
  meta: CommandContext,
) => handleCalendar(ctx.eventStore, publicationId, command, meta, CALENDAR_ATTEMPTS);
/**
 * Frees the nights a request holds in its listing's calendar (nothing when it holds none): the
 * undo of an acceptance and the last step of a cancellation, run by workflows on their store.
 */
export const releaseNights = (
  store: EventStore,
  publicationId: string,
  requestId: string,
  meta: CommandContext,
) =>
  handleCalendar(
    store,
    publicationId,
    { type: 'ReleaseReservation', publicationId, requestId },
    meta,
    CALENDAR_ATTEMPTS,
  );
export const runBooking = (
  ctx: AppContext,
  requestId: string,
  command: BookingCommand,
  meta: CommandContext,
) => handleBooking(ctx.eventStore, requestId, command, meta);

export async function bookingOf(ctx: AppContext, requestId: string) {
  return fold(bookingDecider, await ctx.eventStore.readStream(bookingStream(requestId)));
}
export async function calendarOf(ctx: AppContext, publicationId: string) {
  return fold(calendarDecider, await ctx.eventStore.readStream(calendarStream(publicationId)));
}
export async function isFree(ctx: AppContext, publicationId: string, startDate: string, endDate: string) {
  const calendar = await calendarOf(ctx, publicationId);
  return ![...calendar.entries.values()].some((e) => overlaps(e, { startDate, endDate }));
}

/** A published daily-rent listing, or 404. */
export async function dailyRentPublication(ctx: AppContext, publicationId: string) {
  const publication = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .findOne({ _id: publicationId });
  if (
    !publication ||
    publication.status !== PUBLICATION_STATUS.PUBLISHED ||
    publication.dealCategory !== 'dailyRent'
  )
    throw new DomainError('NOT_FOUND', 'Объявление посуточной аренды не найдено');
  return publication;
}

/** The host turns a request down with a reason; the guest hears of it (reactors.ts). */
export async function rejectBooking(ctx: AppContext, actor: Actor, requestId: string, reason: string) {
  const result = await runBooking(
    ctx,
    requestId,
    { type: 'RejectBooking', actor, reason },
    { actor: actor.userId },
  );
  await ctx.projections.whenCaughtUp(result.position);
}

export async function checkOutGuest(ctx: AppContext, actor: Actor, requestId: string) {
  const result = await runBooking(
    ctx,
    requestId,
    { type: 'CheckOutGuest', actor, today: todayOf(ctx.clock()) },
    { actor: actor.userId },
  );
  await ctx.projections.whenCaughtUp(result.position);
}
