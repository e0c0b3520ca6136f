import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import {
  CALENDAR_ENTRIES,
  CATALOGUE,
  type CalendarEntryDocument,
  type CatalogueDocument,
} from '@estate/projections';
import type { AppContext } from '../../core/context';
import { actorOf, mayManagePublication, STAFF } from '../../core/access';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { rangesOverlappingReservations, type ImportedRange } from '../calendar';
import { calendarOf, dailyRentPublication, isFree, runCalendar } from '../commands';
import { todayOf } from '../dates';
import {
  calendarAnswer,
  calendarEntryAnswer,
  calendarImportAnswer,
  freeDatesAnswer,
  icsAnswer,
  successAnswer,
} from '../dto';
import { busyRangesOfIcs, calendarToIcs } from '../ical';
import { blockBody, entryParams, importBody, period, publicationParams, stayDates } from '../inputs';
import { BASE, tags } from './paths';

/**
 * A listing's calendar: whether nights are free, its entries, the host's blocks, and the iCal feed
 * and import that keep other portals in step. Every reservation and block is decided on the
 * `calendar-<publicationId>` stream (calendar.ts).
 */

/** Whether the nights are free: a published daily-rent listing's calendar, read from its stream. */
async function freeDates(ctx: AppContext, publicationId: string, q: { startDate: string; endDate: string }) {
  await dailyRentPublication(ctx, publicationId);
  return { data: { existsFreeDateByPeriod: await isFree(ctx, publicationId, q.startDate, q.endDate) } };
}

export const checkDate = defineRoute({
  method: 'post',
  path: `${BASE}/{publicationId}/calendar/check-date`,
  tags,
  summary: 'Свободен ли период: data.existsFreeDateByPeriod',
  description: 'startDate и endDate — в теле запроса (ГГГГ-ММ-ДД), выезд позже заезда.',
  auth: 'public',
  params: publicationParams,
  body: stayDates,
  errors: [404],
  response: freeDatesAnswer,
  handle: ({ ctx, params: { publicationId }, body }) => freeDates(ctx, publicationId, body),
});

/** The same check with the dates in the query (docs/decisions.md: the site's reserve form asks it so). */
export const checkDateByQuery = defineRoute({
  method: 'get',
  path: `${BASE}/{publicationId}/calendar/check-date`,
  tags,
  summary: 'Свободен ли период (даты в строке запроса): data.existsFreeDateByPeriod',
  description: 'То же, что POST, с startDate и endDate в строке запроса.',
  auth: 'public',
  params: publicationParams,
  query: stayDates,
  errors: [404],
  response: freeDatesAnswer,
  handle: ({ ctx, params: { publicationId }, query }) => freeDates(ctx, publicationId, query),
});

/** A signed-in, active staff member who may manage the listing (its agent, the agency's owner, a moderator). */
async function mayManageCalendar(ctx: AppContext, req: Request, publicationId: string) {
  if (!req.user || req.user.inactive) return false;
  const publication = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .findOne({ _id: publicationId });
  return publication !== null && mayManagePublication(actorOf(req), publication);
}

export const calendarEntries = defineRoute({
  method: 'get',
  path: `${BASE}/{publicationId}/calendar`,
  tags,
  summary: 'Календарь: записи 1 забронировано, 2 закрыто',
  description: 'Какая заявка держит ночь, видят только те, кто ведёт объявление; остальным — null.',
  auth: 'public',
  params: publicationParams,
  query: period,
  response: calendarAnswer,
  async handle({ ctx, params: { publicationId }, query: q, req }) {
    const entries = await ctx.readStore
      .collection<CalendarEntryDocument>(CALENDAR_ENTRIES)
      .find(
        { publicationId, startDate: { $lt: q.endDate }, endDate: { $gt: q.startDate } },
        { sort: { startDate: 1 } },
      );
    // which request holds a night is the host's business: its agent, the agency's owner, a moderator; anyone else sees only that it is taken
    const showRequests =
      entries.some((e) => e.requestId !== null) && (await mayManageCalendar(ctx, req, publicationId));
    return {
      data: entries.map((e) => ({
        id: e._id,
        startDate: e.startDate,
        endDate: e.endDate,
        type: e.type,
        bookingDailyRentAdRequestId: showRequests ? e.requestId : null,
      })),
    };
  },
});

/** The listing the host's call is about, once the caller may manage it. */
async function managed(ctx: AppContext, req: Request, publicationId: string) {
  const publication = await dailyRentPublication(ctx, publicationId);
  if (!mayManagePublication(actorOf(req), publication)) throw new DomainError('FORBIDDEN');
  return publication;
}

export const closeDates = defineRoute({
  method: 'post',
  path: `${BASE}/{publicationId}/calendar/set-unavailable-date`,
  tags,
  summary: 'Закрыть даты для бронирования',
  auth: STAFF,
  params: publicationParams,
  body: blockBody,
  status: 201,
  errors: [404, 409],
  response: calendarEntryAnswer,
  async handle({ ctx, params: { publicationId }, body: { startDate, endDate }, req }) {
    await managed(ctx, req, publicationId);
    const entryId = randomUUID();
    const result = await runCalendar(
      ctx,
      publicationId,
      { type: 'Block', publicationId, entryId, startDate, endDate, source: 'manual', note: null },
      { actor: actorOf(req).userId },
    );
    await ctx.projections.whenCaughtUp(result.position);
    return { data: { id: entryId, startDate, endDate, type: 2 as const, bookingDailyRentAdRequestId: null } };
  },
});

export const reopenDates = defineRoute({
  method: 'delete',
  path: `${BASE}/{publicationId}/calendar/unset-unavailable-date/{entryId}`,
  tags,
  summary: 'Открыть закрытые даты',
  auth: STAFF,
  params: entryParams,
  errors: [404, 422],
  response: successAnswer,
  async handle({ ctx, params: { publicationId, entryId }, req }) {
    await managed(ctx, req, publicationId);
    const result = await runCalendar(
      ctx,
      publicationId,
      { type: 'ReleaseBlock', publicationId, entryId },
      { actor: actorOf(req).userId },
    );
    await ctx.projections.whenCaughtUp(result.position);
    return { data: { success: true } };
  },
});

export const icsFeed = defineRoute({
  method: 'get',
  path: `${BASE}/{publicationId}/calendar.ics`,
  tags,
  summary: 'Календарь занятости в формате iCalendar (RFC 5545) для других площадок',
  auth: 'public',
  params: publicationParams,
  errors: [404],
  produces: 'text/calendar',
  response: icsAnswer,
  async handle({ ctx, params: { publicationId }, res }) {
    const publication = await dailyRentPublication(ctx, publicationId);
    const calendar = await calendarOf(ctx, publication._id);
    const ics = calendarToIcs(
      publication._id,
      publication.title,
      [...calendar.entries.values()].sort((a, b) => a.startDate.localeCompare(b.startDate)),
      ctx.clock(),
    );
    res
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', `inline; filename="${publication._id}.ics"`)
      .send(ics);
  },
});

export const importFeed = defineRoute({
  method: 'post',
  path: `${BASE}/{publicationId}/calendar/import`,
  tags,
  summary: 'Импорт занятых дат из iCal другой площадки: прежний импорт заменяется',
  description:
    'ics — текст календаря .ics (до 512 КБ, до 1000 событий, ночи до двух лет вперёд). Диапазоны, забронированные здесь, не закрываются, а возвращаются в conflicts.',
  auth: STAFF,
  params: publicationParams,
  body: importBody,
  errors: [404],
  response: calendarImportAnswer,
  async handle({ ctx, params: { publicationId }, body: { ics }, req }) {
    await managed(ctx, req, publicationId);
    const today = todayOf(ctx.clock());
    const ranges = await busyRangesOfIcs(ics, today);
    // one command decides the whole feed against the calendar: one append, or none when nothing changed
    const result = await runCalendar(
      ctx,
      publicationId,
      { type: 'ImportCalendar', publicationId, ranges, today },
      { actor: actorOf(req).userId },
    );
    if (result.events.length > 0) await ctx.projections.whenCaughtUp(result.position);
    const distinct = [...new Map(ranges.map((r) => [`${r.startDate}/${r.endDate}`, r])).values()];
    // nights booked here are never blocked from a feed: a double booking across portals, for the host to settle
    const conflicts: ImportedRange[] = rangesOverlappingReservations(result.state, distinct);
    const imported = result.events.find((e) => e.type === 'CalendarFeedImported');
    const blocked = imported?.data.blocked.length ?? 0;
    const released = imported?.data.released.length ?? 0;
    return {
      data: { blocked, released, unchanged: distinct.length - blocked - conflicts.length, conflicts },
    };
  },
});

export const calendarRoutes = [
  checkDate,
  checkDateByQuery,
  calendarEntries,
  closeDates,
  reopenDates,
  icsFeed,
  importFeed,
];
