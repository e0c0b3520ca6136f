import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestApp, type TestServer } from '../support/server';
import { apiSignIn, outboxCode, typeCode } from '../support/smsCode';

/**
 * Favourites (issue 18 item 6) at a phone's and a desktop's width: a guest's hearts are kept in
 * the browser with an offer to sign in, /izbrannie lists them (and deletes checked ones), signing
 * in merges them into the account (the account's list and widget show them, the browser's copy is
 * gone), and the signed-in user's header heart opens a dropdown of at most 14.
 */
let app: TestApp;
let server: TestServer;
let url: string;
let browser: Browser | null;
let context: BrowserContext;
let page: Page;
let token: string;
const SHOTS = process.env.SCREENSHOT_DIR ?? '.cache/screenshots';
const USER = '79990000100';
type Listing = { id: string; title: string };
let listings: Listing[] = [];
jest.setTimeout(300_000);

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
const accountFavourites = async () =>
  ((await (await api('/api/favorite-publications?limit=100&offset=1')).json()) as { data: Listing[] }).data;
async function clearAccount() {
  const ids = (await accountFavourites()).map((f) => `adIds[]=${f.id}`).join('&');
  if (ids) expect((await api(`/api/favorite-publications?${ids}`, { method: 'DELETE' })).status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser('guest favourites');
  if (!browser) return;
  server = await startTestServer();
  app = server.app;
  url = server.url;
  app.clock.advance(31_000);
  token = await apiSignIn(url, USER);
  const res = await fetch(`${url}/api/publications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dealCategory: 'sale', limit: 20 }),
  });
  listings = ((await res.json()) as { data: Listing[] }).data;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
});

describe.each([375, 1440])('favourites at %i px', (width) => {
  it('keeps a guest’s favourites in the browser, merges them at sign-in, and the dropdown shows at most 14', async () => {
    if (!browser) return console.warn('SKIPPED: guest favourites browser test (no Chromium)');
    await clearAccount();
    context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
    page = await context.newPage();
    const header = page.getByRole('banner');

    // the empty view
    await page.goto(`${url}/izbrannie`);
    await page.getByText('Список избранных объявлений пуст').waitFor();
    await page.screenshot({ path: `${SHOTS}/favourites-empty-${width}.png` });
    await page.getByRole('link', { name: 'Подобрать недвижимость' }).click();
    await page.waitForURL(/\/prodazha$/);

    // a guest hearts two listings: kept here, with the offer to sign in
    const cards = page.getByTestId('publication-card');
    await cards.first().waitFor();
    const titles: string[] = [];
    for (const i of [0, 1, 2]) {
      titles.push((await cards.nth(i).getByTestId('card-title').textContent())!);
      await cards.nth(i).getByRole('button', { name: 'В избранное' }).click();
      await cards.nth(i).getByRole('button', { name: 'Убрать из избранного' }).waitFor();
    }
    await page.getByText('Добавлено в избранное на этом устройстве', { exact: false }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/favourites-guest-prompt-${width}.png` });
    await header.getByRole('link', { name: 'Избранное: 3' }).click();
    await page.waitForURL(/\/izbrannie$/);
    const items = page.getByTestId('favourite-item');
    await items.nth(2).waitFor();
    // newest first
    expect(await items.getByTestId('card-title').allTextContents()).toEqual([...titles].reverse());

    // one checked and deleted: two remain, and a reload keeps them
    await page.getByRole('checkbox', { name: `Выбрать объявление «${titles[2]}»` }).check();
    await page.getByRole('button', { name: 'Удалить 1 объявление' }).click();
    await items.nth(2).waitFor({ state: 'detached' });
    await page.reload();
    await items.nth(1).waitFor();
    expect(await items.getByTestId('card-title').allTextContents()).toEqual([titles[1], titles[0]]);
    await page.screenshot({ path: `${SHOTS}/favourites-guest-${width}.png`, fullPage: width > 1000 });

    // signing in merges them into the account
    app.clock.advance(31_000);
    await page.getByRole('alert').getByRole('button', { name: 'Войти' }).click();
    await page.getByLabel('Телефон').fill('+7 (999) 000-01-00');
    await page.getByRole('button', { name: 'Получить код по СМС' }).click();
    await page.getByText('Новый код можно получить через', { exact: false }).waitFor();
    await typeCode(page, await outboxCode(url, USER));
    await header.getByRole('link', { name: 'Личный кабинет' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'сохранено на этом устройстве' })
      .waitFor({ state: 'detached' });
    await items.nth(1).waitFor();
    const ids = (await accountFavourites()).map((f) => f.title);
    expect(ids).toEqual([titles[1], titles[0]]);
    expect(await page.evaluate(() => localStorage.getItem('guestFavourites'))).toBeNull();

    // the account widget: the first 3, a link
    await page.goto(`${url}/account/user/main-info`);
    const widget = page.getByTestId('favourites-widget');
    await widget.getByText(titles[1]).waitFor();
    await widget.getByText(titles[0]).waitFor();
    await page.screenshot({ path: `${SHOTS}/favourites-widget-${width}.png`, fullPage: true });

    // sixteen favourites: the header's dropdown shows 14 and links to the full list
    for (const listing of listings.slice(3, 17))
      expect((await api(`/api/favorite-publications/${listing.id}`, { method: 'POST' })).status).toBe(200);
    await page.reload();
    const heart = header.getByRole('button', { name: 'Избранное: 16' });
    await heart.click();
    const dropdown = page.getByTestId('favourites-dropdown');
    await dropdown.waitFor();
    await expect(dropdown.getByRole('link').count()).resolves.toBe(14);
    await page.screenshot({ path: `${SHOTS}/favourites-dropdown-${width}.png` });
    await page.getByRole('link', { name: 'Все избранные объявления' }).click();
    await page.waitForURL(/\/izbrannie$/);
    await items.nth(15).waitFor();
  });

  it('shows the offer to sign in clear of a listing’s sticky bar and the bottom menu', async () => {
    if (!browser) return console.warn('SKIPPED: guest favourites browser test (no Chromium)');
    context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ru-RU' });
    page = await context.newPage();
    await page.goto(`${url}/prodazha/${listings[0].id}`);
    await page.getByRole('button', { name: 'В избранное' }).first().click();
    const toast = page.getByRole('alert').filter({ hasText: 'Добавлено в избранное на этом устройстве' });
    await toast.waitFor();
    // back at the top the bottom menu shows again and lifts the sticky bar above it
    await page.evaluate(() => window.scrollTo(0, 0));
    // the toast and the bars have stopped sliding
    await page.waitForTimeout(500);
    const box = (await toast.boundingBox())!;
    for (const bar of [
      page.getByTestId('sticky-bar'),
      page.getByRole('navigation', { name: 'Нижнее меню' }),
    ]) {
      const barBox = (await bar.count()) ? await bar.boundingBox() : null;
      // a bar shown on this width (a hidden one has no box) stands wholly below the toast
      if (barBox && barBox.y < 800) expect(box.y + box.height).toBeLessThanOrEqual(barBox.y);
    }
    if (width < 768) expect(await page.getByTestId('sticky-bar').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/favourites-guest-prompt-listing-${width}.png` });
  });
});
