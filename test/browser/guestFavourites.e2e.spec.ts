import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, reload, shot, visit } from '../support/browser';
import { apiSignIn, enterWithCode } from '../support/smsCode';

/**
 * Favourites (issue 18 item 6) at a phone's and a desktop's width: a guest's hearts are kept in
 * the browser with an offer to sign in, /izbrannie lists them (and deletes checked ones), signing
 * in merges them into the account (the account's list and widget show them, the browser's copy is
 * gone), and the signed-in user's header heart opens a dropdown of at most 14.
 */
describeInBrowser('guest favourites', () => {
  const suite = browserSuite();
  let context: BrowserContext | null = null;
  let page: Page;
  let token: string;
  const USER = '79990000100';
  type Listing = { id: string; title: string };
  let listings: Listing[] = [];

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${suite.server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });
  const accountFavourites = async () =>
    ((await (await api('/api/favorite-publications?limit=100&offset=1')).json()) as { data: Listing[] }).data;
  async function clearAccount() {
    const ids = (await accountFavourites()).map((f) => `adIds[]=${f.id}`).join('&');
    // (the first test finds none to delete)
    const deleted = ids ? (await api(`/api/favorite-publications?${ids}`, { method: 'DELETE' })).status : 200;
    expect(deleted).toBe(200);
    expect(await accountFavourites()).toEqual([]);
  }

  beforeAll(async () => {
    const { url, clock } = suite.server;
    clock.advance(31_000);
    token = await apiSignIn(url, USER);
    const res = await fetch(`${url}/api/publications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dealCategory: 'sale', limit: 20 }),
    });
    listings = ((await res.json()) as { data: Listing[] }).data;
  });
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  describe.each([375, 1440])('favourites at %i px', (width) => {
    it('keeps a guest’s favourites in the browser, merges them at sign-in, and the dropdown shows at most 14', async () => {
      const { url, clock } = suite.server;
      await clearAccount();
      context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
      page = await context.newPage();
      const header = page.getByRole('banner');

      // the empty view
      await visit(page, `${url}/izbrannie`);
      await page.getByText('Список избранных объявлений пуст').waitFor();
      await shot(page, `favourites-empty-${width}`);
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
      await shot(page, `favourites-guest-prompt-${width}`);
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
      await reload(page);
      await items.nth(1).waitFor();
      expect(await items.getByTestId('card-title').allTextContents()).toEqual([titles[1], titles[0]]);
      await shot(page, `favourites-guest-${width}`, { fullPage: width > 1000 });

      // signing in merges them into the account
      clock.advance(31_000);
      await page.getByRole('alert').getByRole('button', { name: 'Войти' }).click();
      await enterWithCode(page, url, USER, '+7 (999) 000-01-00');
      await header.getByRole('link', { name: 'Личный кабинет' }).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: 'сохранено на этом устройстве' })
        .waitFor({ state: 'detached' });
      await items.nth(1).waitFor();
      const merged = await accountFavourites();
      expect(merged.map((f) => f.title)).toEqual([titles[1], titles[0]]);
      expect(await page.evaluate(() => localStorage.getItem('guestFavourites'))).toBeNull();

      // the account widget: the first 3, a link
      await visit(page, `${url}/account/user/main-info`);
      const widget = page.getByTestId('favourites-widget');
      await widget.getByText(titles[1]).waitFor();
      await widget.getByText(titles[0]).waitFor();
      await shot(page, `favourites-widget-${width}`, { fullPage: true });

      // sixteen favourites: the header's dropdown shows 14 and links to the full list
      const others = listings.filter((l) => !merged.some((f) => f.id === l.id)).slice(0, 14);
      expect(others).toHaveLength(14);
      for (const listing of others)
        expect((await api(`/api/favorite-publications/${listing.id}`, { method: 'POST' })).status).toBe(200);
      await reload(page);
      const heart = header.getByRole('button', { name: 'Избранное: 16' });
      await heart.click();
      const dropdown = page.getByTestId('favourites-dropdown');
      await dropdown.waitFor();
      await expect(dropdown.getByRole('link').count()).resolves.toBe(14);
      await shot(page, `favourites-dropdown-${width}`);
      await page.getByRole('link', { name: 'Все избранные объявления' }).click();
      await page.waitForURL(/\/izbrannie$/);
      await items.nth(15).waitFor();
      expect(await items.count()).toBe(16);
    });

    it('shows the offer to sign in clear of a listing’s sticky bar and the bottom menu', async () => {
      // a phone has both bars at the screen's bottom (the menu shown at the top of the page); a desktop neither
      const phone = width < 768;
      context = await suite.browser.newContext({ viewport: { width, height: 800 }, locale: 'ru-RU' });
      page = await context.newPage();
      await visit(page, `${suite.server.url}/prodazha/${listings[0].id}`);
      await page.getByRole('button', { name: 'В избранное' }).first().click();
      const toast = page.getByRole('alert').filter({ hasText: 'Добавлено в избранное на этом устройстве' });
      await toast.waitFor();
      // back at the top the bottom menu shows again and lifts the sticky bar above it
      await page.evaluate(() => window.scrollTo(0, 0));
      // the menu is told to show, and the toast and the bars have stopped sliding (a loading
      // placeholder's endless pulse aside; getAnimations takes in a transition just started)
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="bottom-menu"]')?.getAttribute('data-hidden') !== 'true' &&
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      );
      const box = (await toast.boundingBox())!;
      /** where a bar stands: wholly below the toast, or not shown on this width */
      const placeOf = async (bar: Locator) => {
        const barBox = (await bar.isVisible()) ? await bar.boundingBox() : null;
        if (!barBox || barBox.y >= 800) return 'not shown';
        return box.y + box.height <= barBox.y ? 'below the toast' : `under the toast (${barBox.y})`;
      };
      const expected = phone ? 'below the toast' : 'not shown';
      expect(await placeOf(page.getByTestId('sticky-bar'))).toBe(expected);
      expect(await placeOf(page.getByRole('navigation', { name: 'Нижнее меню' }))).toBe(expected);
      expect(await page.getByTestId('sticky-bar').isVisible()).toBe(phone);
      await shot(page, `favourites-guest-prompt-listing-${width}`);
    });
  });
});
