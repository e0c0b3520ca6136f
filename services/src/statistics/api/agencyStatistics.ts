import {
  CATALOGUE,
  dayOf,
  summedDailyStats,
  type CatalogueDocument,
  type DailyStats,
} from '@estate/projections';
import type { Request } from 'express';
import { actorOf, STAFF, staffScope } from '../../core/access';
import type { AppContext } from '../../core/context';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { statisticsDiagramAnswer, statisticsTotalsAnswer, type DiagramBarDto } from '../dto';
import { diagramQuery, totalsQuery } from '../inputs';

/**
 * The agency dashboard's statistics: totals for an interval (the default since the start of the
 * year) and the bar diagrams, over the listings the caller works with.
 */
const tags = ['Статистика'];
const DAY = 86_400_000;
/** Statistics periods of the spec: 1 week (7 days, by day), 2 month (30 days, by week), 3 year (365 days, by month). */
const PERIODS = {
  1: { days: 7, bucket: 'day' },
  2: { days: 30, bucket: 'week' },
  3: { days: 365, bucket: 'month' },
} as const;
const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

const dayAdd = (day: string, n: number) => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);
const empty = (day: string): DailyStats => ({ day, view: 0, click: 0, phone: 0, favorite: 0, chat: 0 });
const add = (a: DailyStats, b: DailyStats): DailyStats => ({
  day: a.day,
  view: a.view + b.view,
  click: a.click + b.click,
  phone: a.phone + b.phone,
  favorite: a.favorite + b.favorite,
  chat: a.chat + b.chat,
});
const totals = (s: Omit<DailyStats, 'day'>) => ({
  viewCount: s.view,
  clicksCount: s.click,
  count: s.favorite,
  viewPhoneCount: s.phone,
  chatsCount: s.chat,
  responsesCount: s.phone + s.chat,
});

/** Content types of the spec: 1 views vs clicks, 2 favourites, 3 interactions (phone views vs chats). */
function point(contentType: number, s: DailyStats) {
  if (contentType === 1) return { viewCount: s.view, clicksCount: s.click };
  if (contentType === 2) return { count: s.favorite };
  return { viewPhoneCount: s.phone, chatsCount: s.chat, count: s.phone + s.chat };
}

/** the listings the caller's figures cover: an agent's own, the owner's whole agency, or one of them */
async function publicationsOf(ctx: AppContext, req: Request, publicationId?: string) {
  const filter = staffScope(actorOf(req));
  const docs = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find(publicationId ? { ...filter, _id: publicationId } : filter, { projection: { _id: 1 } });
  if (publicationId && docs.length === 0) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
  return docs.map((d) => d._id);
}
const today = (ctx: AppContext) => dayOf(ctx.clock().toISOString());

export const statisticsTotals = defineRoute({
  method: 'get',
  path: '/api/publications-statistic',
  tags,
  summary: 'Итоги агентства за 7, 30 дней или с начала года (по умолчанию), и за сегодня',
  auth: STAFF,
  query: totalsQuery,
  errors: [404],
  response: statisticsTotalsAnswer,
  async handle({ ctx, query: q, req }) {
    const to = today(ctx);
    const from = q.interval === 'year' ? `${to.slice(0, 4)}-01-01` : dayAdd(to, -(Number(q.interval) - 1));
    const days = await summedDailyStats(
      ctx.readStore,
      await publicationsOf(ctx, req, q.publicationId),
      from,
      to,
    );
    const sum = [...days.values()].reduce(add, empty(from));
    return {
      data: { startDate: from, endDate: to, ...totals(sum), today: totals(days.get(to) ?? empty(to)) },
    };
  },
});

export const statisticsDiagram = defineRoute({
  method: 'get',
  path: '/api/publications-statistic/diagram',
  tags,
  summary:
    'Диаграмма: statsType 1 неделя по дням, 2 месяц по неделям, 3 год по месяцам; contentType 1 просмотры и клики, 2 избранное, 3 отклики',
  auth: STAFF,
  query: diagramQuery,
  errors: [404],
  response: statisticsDiagramAnswer,
  async handle({ ctx, query: q, req }) {
    const period = PERIODS[q.statsType as 1 | 2 | 3];
    const to = today(ctx);
    const from = dayAdd(to, -(period.days - 1));
    const days = await summedDailyStats(
      ctx.readStore,
      await publicationsOf(ctx, req, q.publicationId),
      from,
      to,
    );
    // a bar per day (week), per 7 days from the start (month), per calendar month (year)
    const keyOf = (day: string) =>
      period.bucket === 'day'
        ? day
        : period.bucket === 'week'
          ? String(Math.floor((Date.parse(day) - Date.parse(from)) / (7 * DAY)))
          : day.slice(0, 7);
    const buckets: { key: string; startDate: string; endDate: string; label: string; stats: DailyStats }[] =
      [];
    for (let day = from; day <= to; day = dayAdd(day, 1)) {
      const stats = days.get(day) ?? empty(day);
      const last = buckets.at(-1);
      if (last?.key === keyOf(day)) {
        last.endDate = day;
        last.stats = add(last.stats, stats);
        continue;
      }
      const date = new Date(day);
      const label =
        period.bucket === 'day'
          ? WEEKDAYS[date.getUTCDay()]
          : period.bucket === 'month'
            ? MONTHS[date.getUTCMonth()]
            : '';
      buckets.push({ key: keyOf(day), startDate: day, endDate: day, label, stats });
    }
    const diagram: DiagramBarDto[] = buckets.map((b) => ({
      date: b.startDate,
      startDate: b.startDate,
      endDate: b.endDate,
      label:
        b.label ||
        `${b.startDate.slice(8)}.${b.startDate.slice(5, 7)}–${b.endDate.slice(8)}.${b.endDate.slice(5, 7)}`,
      ...point(q.contentType, b.stats),
    }));
    const sum = buckets.reduce((s, b) => add(s, b.stats), empty(from));
    return {
      data: {
        statsType: q.statsType,
        contentType: q.contentType,
        startDate: from,
        endDate: to,
        total: point(q.contentType, sum),
        diagram,
      },
    };
  },
});

export const agencyStatisticsRoutes = [statisticsTotals, statisticsDiagram];
