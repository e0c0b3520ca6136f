import type { Page } from 'playwright-core';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { createAgency, createPublication } from '../../services/test/publications';

/**
 * Issue 16, item 6: 'Показать на карте' on a catalogue shows the search's listings grouped on a map
 * (the groups come from the server for the visible area), a group opens closer, a pin opens the
 * listing's card, and the listing's page shows its point. The tiles cannot load here (no network,
 * and they are refused below): the map must work without them.
 */
describeInBrowser('the search on a map', () => {
  const suite = browserSuite();

  /**
   * The test's own listings, of a price no demo listing has: a kilometre apart by the map's centre, one
   * group at the map's first zoom (10: one square of the server's 64-pixel grid) and two pins from
   * zoom 12 on, some 50 pixels apart (neither pin covers the other).
   */
  const PRICE = 987_654_321;
  const POINTS = [
    { lat: 55.7512, lon: 37.6184 },
    { lat: 55.7552, lon: 37.6334 },
  ];
  const SEARCH = `/prodazha?priceMin=${PRICE - 1}&priceMax=${PRICE + 1}`;
  beforeAll(async () => {
    const { ctx } = suite.server.app;
    const { agent } = await createAgency(ctx, 'map', '1');
    for (const [n, geo] of POINTS.entries())
      await createPublication(ctx, agent, { id: `map-${n}`, price: PRICE, geo, publishedDaysAgo: 5 });
  });

  async function pageAt(width: number): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(20_000);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    return page;
  }

  type MapAnswer = { data: { clusters: { publicationId?: string | null }[]; total: number } };
  const isMapSearch = (url: string) => new URL(url).pathname === '/api/publications/map';
  /** the search map's first zoom (web/src/map/SearchMap.tsx) */
  const START_ZOOM = 10;

  for (const width of [375, 1440]) {
    it(`at ${width} px: groups, a pin's card, the listing's point`, async () => {
      const { url } = suite.server;
      const page = await pageAt(width);
      try {
        await visit(page, `${url}${SEARCH}`);
        await page.getByRole('button', { name: 'Показать на карте' }).click();
        await page.waitForURL(/view=map/);
        const total = page.getByTestId('map-total');
        await total.filter({ hasText: /в этой области/ }).waitFor();
        const found = Number((await total.textContent())!.match(/\d+/)![0]);
        expect(found).toBe(POINTS.length);
        // the counts of the groups and the lone pins are the area's listings
        const counts = await page
          .getByTestId('map-cluster')
          .evaluateAll((nodes) => nodes.map((n) => Number(n.textContent)));
        const pins = await page.getByTestId('map-marker').count();
        expect(counts.reduce((a, b) => a + b, 0) + pins).toBe(found);
        expect({ counts, pins }).toEqual({ counts: [POINTS.length], pins: 0 }); // one group at the first zoom
        // closer and closer until a listing stands alone: each click moves the map, which asks the
        // server again 400 ms after it stops; its groups are drawn from that answer
        let zoom = START_ZOOM;
        for (let i = 0; i < 8 && (await page.getByTestId('map-marker').count()) === 0; i++) {
          zoom = Math.min(19, zoom + 2); // a group opens two steps closer
          const asked = zoom;
          const answered = page.waitForResponse(
            (r) => isMapSearch(r.url()) && (r.request().postDataJSON() as { zoom: number }).zoom === asked,
          );
          await page.getByTestId('map-cluster').first().click();
          const { data } = (await (await answered).json()) as MapAnswer;
          const lone = data.clusters.filter((c) => c.publicationId).length;
          await page.waitForFunction(
            ([groups, alone]) =>
              document.querySelectorAll('[data-testid="map-cluster"]').length === groups &&
              document.querySelectorAll('[data-testid="map-marker"]').length === alone,
            [data.clusters.length - lone, lone],
          );
        }
        await page.getByTestId('map-marker').first().click();
        const card = page.getByTestId('map-card');
        await card.waitFor();
        expect(await card.textContent()).toMatch(/₽/);
        await shot(page, `map-${width}`);
        await card.getByRole('link').click();
        await page.waitForURL(/\/prodazha\/[^/?]+$/);
        // the listing's map loads once its place comes on screen: the heading above it goes to the top
        await page
          .getByRole('heading', { name: 'На карте' })
          .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        const point = page.getByRole('region', { name: 'Объявление на карте' });
        await point.getByTestId('map-marker').waitFor();
        expect(await point.getByTestId('map-marker').count()).toBe(1);
        // back to the list
        await visit(page, `${url}/prodazha?view=map`);
        await page.getByRole('button', { name: 'Показать списком' }).click();
        await page.getByTestId('publication-card').first().waitFor();
        expect(page.url()).not.toMatch(/view=map/);
      } finally {
        await page.close();
      }
    });
  }
});
