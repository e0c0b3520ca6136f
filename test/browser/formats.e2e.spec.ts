import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer } from '../support/server';

/** Item 24 of issue 12: prices never wrap mid-number, characteristics in their own formats, on a phone and a desktop. */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser | null;
let page: Page;
const SHOTS = process.env.SCREENSHOT_DIR ?? '.cache/screenshots';

beforeAll(async () => {
  browser = await launchBrowser('formats');
  if (!browser) return;
  server = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await page?.close();
});

type Publication = {
  id: string;
  price: number;
  dealCategory: string;
  deposit: number | null;
  characteristics: { characteristicField: string; value: number }[];
};
const search = async (body: object): Promise<Publication[]> => {
  const res = await fetch(`${server.url}/api/publications`, {
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
  it('keeps the most expensive price on one line, with no sideways scroll', async () => {
    if (!browser) return console.warn('SKIPPED: formats browser test (no Chromium)');
    page = await browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(10_000);
    const [dearest] = await search({ dealCategory: 'sale', sortByPrice: 'DESC' });
    expect(dearest.price).toBeGreaterThanOrEqual(10_000_000);
    await page.goto(`${server.url}/prodazha/${dearest.id}`);
    const price = page.getByTestId('price').first();
    await price.waitFor();
    // narrow no-break spaces group the digits, a no-break space joins ₽
    expect(await price.textContent()).toMatch(/^\d{1,3}(\u202f\d{3})+\u00a0₽$/);
    expect(await linesOf(page, 'price')).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await price.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/formats-listing-${width}.png` });

    await page.goto(`${server.url}/prodazha?sortByPrice=DESC`);
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
    await page.screenshot({ path: `${SHOTS}/formats-catalogue-${width}.png` });
  });

  it('shows a deposit as money, a ceiling with a decimal comma and a year without grouping', async () => {
    if (!browser) return console.warn('SKIPPED: formats browser test (no Chromium)');
    page = await browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(10_000);
    const daily = await search({ dealCategory: 'dailyRent' });
    const told = (l: Publication, field: string) =>
      l.characteristics.find((c) => c.characteristicField === field)?.value;
    const publication = daily.find(
      (l) =>
        (l.deposit ?? 0) >= 1000 &&
        told(l, 'CeilingHeight') !== undefined &&
        !Number.isInteger(told(l, 'CeilingHeight')) &&
        told(l, 'BuildYear'),
    );
    expect(publication).toBeDefined();
    await page.goto(`${server.url}/daily-rent/${publication!.id}`);
    const deposit = page.getByTestId('characteristic-Deposit');
    await deposit.waitFor();
    expect(await deposit.textContent()).toBe(
      `Залог${publication!.deposit!.toLocaleString('ru-RU').replace(/\s/g, '\u202f')}\u00a0₽`,
    );
    expect(await page.getByTestId('characteristic-CeilingHeight').textContent()).toBe(
      `Высота потолков${String(told(publication!, 'CeilingHeight')).replace('.', ',')}\u00a0м`,
    );
    expect(await page.getByTestId('characteristic-BuildYear').textContent()).toBe(
      `Год постройки${told(publication!, 'BuildYear')}`,
    );
    await page
      .getByText(/^Залог \d/)
      .first()
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/formats-daily-${width}.png`, fullPage: true });
  });

  it('calls a listing with no rooms a studio', async () => {
    if (!browser) return console.warn('SKIPPED: formats browser test (no Chromium)');
    page = await browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(10_000);
    const studio = [
      ...(await search({ dealCategory: 'sale' })),
      ...(await search({ dealCategory: 'rent' })),
    ].find((l) => l.characteristics.some((c) => c.characteristicField === 'FlatRoomsCount' && c.value === 0));
    expect(studio).toBeDefined();
    await page.goto(`${server.url}/${studio!.dealCategory === 'sale' ? 'prodazha' : 'rent'}/${studio!.id}`);
    expect(await page.getByTestId('characteristic-FlatRoomsCount').textContent()).toBe(
      'Количество комнатСтудия',
    );
  });
});
