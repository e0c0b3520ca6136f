import { randomUUID } from 'node:crypto';
import { ROLES } from '@estate/events';
import {
  countInteractions,
  dailyInteractionStats,
  MemoryReadStore,
  type Interaction,
} from '@estate/projections';
import request from 'supertest';
import { createPublication } from '../../test/publications';
import { startTestApp } from '../../test/testApp';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const view = (browser: string, publicationId: string, at = '2026-11-20T10:00:00.000Z'): Interaction => ({
  id: `view:${browser}:${publicationId}:${at.slice(0, 10)}`,
  kind: 'view',
  publicationId,
  at,
});

describe('interaction statistics', () => {
  it('counts each interaction id once however often it is delivered, per listing and day', async () => {
    const store = new MemoryReadStore();
    const batch = [
      view('b1', 'p1'),
      view('b2', 'p1'),
      view('b1', 'p1'),
      view('b1', 'p2'),
      view('b1', 'p1', '2026-11-21T09:00:00.000Z'),
    ];
    expect(await countInteractions(store, batch)).toBe(4);
    expect(await countInteractions(store, batch)).toBe(0); // a redelivered batch changes nothing
    expect(await dailyInteractionStats(store, 'p1', '2026-11-01', '2026-11-30')).toEqual([
      { day: '2026-11-20', view: 2, click: 0, phone: 0, favorite: 0, chat: 0 },
      { day: '2026-11-21', view: 1, click: 0, phone: 0, favorite: 0, chat: 0 },
    ]);
  });

  it('matches a hand count of views sent through the API, de-duplicated per visitor and day', async () => {
    // the demo's traffic goes on beside: the listings counted are the test's own, seen by nobody else
    const t = await startTestApp();
    try {
      const author = { userId: 'demo-agent-11', role: ROLES.AGENT, agencyId: 'demo-agency-1' };
      const [a, b, c] = ['hand-a', 'hand-b', 'hand-c'];
      for (const [n, id] of [a, b, c].entries())
        await createPublication(t.ctx, author, { id, price: 5_000_000 + n, publishedDaysAgo: 5 });
      // five browsers that ran the site's script: each asked for its visitor id (a cookie the agent keeps)
      const browsers = await Promise.all(
        Array.from({ length: 5 }, async (_, n) => {
          const browser = request
            .agent(t.app)
            .set('User-Agent', BROWSER)
            .set('X-Forwarded-For', `203.0.113.${n + 1}`);
          await browser.post('/api/visitor').expect(200);
          return browser;
        }),
      );
      for (const browser of browsers)
        await browser
          .post('/api/publications/add-views')
          .send({ publicationIds: [a, b], uuid: randomUUID() })
          .expect(200);
      for (const browser of browsers.slice(0, 2))
        await browser
          .post('/api/publications/add-views')
          .send({ publicationIds: [a, a, c], uuid: randomUUID() })
          .expect(200);
      // by hand: a seen by 5 browsers (the repeats are the same browsers, same day), b by 5, c by 2
      const viewsOf = async (id: string) => {
        for (let i = 0; i < 100; i++) {
          const res = await request(t.app)
            .get('/api/public-views-diagram-per-ten-days')
            .query({ publicationId: id })
            .expect(200);
          if (res.body.data.allViews > 0 || i === 99) return res.body.data;
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await new Promise((r) => setTimeout(r, 300));
      const [sa, sb, sc] = [await viewsOf(a), await viewsOf(b), await viewsOf(c)];
      expect([sa.allViews, sb.allViews, sc.allViews]).toEqual([5, 5, 2]);
      expect(sa.viewsDiagram).toHaveLength(10);
      expect(sa.viewsDiagram[9].views).toBe(5);
      await browsers[0]
        .post('/api/publications/add-views')
        .send({ publicationIds: [], uuid: 'x' })
        .expect(400);
    } finally {
      await t.close();
    }
  });
});
