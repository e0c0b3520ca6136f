import { ROLES } from '@estate/events';
import { until } from '@estate/events/testing';
import { funnelOf, INTERACTIONS_TOPIC, moscowDayOf, type Interaction } from '@estate/projections';
import type { BrowserContext, Page } from 'playwright-core';
import { handleCommand } from '../../services/src/core/decider';
import { walletDecider, walletStream } from '../../services/src/money';
import type { FunnelDto } from '../../services/src/contract';
import { createPublication } from '../../services/test/publications';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn, cabinetSignIn } from '../support/smsCode';

/**
 * «Воронка» (issue 19, item 3) at a phone's and a desktop's width: a listing's funnel from its
 * page and the agency's from the menu, the chart's bars and the table's figures as the API
 * answers them, in Russian, with the promoted days apart and the money.
 */
describeInBrowser('funnel', () => {
  const suite = browserSuite();
  const OWNER = '79990000001';
  const AGENCY = 'demo-agency-1';
  /** the test's own listing of the demo agency, not promoted until the test pays for it */
  const listing = 'funnel-listing';
  let ownerToken: string;
  let page: Page;

  const api = async <T>(token: string, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${suite.server.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as { data: T } };
  };

  beforeAll(async () => {
    const { app, url, clock } = suite.server;
    const author = { userId: 'demo-owner-1', role: ROLES.AGENCY_OWNER, agencyId: AGENCY };
    // a week past the demo's 90 days of traffic (seed/history.ts), so the days this test fills are
    // its own: the demo's folded days take no late interaction, and the agency's day is this listing's
    clock.advance(7 * 86_400_000);
    await createPublication(app.ctx, author, { id: listing, price: 8_900_000, publishedDaysAgo: 10 });
    clock.advance(31_000);
    const token = await apiSignIn(url, OWNER);
    ownerToken = token;
    // a paid promotion from now: today is a promotion day, the days before are not
    await handleCommand(app.ctx.eventStore, walletStream(AGENCY), walletDecider, {
      type: 'Credit',
      agencyId: AGENCY,
      paymentId: 'funnel-browser',
      sum: 10_000,
    });
    const tariffs = await api<{ id: string; positionType: number }[]>(
      token,
      `/api/publications/${listing}/tariffs`,
    );
    const tariff = tariffs.body.data.find((t) => t.positionType === 2)!;
    const paid = await api(token, `/api/publications/${listing}/tariffs/${tariff.id}`, { method: 'POST' });
    expect(paid.status).toBe(200);
    // viewers over the last five days: 40 impressions a day, fewer openings, a few responses
    const now = clock.now().getTime();
    const interactions: Interaction[] = [];
    for (let daysAgo = 0; daysAgo < 5; daysAgo++) {
      const at = new Date(now - daysAgo * 86_400_000 - 60_000).toISOString();
      const add = (kind: Interaction['kind'], n: number) => {
        for (let v = 0; v < n; v++)
          interactions.push({
            id: `${kind}:${v}:${daysAgo}`,
            kind,
            publicationId: listing,
            at,
            viewer: `visitor:v${v}`,
          });
      };
      add('view', 40 - daysAgo * 3);
      add('click', 12 - daysAgo);
      add('phone', 4);
      add('chat', daysAgo % 2 ? 1 : 2);
      add('favorite', 3);
    }
    await app.ctx.bus.publish(
      INTERACTIONS_TOPIC,
      interactions.map((i) => ({ key: i.publicationId, value: i })),
    );
    // folded: the days before yesterday closed into counts, the others still sets
    const impressions = interactions.filter((i) => i.kind === 'view').length;
    const from = moscowDayOf(new Date(now - 10 * 86_400_000).toISOString());
    const to = moscowDayOf(new Date(now).toISOString());
    await until(
      async () =>
        (await funnelOf(app.ctx.readStore, [listing], from, to, { publicationId: listing })).total.counts
          .impressions >= impressions,
    );
  });

  /** the drawn bars: each step's width */
  const bars = () =>
    page.locator('svg[role="img"] g[data-step]').evaluateAll((groups) =>
      groups.map((g) => ({
        step: g.getAttribute('data-step'),
        width: g.querySelectorAll('rect')[1].getBoundingClientRect().width,
        text: g.querySelector('text')!.textContent,
      })),
    );

  describe.each([375, 1440])('the funnel at %i px', (width) => {
    // one owner's session a width, signed in once for both tests
    let context: BrowserContext;
    beforeAll(async () => {
      context = await suite.browser.newContext({ viewport: { width, height: 1000 } });
      page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await cabinetSignIn(page, suite.server, OWNER);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('shows a listing’s funnel from its page, with the promotion days apart and the money', async () => {
      await visit(page, `${suite.server.url}/cabinet/#/publications/${listing}/show`);
      await page.getByRole('link', { name: 'Воронка' }).click();
      await page.getByRole('heading', { level: 1, name: /Воронка объявления/ }).waitFor();
      await page.locator('svg[role="img"]').waitFor();
      const token = ownerToken;
      const answer = (await api<FunnelDto>(token, `/api/cabinet/funnel?publicationId=${listing}`)).body.data;
      const drawn = await bars();
      const impressions = answer.total.steps.find((s) => s.step === 'impressions')!.count;
      expect(impressions).toBe(40 + 37 + 34 + 31 + 28);
      expect(drawn.map((b) => b.step)).toEqual(['impressions', 'opened', 'phone', 'chat', 'favorite']);
      expect(drawn[0].text).toBe(String(impressions));
      // the widths follow the counts
      const opened = answer.total.steps.find((s) => s.step === 'opened')!.count;
      expect(drawn[1].width / drawn[0].width).toBeCloseTo(opened / impressions, 1);
      const table = page.getByRole('table', { name: 'Таблица воронки' });
      for (const text of [
        'Показы в поиске',
        'Открытия объявления',
        'Дни с продвижением',
        'Дни без продвижения',
        'Потрачено на продвижение',
        'Цена показа телефона',
        'Цена чата',
      ])
        await table.getByText(text, { exact: true }).first().waitFor();
      expect(answer.promoted.days).toBe(1);
      expect(answer.promoted.money).toBeGreaterThan(0);
      const promotedPhone = answer.promoted.steps.find((s) => s.step === 'phone')!.count;
      expect(promotedPhone).toBe(4);
      const phoneRow = table.locator('tr[data-step="phone"]');
      expect(await phoneRow.locator('td').nth(1).locator('strong').textContent()).toBe(String(promotedPhone));
      await shot(page, `cabinet-funnel-listing-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    it('shows the agency’s funnel from the menu and follows a period picked', async () => {
      await visit(page, `${suite.server.url}/cabinet/`);
      await page.getByText('Мои объявления').first().waitFor();
      if (width < 600) await page.getByRole('button', { name: /меню/i }).first().click();
      await page.getByRole('menuitem', { name: 'Воронка' }).click();
      await page.getByRole('heading', { level: 1, name: 'Воронка агентства' }).waitFor();
      await page.locator('svg[role="img"]').waitFor();
      const today = new Date(suite.server.clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
      const [y, m, d] = today.split('-');
      await page
        .getByRole('group', { name: 'Период воронки' })
        .getByRole('group', { name: 'С', exact: true })
        .getByRole('spinbutton', { name: 'День' })
        .click();
      await page.keyboard.type(`${d}${m}${y}`, { delay: 20 });
      await page.getByRole('button', { name: 'Показать' }).click();
      // today alone: the promoted day of the listing; 40 impressions
      await page
        .locator('svg[role="img"] g[data-step="impressions"] text')
        .first()
        .filter({ hasText: /^40$/ })
        .waitFor();
      await shot(page, `cabinet-funnel-agency-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
});
