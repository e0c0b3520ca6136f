import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { MODERATOR_ROLE, ROLES } from '@estate/events';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { actorOf } from '../publications/form';
import type { Actor } from '../publications/decide';
import { calendarOf, dailyRentListing, type runCalendar as RunCalendar } from './commands';
import { overlaps } from './calendar';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД');
const range = z.object({ startDate: day, endDate: day }).refine((r) => r.endDate > r.startDate, { message: 'Дата окончания должна быть позже даты начала', path: ['endDate'] });
const importBody = z.object({ ics: z.string().min(10, 'Вставьте содержимое календаря .ics').max(2_000_000) });

const mayManage = (actor: Actor, listing: { agencyId: string | null; authorId: string }) =>
  actor.role === MODERATOR_ROLE || (actor.agencyId !== null && actor.agencyId === listing.agencyId && (actor.role === ROLES.AGENCY_OWNER || actor.userId === listing.authorId));

const compact = (d: string) => d.replace(/-/g, '');

/** RFC 5545: one all-day VEVENT per reserved or blocked range (DTEND is the morning the guest leaves). */
export function calendarToIcs(publicationId: string, title: string, entries: { entryId: string; startDate: string; endDate: string; type: 1 | 2 }[], now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const events = entries.map((e) => [
    'BEGIN:VEVENT',
    `UID:${e.entryId}@estate.marketplace`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(e.startDate)}`,
    `DTEND;VALUE=DATE:${compact(e.endDate)}`,
    `SUMMARY:${e.type === 1 ? 'Забронировано' : 'Закрыто для бронирования'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ].join('\r\n'));
  const name = title.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, ' ');
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Estate Marketplace//Daily rent//RU', 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${name}`, `X-PUBLISHED-TTL:PT1H`, ...events, 'END:VCALENDAR', ''].join('\r\n');
}

/** The busy ranges of another portal's feed, as whole days [start, end), parsed with ical.js. */
export function busyRangesOfIcs(text: string): { startDate: string; endDate: string; note: string | null }[] {
  let component: ICAL.Component;
  try {
    component = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new DomainError('INVALID_DATA', undefined, { ics: ['Это не календарь iCalendar (.ics)'] });
  }
  return component.getAllSubcomponents('vevent').flatMap((vevent) => {
    const event = new ICAL.Event(vevent);
    if (!event.startDate) return [];
    const start = event.startDate.toJSDate();
    const end = event.endDate ? event.endDate.toJSDate() : new Date(start.getTime() + 24 * 3600_000);
    const startDate = event.startDate.isDate ? event.startDate.toString() : start.toISOString().slice(0, 10);
    let endDate = event.endDate?.isDate ? event.endDate.toString() : end.toISOString().slice(0, 10);
    if (endDate <= startDate) endDate = new Date(Date.parse(startDate) + 24 * 3600_000).toISOString().slice(0, 10);
    return [{ startDate, endDate, note: event.summary ? String(event.summary).slice(0, 300) : null }];
  });
}

/** Blocks and releases by the host, and the iCal feed and import that keep other portals in step. */
export function calendarRoutes(ctx: AppContext, base: string, staff: RequestHandler, runCalendar: typeof RunCalendar): Router {
  const router = Router();
  const route = (method: 'get' | 'post' | 'delete', path: string, summary: string) =>
    ctx.openApi.route({ method, path: `${base}${path}`, tags: ['Бронирование посуточно'], summary, responses: { 200: { description: 'data' } } });
  const managed = async (req: Parameters<RequestHandler>[0]) => {
    const publicationId = String(req.params.publicationId);
    const listing = await dailyRentListing(ctx, publicationId);
    if (!mayManage(actorOf(req), listing)) throw new DomainError('FORBIDDEN');
    return publicationId;
  };

  route('post', '/{publicationId}/calendar/set-unavailable-date', 'Закрыть даты для бронирования');
  router.post(`${base}/:publicationId/calendar/set-unavailable-date`, staff, async (req, res) => {
    const publicationId = await managed(req);
    const { startDate, endDate } = parse(range, req.body);
    const entryId = randomUUID();
    const result = await runCalendar(ctx, publicationId, { type: 'Block', publicationId, entryId, startDate, endDate, source: 'manual', note: null }, { actor: req.user!.userId });
    await ctx.projections.whenCaughtUp(result.position);
    res.status(201).json({ data: { id: entryId, startDate, endDate, type: 2, bookingDailyRentAdRequestId: null } });
  });

  route('delete', '/{publicationId}/calendar/unset-unavailable-date/{entryId}', 'Открыть закрытые даты');
  router.delete(`${base}/:publicationId/calendar/unset-unavailable-date/:entryId`, staff, async (req, res) => {
    const publicationId = await managed(req);
    const result = await runCalendar(ctx, publicationId, { type: 'ReleaseBlock', publicationId, entryId: String(req.params.entryId) }, { actor: req.user!.userId });
    await ctx.projections.whenCaughtUp(result.position);
    res.json({ data: { success: true } });
  });

  route('get', '/{publicationId}/calendar.ics', 'Календарь занятости в формате iCalendar (RFC 5545) для других площадок');
  router.get(`${base}/:publicationId/calendar.ics`, async (req, res) => {
    const listing = await dailyRentListing(ctx, req.params.publicationId);
    const calendar = await calendarOf(ctx, listing._id);
    const ics = calendarToIcs(listing._id, listing.title, [...calendar.entries.values()].sort((a, b) => a.startDate.localeCompare(b.startDate)), ctx.clock());
    res.type('text/calendar; charset=utf-8').set('Content-Disposition', `inline; filename="${listing._id}.ics"`).send(ics);
  });

  route('post', '/{publicationId}/calendar/import', 'Импорт занятых дат из iCal другой площадки: прежний импорт заменяется');
  router.post(`${base}/:publicationId/calendar/import`, staff, async (req, res) => {
    const publicationId = await managed(req);
    const { ics } = parse(importBody, req.body);
    const ranges = busyRangesOfIcs(ics);
    const meta = { actor: req.user!.userId };
    // the previous import is replaced: blocks the other portal has since lifted are lifted here too
    const before = await calendarOf(ctx, publicationId);
    for (const entry of before.entries.values()) {
      if (entry.source === 'ical') await runCalendar(ctx, publicationId, { type: 'ReleaseBlock', publicationId, entryId: entry.entryId }, meta);
    }
    const blocked = [];
    const conflicts = [];
    for (const range of ranges) {
      const reserved = [...(await calendarOf(ctx, publicationId)).entries.values()].some((e) => e.type === 1 && overlaps(e, range));
      if (reserved) {
        conflicts.push(range); // a double booking across portals: the host has to settle it
        continue;
      }
      await runCalendar(ctx, publicationId, { type: 'Block', publicationId, entryId: randomUUID(), ...range, source: 'ical' }, meta);
      blocked.push(range);
    }
    await ctx.projections.whenCaughtUp();
    res.json({ data: { blocked: blocked.length, conflicts } });
  });

  return router;
}
