import type { Page } from 'playwright-core';
import { until } from '@estate/events/testing';
import { createAgency, createPublication } from '../../services/test/publications';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';

/**
 * Issue 12, item 6, as a visitor's browser lives it: the site asks the server for its visitor id
 * (an HttpOnly cookie), the cards it sees and the listing it opens count once, and a page fetched
 * without running its script gets no id at all. Headless Chromium calls itself HeadlessChrome,
 * which the server rightly never counts, so the pages here carry an ordinary browser's user agent.
 */
describeInBrowser('visitor counting in Chromium', () => {
  const suite = browserSuite();
  /** the listing whose views tell that the views sent before it were counted */
  const MARKER = 'visitor-marker';
  beforeAll(async () => {
    // a daily-rent listing of the test's own: never a card of the sale catalogue these tests look at
    const { agent } = await createAgency(suite.server.app.ctx, 'visitor', '2');
    await createPublication(suite.server.app.ctx, agent, {
      id: MARKER,
      deal: 'dailyRent',
      price: 4_000,
      guests: 2,
      publishedDaysAgo: 5,
    });
  });

  const AGENTS = {
    375: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    1440: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  } as const;

  const viewsOf = async (id: string): Promise<number> => {
    const res = await fetch(
      `${suite.server.url}/api/public-views-diagram-per-ten-days?publicationId=${encodeURIComponent(id)}`,
    );
    return ((await res.json()) as { data: { allViews: number } }).data.allViews;
  };

  /** Every view sent so far has been counted once a later one is (one topic, read in order): a view of a listing the test reserves. */
  let markers = 0;
  async function settled() {
    const agent = { 'user-agent': AGENTS[1440], 'content-type': 'application/json' };
    const issued = await fetch(`${suite.server.url}/api/visitor`, { method: 'POST', headers: agent });
    const cookie = issued.headers.get('set-cookie')!.split(';')[0];
    const marker = MARKER;
    await fetch(`${suite.server.url}/api/publications/add-views`, {
      method: 'POST',
      headers: { ...agent, cookie },
      body: JSON.stringify({ publicationIds: [marker] }),
    });
    markers++;
    await until(async () => (await viewsOf(marker)) >= markers);
  }

  /** Brings the first `count` cards fully on screen one by one, each until the site has noted it as seen. */
  async function seeCards(page: Page, count: number) {
    for (let n = 0; n < count; n++) {
      const title = page.getByTestId('card-title').nth(n);
      const id = decodeURIComponent((await title.getAttribute('href'))!.split('?')[0].split('/').pop()!);
      await page
        .getByTestId('publication-card')
        .nth(n)
        .evaluate((card) => card.scrollIntoView({ block: 'center' }));
      await page.waitForFunction(
        (seen) =>
          (JSON.parse(localStorage.getItem('adsViewsIds') ?? '[]') as { id: string }[]).some(
            (v) => v.id === seen,
          ),
        id,
      );
    }
  }

  it('a plain GET of a page gets no visitor id (only the page’s script asks for one)', async () => {
    const page = await fetch(`${suite.server.url}/prodazha`, { headers: { 'user-agent': AGENTS[1440] } });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
  });

  for (const width of [375, 1440] as const) {
    it(`at ${width} px: the visitor id comes from the server; a card seen and a listing opened count once`, async () => {
      const context = await suite.browser.newContext({
        viewport: { width, height: 900 },
        userAgent: AGENTS[width],
      });
      const page = await context.newPage();
      page.setDefaultTimeout(8000);
      try {
        await visit(page, `${suite.server.url}/prodazha`);
        const card = page.getByTestId('publication-card').first();
        await card.waitFor();
        await until(async () => (await context.cookies()).some((c) => c.name === 'visitor'));
        const cookie = (await context.cookies()).find((c) => c.name === 'visitor')!;
        expect({ httpOnly: cookie.httpOnly, sameSite: cookie.sameSite }).toEqual({
          httpOnly: true,
          sameSite: 'Lax',
        });
        expect(await page.evaluate(() => document.cookie)).not.toContain('visitor='); // the page's script cannot read it
        expect(await page.evaluate(() => localStorage.getItem('uuid'))).toBeNull(); // and makes up no id of its own

        // the first card (top places rotate, so it is read here); nothing has gone out yet: a batch waits for six seen cards
        const href = (await page.getByTestId('card-title').first().getAttribute('href'))!;
        const id = decodeURIComponent(href.split('?')[0].split('/').pop()!);
        const before = await viewsOf(id);
        // scroll through the cards: once more than five seen ones wait, the batch goes out (product.md)
        await seeCards(page, 6);
        const sent = (seen: string) =>
          (JSON.parse(localStorage.getItem('adsViewsIds') ?? '[]') as { id: string; isSend: boolean }[]).some(
            (v) => v.id === seen && v.isSend,
          );
        await page.waitForFunction(sent, id);
        await until(async () => (await viewsOf(id)) === before + 1);
        await shot(page, `visitor-catalogue-${width}`);

        // open the listing in the site: the opening is this visitor's, in its recently opened list (the request shares the page's cookies)
        await page.getByTestId('card-title').first().scrollIntoViewIfNeeded();
        await page.getByTestId('card-title').first().click();
        await page.waitForURL((url) => url.pathname.endsWith(`/${id}`));
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await shot(page, `visitor-listing-${width}`);
        await until(async () => {
          const opened = (await (
            await page.request.get(`${suite.server.url}/api/clicked-publications`)
          ).json()) as { data: { id: string }[] };
          return opened.data.some((p) => p.id === id);
        });

        // the same visitor seeing the card again the same day adds nothing
        await page.evaluate(() => localStorage.removeItem('adsViewsIds'));
        await visit(page, `${suite.server.url}/prodazha`);
        const batch = page.waitForResponse((r) => r.url().endsWith('/api/publications/add-views'));
        await seeCards(page, 6);
        await page.waitForFunction(sent, id);
        expect((await batch).status()).toBe(200);
        await settled();
        expect(await viewsOf(id)).toBe(before + 1);
      } finally {
        await context.close();
      }
    });
  }
});
