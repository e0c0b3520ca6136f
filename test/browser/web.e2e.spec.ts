import type { Page } from 'playwright-core';
import { browserSuite, describeInBrowser, visit } from '../support/browser';

describeInBrowser('public site in Chromium', () => {
  const suite = browserSuite();
  let page: Page;
  beforeEach(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await page?.close();
  });

  it('shows the sale catalogue with priced cards and reveals a phone on click', async () => {
    await visit(page, `${suite.server.url}/prodazha`);
    const card = page.getByTestId('publication-card').first();
    await card.waitFor();
    // digits grouped by narrow no-break spaces, ₽ joined by a no-break space: a price never wraps
    expect(await card.getByTestId('price').textContent()).toMatch(/^\d{1,3}(\u202f\d{3})*\u00a0₽$/);
    await card.getByRole('button', { name: 'Показать телефон' }).click();
    expect(await card.getByTestId('phone').textContent()).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
  });

  it("a card's «Написать» asks a visitor who is not signed in to sign in first", async () => {
    await visit(page, `${suite.server.url}/prodazha`);
    const card = page.getByTestId('publication-card').first();
    await card.getByRole('button', { name: 'Написать' }).click();
    await page.getByRole('dialog').waitFor();
    expect(page.url()).toMatch(/\/prodazha/);
  });

  it('pages through the catalogue and keeps the page in the address', async () => {
    await visit(page, `${suite.server.url}/prodazha`);
    const firstTitle = await page.getByTestId('card-title').first().textContent();
    const pages = page.getByRole('navigation', { name: 'Страницы' });
    await pages.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await pages.locator('button[aria-current="page"]', { hasText: /^2$/ }).waitFor();
    expect(await page.getByTestId('card-title').first().textContent()).not.toBe(firstTitle);
  });

  it('filters by price and shows the empty state when nothing matches', async () => {
    await visit(page, `${suite.server.url}/rent`);
    await page.getByLabel('Цена от, ₽').fill('900000000');
    await page.getByRole('button', { name: 'Найти' }).click();
    const empty = page.getByText('Ничего не найдено');
    await empty.waitFor();
    expect(await page.getByTestId('publication-card').count()).toBe(0);
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await page.getByTestId('publication-card').first().waitFor();
    expect(await empty.count()).toBe(0);
  });

  it('opens a listing from its card', async () => {
    await visit(page, `${suite.server.url}/daily-rent`);
    const title = page.getByTestId('card-title').first();
    const text = await title.textContent();
    await title.click();
    await page.getByRole('heading', { level: 1, name: text! }).waitFor();
    expect(await page.getByTestId('price').textContent()).toMatch(/₽\/день$/);
  });

  it('shows the spec’s 404 page for an unknown listing and an unknown route', async () => {
    await visit(page, `${suite.server.url}/prodazha/no-such-listing`);
    const noListing = page.getByText('Не удалось найти эту страницу');
    await noListing.waitFor();
    expect(await noListing.isVisible()).toBe(true);
    await visit(page, `${suite.server.url}/no/such/page`);
    const noPage = page.getByText('Страница, которую вы ищите, отсутствует или была удалена.');
    await noPage.waitFor();
    expect(await noPage.isVisible()).toBe(true);
  });
});
