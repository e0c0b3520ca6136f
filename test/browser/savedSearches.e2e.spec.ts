import { ROLES } from '@estate/events';
import { until } from '@estate/events/testing';
import type { Page } from 'playwright-core';
import { createPublication } from '../../services/test/publications';
import { browserSuite, describeInBrowser, reload, shot, visit } from '../support/browser';
import { apiSignIn, enterWithCode } from '../support/smsCode';

/**
 * Saved searches (issue 19, part 1) at a phone's and a desktop's width: a signed-out visitor's
 * «Сохранить поиск» asks to sign in first; the search is saved with its alerts, shows in «Мои
 * поиски», and a matching listing the demo agency publishes shows as new there and queues the
 * e-mail (the development outbox).
 */
describeInBrowser('saved searches', () => {
  const suite = browserSuite();
  let page: Page | null = null;
  let owner: string;
  const OWNER = '79990000001';
  const USER = '79990000100';
  const USER_EMAIL = 'user@demo.estate';
  const AGENCY = 'demo-agency-1';
  /** the test's own listings of the demo agency, each of a price no other listing has (demo prices are round) */
  const listings = [
    { id: 'saved-search-375', price: 12_345_671 },
    { id: 'saved-search-1440', price: 12_345_675 },
  ];

  const changeStatus = async (status: number, id: string) => {
    const res = await fetch(`${suite.server.url}/api/agency/${AGENCY}/publications/change-status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status, publicationIds: [id] }),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    const { server } = suite;
    const author = { userId: 'demo-owner-1', role: ROLES.AGENCY_OWNER, agencyId: AGENCY };
    for (const { id, price } of listings)
      await createPublication(server.app.ctx, author, { id, price, publishedDaysAgo: 10 });
    server.clock.advance(31_000);
    owner = await apiSignIn(server.url, OWNER);
    // both are hidden now, to be published again while a search waits for them
    for (const listing of listings) await changeStatus(3, listing.id);
  });
  afterEach(async () => {
    await page?.close();
    page = null;
  });

  const letters = async () =>
    (
      (await (await fetch(`${suite.server.url}/api/dev/email?to=${USER_EMAIL}`)).json()) as {
        data: { subject: string; text: string }[];
      }
    ).data;

  describe.each([
    [375, 0],
    [1440, 1],
  ])('saved searches at %i px', (width, n) => {
    it('saves the catalogue’s search with alerts, lists it, and a new matching listing shows and is e-mailed', async () => {
      const { url, clock } = suite.server;
      const listing = listings[n];
      const name = `Мой поиск ${width}`;
      page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(60_000);
      // a characteristic of «Все фильтры» is kept with the search and comes back in its address
      await visit(
        page,
        `${url}/prodazha?priceMin=${listing.price - 1}&priceMax=${listing.price + 1}&TotalArea=1-9999`,
      );
      // signed out: the sign-in comes first
      await page.getByRole('button', { name: 'Сохранить поиск' }).click();
      clock.advance(31_000);
      await enterWithCode(page, url, USER, USER.slice(1));
      await page.getByRole('link', { name: 'Личный кабинет' }).first().waitFor();

      await page.getByRole('button', { name: 'Сохранить поиск' }).click();
      const dialog = page.getByRole('dialog', { name: 'Сохранить поиск' });
      await dialog.getByLabel('Название поиска').fill(name);
      await dialog.getByLabel('Сразу').check();
      await dialog.getByLabel('На почту').check();
      await shot(page, `web-save-search-${width}`);
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await dialog.getByText(`Поиск «${name}» сохранён`).waitFor();
      await dialog.getByRole('link', { name: '«Мои поиски»' }).click();

      await page.waitForURL('**/account/user/saved-searches');
      const card = page.getByTestId('saved-search').filter({ hasText: name });
      await card.getByText('Новых нет').waitFor();
      await card.getByText(/ещё 1 фильтр$/).waitFor();

      // the demo agency publishes the listing again: it is new to the search
      const before = (await letters()).length;
      await changeStatus(1, listing.id);
      let mail: { subject: string; text: string }[] = [];
      await until(async () => (mail = await letters()).length > before);
      expect(mail.length).toBe(before + 1);
      expect(mail[0].subject).toBe(`Новое объявление по поиску «${name}»`);
      expect(mail[0].text).toContain(`${url}/prodazha/${listing.id}`);
      expect(mail[0].text).toContain('/api/saved-searches/unsubscribe?token=');

      await reload(page);
      await card.getByTestId('new-count').getByText('1 новое').waitFor();
      await shot(page, `web-saved-searches-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // «Открыть»: the catalogue with the search, the count starts again
      await card.getByRole('button', { name: 'Открыть' }).click();
      await page.waitForURL(
        `**/prodazha?priceMin=${listing.price - 1}&priceMax=${listing.price + 1}&TotalArea=1-9999`,
      );
      // the listing itself waits out the premium window of the catalogue (3 days): the search's own filter shows
      await page.getByRole('heading', { name: 'Продажа недвижимости' }).waitFor();
      await page.getByText(/^Цена: от/).waitFor();
      await page.goBack();
      await card.getByText('Новых нет').waitFor();
      expect(await card.getByTestId('new-count').count()).toBe(0);
    });
  });
});
