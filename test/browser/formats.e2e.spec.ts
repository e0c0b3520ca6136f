import type { Page } from 'playwright-core';
import { createAgency, createPublication } from '../../services/test/publications';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';

/** Item 24 of issue 12: prices never wrap mid-number, characteristics in their own formats, on a phone and a desktop. */
describeInBrowser('formats', () => {
  const suite = browserSuite();
  let page: Page;
  afterEach(async () => {
    await page?.close();
  });

  /** the test's own listings: the dearest sale (no demo listing costs a billion), a night with a deposit, a studio */
  const DEAREST = { id: 'formats-dearest', price: 987_654_321 };
  const DAILY = { id: 'formats-daily', deposit: 15_000, ceilingHeight: 2.75, buildYear: 1985 };
  const STUDIO = { id: 'formats-studio' };
  beforeAll(async () => {
    const { ctx } = suite.server.app;
    const { agent } = await createAgency(ctx, 'formats', '3');
    await createPublication(ctx, agent, { id: DEAREST.id, price: DEAREST.price, publishedDaysAgo: 5 });
    await createPublication(ctx, agent, {
      id: DAILY.id,
      deal: 'dailyRent',
      price: 4_500,
      guests: 2,
      params: { deposit: DAILY.deposit, ceilingHeight: DAILY.ceilingHeight, buildYear: DAILY.buildYear },
      publishedDaysAgo: 5,
    });
    await createPublication(ctx, agent, { id: STUDIO.id, price: 6_500_000, rooms: 0, publishedDaysAgo: 5 });
  });

  type Publication = { id: string; price: number };
  const search = async (body: object): Promise<Publication[]> => {
    const res = await fetch(`${suite.server.url}/api/publications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 100, ...body }),
    });
    return ((await res.json()) as { data: Publication[] }).data;
  };

  /** How many lines an element's text takes: the distinct tops of its text's line boxes. */
  const linesOf = (p: Page, testId: string) =>
    p
      .getByTestId(testId)
      .first()
      .evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });

  describe.each([375, 1440])('formats at %i px', (width) => {
    beforeEach(async () => {
      page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(10_000);
    });

    it('keeps the most expensive price on one line, with no sideways scroll', async () => {
      const { url } = suite.server;
      const [dearest] = await search({ dealCategory: 'sale', sortByPrice: 'DESC' });
      expect(dearest).toMatchObject(DEAREST);
      expect(dearest.price).toBeGreaterThanOrEqual(10_000_000);
      await visit(page, `${url}/prodazha/${dearest.id}`);
      const price = page.getByTestId('price').first();
      await price.waitFor();
      // narrow no-break spaces group the digits, a no-break space joins ₽
      expect(await price.textContent()).toMatch(/^\d{1,3}(\u202f\d{3})+\u00a0₽$/);
      expect(await linesOf(page, 'price')).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await price.scrollIntoViewIfNeeded();
      await shot(page, `formats-listing-${width}`);

      await visit(page, `${url}/prodazha?sortByPrice=DESC`);
      await page.getByTestId('publication-card').first().waitFor();
      const cardPrices = await page.getByTestId('price').evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
      );
      expect(cardPrices.length).toBeGreaterThan(0);
      expect(cardPrices.every((lines) => lines === 1)).toBe(true);
      await shot(page, `formats-catalogue-${width}`);
    });

    it('shows a deposit as money, a ceiling with a decimal comma and a year without grouping', async () => {
      await visit(page, `${suite.server.url}/daily-rent/${DAILY.id}`);
      const deposit = page.getByTestId('characteristic-Deposit');
      await deposit.waitFor();
      expect(await deposit.textContent()).toBe('Залог15\u202f000\u00a0₽');
      expect(await page.getByTestId('characteristic-CeilingHeight').textContent()).toBe(
        'Высота потолков2,75\u00a0м',
      );
      expect(await page.getByTestId('characteristic-BuildYear').textContent()).toBe('Год постройки1985');
      await page
        .getByText(/^Залог \d/)
        .first()
        .waitFor();
      await shot(page, `formats-daily-${width}`, { fullPage: true });
    });

    it('calls a listing with no rooms a studio', async () => {
      await visit(page, `${suite.server.url}/prodazha/${STUDIO.id}`);
      expect(await page.getByTestId('characteristic-FlatRoomsCount').textContent()).toBe(
        'Количество комнатСтудия',
      );
    });
  });
});
