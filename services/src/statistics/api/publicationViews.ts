import { dailyInteractionStats, dayOf } from '@estate/projections';
import { defineRoute } from '../../core/route';
import { viewsDiagramAnswer } from '../dto';
import { publicationViewsQuery } from '../inputs';

const TEN_DAYS = 10;

/** A listing's views as its page shows them to everyone: the last ten days, day by day, and all of them. */
export const publicationViews = defineRoute({
  method: 'get',
  path: '/api/public-views-diagram-per-ten-days',
  tags: ['Статистика'],
  summary: 'Просмотры объявления за последние 10 дней',
  auth: 'public',
  query: publicationViewsQuery,
  response: viewsDiagramAnswer,
  async handle({ ctx, query: { publicationId } }) {
    const today = ctx.clock();
    const days = Array.from({ length: TEN_DAYS }, (_, i) =>
      dayOf(new Date(today.getTime() - (TEN_DAYS - 1 - i) * 86_400_000).toISOString()),
    );
    const stats = await dailyInteractionStats(
      ctx.readStore,
      publicationId,
      '0000-00-00',
      days[days.length - 1],
    );
    const byDay = new Map(stats.map((s) => [s.day, s.view]));
    const viewsDiagram = days.map((date) => ({ date, views: byDay.get(date) ?? 0 }));
    return {
      data: {
        viewsDiagram,
        viewsPerTenDays: viewsDiagram.reduce((sum, d) => sum + d.views, 0),
        allViews: stats.reduce((sum, s) => sum + s.view, 0),
      },
    };
  },
});

export const publicationViewsRoutes = [publicationViews];
