import { rmSync } from 'node:fs';
import { moscowDayOf } from '@estate/projections';
import request from 'supertest';
import { photosMade } from '../../test/photos';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { createApp } from '../app';
import { buildContext, closeContext } from '../bootstrap';
import { loadConfig } from '../core/config';
import { createLogger } from '../core/logger';
import type { FunnelDto } from '../contract';
import { HISTORY_DAYS } from './history';
import { DEMO_PHONES, seedDemoData } from './seed';

/**
 * Issue 40, item 13: a first start shows the demo agency's dashboard, funnel and listing statistics
 * with 90 days of traffic (seed/history.ts), as the cabinet's screens ask for them, and a restart
 * folds the same history again without the seed adding anything.
 */
let t: TestApp;
let token: string;
const AGENCY = 'demo-agency-1';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  token = await signIn(t, DEMO_PHONES.owner);
});
afterAll(() => t.close());

type App = Parameters<typeof request>[0];
const get = async <T>(app: App, path: string, as = token): Promise<T> =>
  (await request(app).get(path).set('Authorization', `Bearer ${as}`).expect(200)).body.data as T;
/** the Moscow day `back` days before today, as the funnel names days */
const dayBack = (back: number) => moscowDayOf(new Date(t.clock.now().getTime() - back * DAY).toISOString());
const stepOf = (funnel: FunnelDto, step: string) => funnel.total.steps.find((s) => s.step === step)!.count;

type Bar = { viewCount?: number; clicksCount?: number; count?: number };
const diagram = (statsType: number, contentType: number) =>
  get<{ diagram: Bar[]; total: Record<string, number> }>(
    t.app,
    `/api/publications-statistic/diagram?statsType=${statsType}&contentType=${contentType}`,
  );

describe('the demo’s history', () => {
  it('fills the dashboard: a view on every day of the week before today, in every week of the month, in three months of the year', async () => {
    const week = await diagram(1, 1);
    expect(week.diagram).toHaveLength(7);
    // today's bar may be empty just after midnight: the days before it have the history's views
    expect(week.diagram.slice(0, -1).filter((bar) => !bar.viewCount)).toEqual([]);
    const month = await diagram(2, 1);
    expect(month.diagram.filter((bar) => !bar.viewCount || !bar.clicksCount)).toEqual([]);
    const year = await diagram(3, 1);
    expect(year.diagram.filter((bar) => (bar.viewCount ?? 0) > 0).length).toBeGreaterThanOrEqual(3);
    // favourites and responses (phone reveals and chats) have their own bars
    expect((await diagram(2, 2)).total.count).toBeGreaterThan(0);
    const responses = await diagram(2, 3);
    expect(responses.total).toMatchObject({
      viewPhoneCount: expect.any(Number),
      chatsCount: expect.any(Number),
    });
    expect(Math.min(responses.total.viewPhoneCount, responses.total.chatsCount)).toBeGreaterThan(0);
    const totals = await get<Record<string, number>>(t.app, '/api/publications-statistic?interval=30');
    for (const figure of ['viewCount', 'clicksCount', 'count', 'viewPhoneCount', 'chatsCount'])
      expect({ figure, value: totals[figure] > 0 }).toEqual({ figure, value: true });
  });

  it('spreads the agency’s impressions over at least 60 of the last 90 days, and counts every step of its funnel', async () => {
    let days = 0;
    for (let back = HISTORY_DAYS - 1; back >= 0; back--) {
      const day = dayBack(back);
      const funnel = await get<FunnelDto>(t.app, `/api/agency/${AGENCY}/funnel?from=${day}&to=${day}`);
      if (stepOf(funnel, 'impressions') > 0) days++;
    }
    expect(days).toBeGreaterThanOrEqual(60);
    // the funnel screen's default: the 30 days up to today
    const funnel = await get<FunnelDto>(t.app, `/api/agency/${AGENCY}/funnel`);
    expect(funnel.hasBooking).toBe(true);
    expect(funnel.total.steps.filter((s) => s.count === 0)).toEqual([]);
    // the promotions paid over these weeks: their days apart, and what they cost
    expect(funnel.promoted.days).toBeGreaterThan(0);
    expect(funnel.promoted.money).toBeGreaterThan(0);
    expect(stepOf(funnel, 'impressions')).toBeGreaterThan(stepOf(funnel, 'opened'));
  });

  it('gives the agency’s listings views on many days: the most viewed most days of the quarter, the busiest most of its page’s ten', async () => {
    const listings = await get<{ id: string }[]>(
      t.app,
      `/api/agency/${AGENCY}/publications?status=1&limit=100`,
    );
    const quarter = `from=${dayBack(HISTORY_DAYS - 1)}&to=${dayBack(0)}`;
    const seen = await Promise.all(
      listings.map(async ({ id }) => ({
        id,
        impressions: stepOf(
          await get<FunnelDto>(t.app, `/api/cabinet/funnel?publicationId=${id}&${quarter}`),
          'impressions',
        ),
      })),
    );
    const [top] = seen.sort((a, b) => b.impressions - a.impressions);
    let days = 0;
    for (let back = HISTORY_DAYS - 1; back >= 0; back--) {
      const day = dayBack(back);
      const funnel = await get<FunnelDto>(
        t.app,
        `/api/cabinet/funnel?publicationId=${top.id}&from=${day}&to=${day}`,
      );
      if (stepOf(funnel, 'impressions') > 0) days++;
    }
    expect(days).toBeGreaterThanOrEqual(30);
    // a listing's page: its ten days' views (today's not over), the busiest of the agency's listings
    const pages = await Promise.all(
      listings.map(
        async ({ id }) =>
          (await request(t.app).get(`/api/public-views-diagram-per-ten-days?publicationId=${id}`).expect(200))
            .body.data as { viewsDiagram: { views: number }[]; allViews: number },
      ),
    );
    const daysSeen = pages.map((page) => page.viewsDiagram.slice(0, -1).filter((d) => d.views > 0).length);
    const busiest = daysSeen.indexOf(Math.max(...daysSeen));
    expect(daysSeen[busiest]).toBeGreaterThanOrEqual(5);
    expect(pages[busiest].allViews).toBeGreaterThan(0);
  });

  it('is folded again at a restart, the same, and seeding again adds nothing to the log or the bus', async () => {
    // an app of its own: this one is stopped and started again on its data
    const first = await startTestApp();
    const owner = await signIn(first, DEMO_PHONES.owner);
    // the demo's photos get their sizes a moment after the start: the log then holds all it will
    await photosMade(first.ctx);
    const figures = async (app: App) => ({
      totals: await get(app, '/api/publications-statistic?interval=30', owner),
      funnel: await get(app, `/api/agency/${AGENCY}/funnel`, owner),
    });
    const before = await figures(first.app);
    const position = first.ctx.projections.position;
    const last = await first.ctx.bus.lastOffset('interactions');
    await closeContext(first.ctx);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: first.dataDir, LOG_LEVEL: 'silent' });
    const ctx = await buildContext(config, createLogger('silent'), { clock: first.clock.now });
    try {
      expect(await seedDemoData(ctx)).toEqual({ created: false, listings: 0 });
      await ctx.projections.whenCaughtUp();
      expect(ctx.projections.position).toBe(position);
      expect(await ctx.bus.lastOffset('interactions')).toBe(last);
      expect(await figures(createApp(ctx))).toEqual(before);
    } finally {
      await closeContext(ctx);
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
