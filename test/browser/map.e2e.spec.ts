import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer } from '../support/server';

/**
 * Issue 16, item 6: 'Показать на карте' on a catalogue shows the search's listings grouped on a map
 * (the groups come from the server for the visible area), a group opens closer, a pin opens the
 * listing's card, and the listing's page shows its point. The tiles cannot load here (no network,
 * and they are refused below): the map must work without them.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser | null;

beforeAll(async () => {
  browser = await launchBrowser('map');
  if (!browser) return;
  server = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAt(width: number): Promise<Page> {
  const page = await browser!.newPage({ viewport: { width, height: 900 } });
  page.setDefaultTimeout(20_000);
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  return page;
}

describe('the search on a map', () => {
  for (const width of [375, 1440]) {
    it(`at ${width} px: groups, a pin's card, the listing's point`, async () => {
      if (!browser) return console.warn('SKIPPED: map browser test (no Chromium)');
      const page = await pageAt(width);
      try {
        await page.goto(`${server.url}/prodazha`);
        await page.getByRole('button', { name: 'Показать на карте' }).click();
        await page.waitForURL(/view=map/);
        const total = page.getByTestId('map-total');
        await total.filter({ hasText: /в этой области/ }).waitFor();
        const found = Number((await total.textContent())!.match(/\d+/)![0]);
        expect(found).toBeGreaterThan(0);
        // the counts of the groups and the lone pins are the area's listings
        const counts = await page
          .getByTestId('map-cluster')
          .evaluateAll((nodes) => nodes.map((n) => Number(n.textContent)));
        const pins = await page.getByTestId('map-marker').count();
        expect(counts.reduce((a, b) => a + b, 0) + pins).toBe(found);
        // closer and closer until a listing stands alone
        for (let i = 0; i < 8 && (await page.getByTestId('map-marker').count()) === 0; i++) {
          await page.getByTestId('map-cluster').first().click();
          await page.waitForTimeout(900); // the map's animation and the 400 ms before it asks again
        }
        await page.getByTestId('map-marker').first().click();
        const card = page.getByTestId('map-card');
        await card.waitFor();
        expect(await card.textContent()).toMatch(/₽/);
        await page.screenshot({ path: `/tmp/map-${width}.png` });
        await card.getByRole('link').click();
        await page.waitForURL(/\/prodazha\/[^/?]+$/);
        // the listing's map loads once it comes near the screen
        await page.getByRole('heading', { name: 'На карте' }).scrollIntoViewIfNeeded();
        const point = page.getByRole('region', { name: 'Объявление на карте' });
        await point.getByTestId('map-marker').waitFor();
        // back to the list
        await page.goto(`${server.url}/prodazha?view=map`);
        await page.getByRole('button', { name: 'Показать списком' }).click();
        await page.getByTestId('publication-card').first().waitFor();
        expect(page.url()).not.toMatch(/view=map/);
      } finally {
        await page.close();
      }
    });
  }
});
