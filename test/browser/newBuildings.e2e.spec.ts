import type { BrowserContext, Page } from 'playwright-core';
import { runComplexCommand } from '../../services/src/newBuildings/commands';
import { createAgency, createPublication } from '../../services/test/publications';
import {
  answerMapTiles,
  browserSuite,
  describeInBrowser,
  pageErrors,
  reload,
  shot,
  visit,
} from '../support/browser';

/**
 * The new-buildings pages (issue 18 item 7) in Chromium at a phone's and a desktop's width: the list
 * of residential complexes filtered by city and year in the search and by stage in «Все фильтры»
 * (the URL keeps them, the count is the API's), a complex's page with its characteristics and its
 * listings, a listing inside the complex and the breadcrumb back; no console errors, and nothing
 * wider than the phone's screen. `SCREENSHOT_DIR=<folder>` saves the pages.
 */
describeInBrowser('new buildings', () => {
  const suite = browserSuite();
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  /** the test's own complex: in Москва, handed over in 2025, with three flats on sale (two of one room) */
  const COMPLEX = { id: 'nb-test-rc', name: 'ЖК «Тестовый квартал»', stage: 3 };
  /** and one in Краснодар, which a visitor who chose Москва must not be shown */
  const SOUTH = { id: 'nb-test-south', name: 'ЖК «Тестовый юг»' };
  const LISTINGS = [
    { id: 'nb-test-1', rooms: 1 },
    { id: 'nb-test-2', rooms: 1 },
    { id: 'nb-test-3', rooms: 2 },
  ];
  beforeAll(async () => {
    const { ctx } = suite.server.app;
    const geo = { lat: 55.7911, lon: 37.6784 };
    await runComplexCommand(ctx, {
      type: 'RegisterResidentialComplex',
      complexId: COMPLEX.id,
      details: {
        name: COMPLEX.name,
        developer: 'ГК «Тест Девелопмент»',
        description: 'Два корпуса у парка.',
        address: { locationId: '1', locationName: '', fullAddress: 'Москва, ул. Тестовая, 3', geo },
        class: 2,
        stage: COMPLEX.stage,
        deadline: { year: 2025, quarter: 4 },
        wallMaterial: 4,
        finish: 1,
        parking: 2,
        floorsCount: 17,
        priceFrom: 9_100_000,
        images: [991, 993, 992].map((k) => ({ path: `/storage/demo/${k}.svg` })),
      },
    });
    await runComplexCommand(ctx, {
      type: 'RegisterResidentialComplex',
      complexId: SOUTH.id,
      details: {
        name: SOUTH.name,
        developer: 'ГК «Тест Девелопмент»',
        description: 'Корпус у реки.',
        address: {
          locationId: '8',
          locationName: '',
          fullAddress: 'Краснодар, ул. Тестовая, 5',
          geo: { lat: 45.0355, lon: 38.9753 },
        },
        class: 2,
        stage: 2,
        deadline: { year: 2025, quarter: 2 },
        wallMaterial: 4,
        finish: 1,
        parking: 2,
        floorsCount: 12,
        priceFrom: 5_100_000,
        images: [991].map((k) => ({ path: `/storage/demo/${k}.svg` })),
      },
    });
    const { agent } = await createAgency(ctx, 'new-buildings', '5');
    for (const [n, { id, rooms }] of LISTINGS.entries())
      await createPublication(ctx, agent, {
        id,
        rooms,
        price: 9_100_000 + n * 1_300_000,
        geo,
        complex: COMPLEX.id,
        publishedDaysAgo: 5,
      });
  });

  type Complex = { id: string; name: string; stage: number; stageName: string; listingsCount: number };
  async function complexes(query: string): Promise<{ data: Complex[]; meta: { total: number } }> {
    const res = await fetch(`${suite.server.url}/api/residential-complexes?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { data: Complex[]; meta: { total: number } };
  }

  /** a transparent 1×1 PNG */

  /** nothing wider than the screen */
  async function noSideScroll(page: Page, width: number) {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
  }

  const complexWord = (n: number) => {
    const [ten, hundred] = [n % 10, n % 100];
    if (ten === 1 && hundred !== 11) return 'жилой комплекс';
    if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return 'жилых комплекса';
    return 'жилых комплексов';
  };

  describe.each([375, 1440])('the new-buildings pages at %i px', (width) => {
    it('filters complexes by city, year and stage, opens one, its listings, a listing and comes back', async () => {
      const { url } = suite.server;
      // a phone shows the city and one «Фильтры» button for the rest of the form
      const phone = width < 600;
      context = await suite.browser.newContext({
        viewport: { width, height: width < 768 ? 812 : 900 },
        locale: 'ru-RU',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      // no network here: the map's tiles are answered with a blank one (the map itself is the project's)
      await answerMapTiles(page);
      const errors = pageErrors(page);

      // the whole list, as the API counts it
      const everything = await complexes('limit=1');
      await visit(page, `${url}/new-buildings`);
      await page.getByRole('heading', { level: 1, name: 'Новостройки' }).waitFor();
      const found = page.getByTestId('complexes-found');
      await found.filter({ hasText: `Найдено ${everything.meta.total}` }).waitFor();
      expect(await page.getByTestId('complex-card').count()).toBe(Math.min(20, everything.meta.total));
      await noSideScroll(page, width);
      await shot(page, `new-buildings-list-${width}`);

      // city and year in the search, then 'Найти'
      const form = page.getByRole('search', { name: 'Поиск новостроек' });
      const filtersButton = form.getByRole('button', { name: 'Фильтры', exact: true });
      await form.getByRole('combobox', { name: 'Город' }).selectOption('1');
      expect(await form.getByRole('combobox', { name: 'Срок сдачи' }).isVisible()).toBe(!phone);
      // a phone's buttons keep to one line: «Найти» beside «Фильтры» and «Сбросить»; a desktop has no «Фильтры»
      const rowOf = async (name: string) => {
        const button = form.getByRole('button', { name, exact: true });
        return (await button.isVisible()) ? (await button.boundingBox())!.y : 'not shown';
      };
      expect(await rowOf('Фильтры')).toBe(phone ? await rowOf('Найти') : 'not shown');
      if (phone) await filtersButton.click();
      await form.getByRole('combobox', { name: 'Срок сдачи' }).selectOption('2025');
      await form.getByRole('button', { name: 'Найти' }).click();
      await page.waitForURL(/\/new-buildings\?city=1&year=2025$/);
      const moscow = await complexes('cityId=1&deadline=2025&limit=100');
      expect(moscow.meta.total).toBeGreaterThan(0);
      expect(moscow.meta.total).toBeLessThan(everything.meta.total);
      await found
        .filter({ hasText: `Найдено ${moscow.meta.total} ${complexWord(moscow.meta.total)}` })
        .waitFor();
      await page.getByRole('heading', { level: 1, name: 'Новостройки: Москва' }).waitFor();
      expect(await page.getByTestId('complex-name').allTextContents()).toEqual(
        moscow.data.map((c) => c.name),
      );

      // a stage in «Все фильтры»: the stage of the test's complex
      expect(moscow.data.map((c) => c.id)).toContain(COMPLEX.id);
      const target = moscow.data.find((c) => c.id === COMPLEX.id)!;
      expect(target).toMatchObject({
        name: COMPLEX.name,
        stage: COMPLEX.stage,
        listingsCount: LISTINGS.length,
      });
      // a phone's «Все фильтры» comes with the rest of the form, behind «Фильтры»
      expect(await form.getByRole('button', { name: 'Все фильтры' }).isVisible()).toBe(!phone);
      if (phone) await filtersButton.click();
      await form.getByRole('button', { name: 'Все фильтры' }).click();
      const dialog = page.getByRole('dialog', { name: 'Все фильтры' });
      await dialog.getByRole('checkbox', { name: target.stageName, exact: true }).check();
      await shot(page, `new-buildings-all-filters-${width}`);
      await dialog.getByRole('button', { name: 'Показать' }).click();
      await page.waitForURL(new RegExp(`[?&]stage=${target.stage}(&|$)`));
      const staged = await complexes(`cityId=1&deadline=2025&stage=${target.stage}&limit=100`);
      await found.filter({ hasText: `Найдено ${staged.meta.total} ` }).waitFor();
      expect(await page.getByTestId('complex-name').allTextContents()).toEqual(
        staged.data.map((c) => c.name),
      );
      expect(staged.data.map((c) => c.id)).toContain(target.id);
      await page.getByText(`Стадия: ${target.stageName.toLowerCase()}`, { exact: true }).waitFor();
      await noSideScroll(page, width);
      await shot(page, `new-buildings-list-filtered-${width}`);

      // a reload keeps the filters (they are the URL's)
      await reload(page);
      await found.filter({ hasText: `Найдено ${staged.meta.total} ` }).waitFor();
      expect(await form.getByRole('combobox', { name: 'Город' }).inputValue()).toBe('1');

      // the complex's page: characteristics and its listings
      await page.getByTestId('complex-name').filter({ hasText: target.name }).click();
      await page.waitForURL(new RegExp(`/new-buildings/${target.id}$`));
      await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
      const facts = page.getByTestId('complex-facts');
      await facts.getByText(target.stageName, { exact: true }).waitFor();
      await facts.getByText('Класс', { exact: true }).waitFor();
      const listings = page.getByTestId('found');
      await listings.filter({ hasText: new RegExp(`^Найдено ${target.listingsCount}\\s`) }).waitFor();
      expect(target.listingsCount).toBeGreaterThan(0);
      const cards = page.getByTestId('publication-card');
      expect(await cards.count()).toBe(Math.min(20, target.listingsCount));
      await noSideScroll(page, width);
      await shot(page, `new-buildings-complex-${width}`);
      await page.locator('#listings').scrollIntoViewIfNeeded();
      await shot(page, `new-buildings-complex-listings-${width}`);

      // rooms in the complex's own search: the count follows the API
      const form2 = page.getByRole('search', { name: 'Поиск объявлений в жилом комплексе' });
      await form2.getByRole('button', { name: '1-комнатная' }).click();
      await form2.getByRole('button', { name: 'Найти' }).click();
      await page.waitForURL(/\?rooms=1$/);
      const oneRoom = await fetch(`${url}/api/publications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          dealCategory: 'new-buildings',
          residentialComplexId: target.id,
          roomCount: [1],
          limit: 1,
        }),
      }).then(async (r) => {
        expect(r.status).toBe(200);
        return ((await r.json()) as { meta: { total: number } }).meta.total;
      });
      expect(oneRoom).toBe(LISTINGS.filter((l) => l.rooms === 1).length);
      await listings.filter({ hasText: new RegExp(`^Найдено ${oneRoom}\\s`) }).waitFor();
      await form2.getByRole('button', { name: 'Сбросить' }).click();
      await page.waitForURL(new RegExp(`/new-buildings/${target.id}$`));
      await listings.filter({ hasText: new RegExp(`^Найдено ${target.listingsCount}\\s`) }).waitFor();

      // a listing inside the complex: the site's listing page under the complex's breadcrumb
      const title = (await cards.first().getByTestId('card-title').textContent())!;
      await cards.first().getByTestId('card-title').click();
      await page.waitForURL(new RegExp(`/new-buildings/${target.id}/[^/?]+$`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
      const back = crumbs.getByRole('link', { name: target.name });
      await back.waitFor();
      await noSideScroll(page, width);
      await shot(page, `new-buildings-listing-${width}`);
      await back.click();
      await page.waitForURL(new RegExp(`/new-buildings/${target.id}$`));
      await page.getByRole('heading', { level: 1, name: target.name }).waitFor();

      // the spec's publication-list address is the same page
      await visit(page, `${url}/new-buildings/${target.id}/publication-list`);
      await page.waitForURL(new RegExp(`/new-buildings/${target.id}#listings$`));
      await page.getByRole('heading', { level: 1, name: target.name }).waitFor();

      expect(errors).toEqual([]);
    });
  });

  describe.each([375, 1440])('the new buildings of the visitor’s place at %i px', (width) => {
    it('lists only Moscow’s complexes with Москва chosen, names the city, and «Все города» lists every one', async () => {
      const { url } = suite.server;
      context = await suite.browser.newContext({
        viewport: { width, height: width < 768 ? 812 : 900 },
        locale: 'ru-RU',
      });
      // the visitor chose Москва in the locations modal (the cookie the catalogue follows too)
      await context.addCookies([
        { name: 'location', value: encodeURIComponent(JSON.stringify({ id: '1', name: 'Москва' })), url },
      ]);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const errors = pageErrors(page);

      const moscow = await complexes('cityId=1&limit=100');
      const south = await complexes('cityId=8&limit=100');
      const everything = await complexes('limit=1');
      expect(moscow.data.map((c) => c.id)).toContain(COMPLEX.id);
      expect(south.data.map((c) => c.id)).toContain(SOUTH.id);

      await visit(page, `${url}/new-buildings`);
      await page.getByRole('heading', { level: 1, name: 'Новостройки: Москва' }).waitFor();
      const found = page.getByTestId('complexes-found');
      await found
        .filter({ hasText: `Найдено ${moscow.meta.total} ${complexWord(moscow.meta.total)}` })
        .waitFor();
      const listed = await page.getByTestId('complex-name').allTextContents();
      expect(listed).toEqual(moscow.data.slice(0, 20).map((c) => c.name));
      expect(listed).toContain(COMPLEX.name);
      expect(listed).not.toContain(SOUTH.name);
      expect(listed.filter((name) => south.data.some((c) => c.name === name))).toEqual([]);
      const form = page.getByRole('search', { name: 'Поиск новостроек' });
      expect(await form.getByRole('combobox', { name: 'Город' }).inputValue()).toBe('1');
      expect(
        await page.getByRole('combobox', { name: 'Город' }).locator('option:checked').textContent(),
      ).toBe('Москва');
      // the address keeps no city: the page follows the visitor's place
      expect(new URL(page.url()).search).toBe('');
      // the GeoIP database's credit, as its licence asks
      const credit = page.getByTestId('geoip-credit');
      await credit.waitFor();
      expect(await credit.getByRole('link', { name: 'MaxMind' }).getAttribute('href')).toBe(
        'https://www.maxmind.com',
      );
      await noSideScroll(page, width);
      await shot(page, `new-buildings-moscow-${width}`);

      // «Все города» in the search: every complex, whatever the place
      await form.getByRole('combobox', { name: 'Город' }).selectOption('');
      await form.getByRole('button', { name: 'Найти' }).click();
      await page.waitForURL(/\/new-buildings\?city=all$/);
      await page.getByRole('heading', { level: 1, name: 'Новостройки', exact: true }).waitFor();
      await found.filter({ hasText: `Найдено ${everything.meta.total} ` }).waitFor();
      expect(await page.getByTestId('complex-card').count()).toBe(Math.min(20, everything.meta.total));
      expect(errors).toEqual([]);
    });
  });
});
