import type { Locator, Page } from 'playwright-core';
import { whenever } from '@estate/events/testing';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { createAgency, createPublication } from '../../services/test/publications';

/**
 * The catalogue's filters (issue 18, items 4 and 8) at a phone's and a desktop's width: «Все
 * фильтры» with a characteristic and an area range, the count on its button as the filters change
 * (the same number the search then finds, and the API counts), the tags and their removal, the sort
 * by price, and on a phone one «Фильтры» button with the results on the first screen.
 */
describeInBrowser('catalogue filters', () => {
  const suite = browserSuite();
  jest.setTimeout(120_000); // a shared machine: generous, never a timing assertion
  let page: Page;
  afterEach(async () => {
    await page?.close();
  });

  /**
   * Listings of the test's own, so each filter narrows what it counts whatever the demo holds: with a
   * balcony inside the area range 50–90 m² and outside it, and one without a balcony inside it (the
   * two inside at different prices); the first is also a two-room flat with a lift, which the filtered
   * address of the second test finds.
   */
  beforeAll(async () => {
    const ctx = suite.server.app.ctx;
    const { agent } = await createAgency(ctx, 'filters', '190');
    const listing = (id: string, area: number, hasBalcony: boolean, price: number) =>
      createPublication(ctx, agent, {
        id,
        area,
        price,
        rooms: 2,
        params: { hasBalcony, hasLift: true },
        publishedDaysAgo: 5,
      });
    await listing('filters-balcony-in', 60, true, 5_100_000);
    await listing('filters-plain-in', 70, false, 8_900_000);
    await listing('filters-balcony-out', 30, true, 4_200_000);
  });

  type Characteristic = { cianName: string; values?: number[]; minValue?: number; maxValue?: number };
  /** what POST /api/publications/count answers for the sale catalogue with these characteristics ('Вся Россия') */
  async function apiCount(characteristicData: Characteristic[]): Promise<number> {
    const res = await fetch(`${suite.server.url}/api/publications/count`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dealCategory: 'sale', characteristicData }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { publicationCount: number } }).data.publicationCount;
  }

  /** the number on «Показать N объявлений» once the count has settled (the button is not busy) */
  async function shownCount(button: Locator): Promise<number> {
    await button.and(page.locator('[aria-busy="false"]')).waitFor();
    const text = (await button.textContent()) ?? '';
    const match = /^Показать (\d+) объявлени(е|я|й)$/.exec(text);
    if (!match) throw new Error(`the button says «${text}»`);
    return Number(match[1]);
  }
  const found = async () => Number(/\d+/.exec((await page.getByTestId('found').textContent()) ?? '')![0]);
  const digitsOf = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

  describe.each([375, 1440])('catalogue filters at %i px', (width) => {
    const phone = width < 900;

    it('«Все фильтры»: a characteristic and an area range, the counted button, tags, removal and the sort by price', async () => {
      page = await suite.browser.newPage({ viewport: { width, height: phone ? 812 : 900 } });
      page.setDefaultTimeout(30_000);
      await visit(page, `${suite.server.url}/prodazha`);
      const firstCard = page.getByTestId('publication-card').first();
      await firstCard.waitFor();

      // the phone's first screen: one «Фильтры» button and the results, not the form (on a desktop the
      // form, with «Все фильтры» in it)
      const filtersButton = page.getByRole('button', { name: /^Фильтры/ });
      const form = page.getByRole('form', { name: 'Поиск' });
      expect(await filtersButton.isVisible()).toBe(phone);
      expect(await form.isVisible()).toBe(!phone);
      const box = (await firstCard.boundingBox())!;
      expect(whenever(phone, box.y < 812 / 2, true)).toBe(true);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll).toBeLessThanOrEqual(width);
      // the catalogue's controls keep to one line: «Сохранить поиск» beside «Фильтры», not under it
      // (read without waiting: a desktop has no «Фильтры» button)
      const topOf = (locator: Locator) =>
        locator.evaluateAll((elements) => elements[0]?.getBoundingClientRect().y ?? null);
      const filtersTop = await topOf(filtersButton);
      const saveTop = await topOf(page.getByRole('button', { name: 'Сохранить поиск' }));
      expect(whenever(phone, saveTop, filtersTop)).toBe(filtersTop);
      await shot(page, `catalogue-filters-first-screen-${width}`);
      await (phone ? filtersButton : form.getByRole('button', { name: 'Все фильтры' })).click();

      const dialog = page.getByRole('dialog', { name: 'Все фильтры' });
      await dialog.waitFor();
      const show = dialog.getByTestId('show-count');
      const all = await shownCount(show);
      expect(all).toBe(await apiCount([]));
      const widthBefore = (await show.boundingBox())!.width;
      await shot(page, `catalogue-filters-dialog-top-${width}`);

      // a yes/no characteristic from the deal's list: the count follows
      await dialog.getByRole('radiogroup', { name: 'Балкон или лоджия' }).getByLabel('Да').check();
      const balcony = await apiCount([{ cianName: 'HasBalcony', values: [1] }]);
      expect(balcony).toBeLessThan(all);
      await page.waitForFunction(
        ([n]) =>
          document.querySelector('[data-testid="show-count"]')?.textContent?.includes(`Показать ${n} `),
        [balcony],
      );
      expect(await shownCount(show)).toBe(balcony);

      // an area range
      await dialog.getByLabel('Общая площадь от').fill('50');
      await dialog.getByLabel('Общая площадь до').fill('90');
      const both: Characteristic[] = [
        { cianName: 'TotalArea', minValue: 50, maxValue: 90 },
        { cianName: 'HasBalcony', values: [1] },
      ];
      const expected = await apiCount(both);
      expect(expected).toBeLessThan(balcony);
      expect(expected).toBeGreaterThan(0);
      await page.waitForFunction(
        ([n]) =>
          document.querySelector('[data-testid="show-count"]')?.textContent?.includes(`Показать ${n} `),
        [expected],
      );
      expect(await shownCount(show)).toBe(expected);
      // the button keeps its width while its number changes (desktop: a reserved minimum; phone: the full row)
      expect(Math.abs((await show.boundingBox())!.width - widthBefore)).toBeLessThan(1);
      await shot(page, `catalogue-filters-dialog-${width}`);

      // applying: the filters go into the address, the dialog closes, the search finds the counted number
      await show.click();
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => url.searchParams.get('HasBalcony') === '1');
      expect(new URL(page.url()).searchParams.get('TotalArea')).toBe('50-90');
      await page
        .getByTestId('found')
        .filter({ hasText: String(expected) })
        .waitFor();
      expect(await found()).toBe(expected);

      // the tags, each removing its own filter
      const balconyTag = page.getByRole('button', { name: 'Убрать фильтр «Балкон или лоджия: да»' });
      const areaTag = page.getByRole('button', { name: 'Убрать фильтр «Общая площадь: от 50 до 90 м²»' });
      await balconyTag.waitFor();
      await areaTag.waitFor();
      expect(await page.getByRole('button', { name: 'Фильтры: выбрано 2' }).isVisible()).toBe(phone);
      await shot(page, `catalogue-filters-tags-${width}`);
      await balconyTag.locator('.MuiChip-deleteIcon').click();
      await page.waitForURL((url) => !url.searchParams.has('HasBalcony'));
      await balconyTag.waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('TotalArea')).toBe('50-90');
      const areaOnly = await apiCount([{ cianName: 'TotalArea', minValue: 50, maxValue: 90 }]);
      await page
        .getByTestId('found')
        .filter({ hasText: String(areaOnly) })
        .waitFor();
      expect(await found()).toBe(areaOnly);

      // the sort: cheapest first, then dearest first (the promoted «Лучшие» cards stand where they are merged)
      const sortBy = async (label: string, key: string) => {
        await page.getByRole('button', { name: /^Сортировка:/ }).click();
        await page.getByRole('menuitem', { name: label }).click();
        await page.waitForURL((url) => url.searchParams.get('sort') === key);
        await page.getByRole('button', { name: `Сортировка: ${label.toLowerCase()}` }).waitFor();
        await page.locator('[data-testid="results"][aria-busy="false"]').waitFor();
        const cards = page
          .getByTestId('publication-card')
          .filter({ hasNot: page.getByText('Лучшие', { exact: true }) });
        return (await cards.getByTestId('price').allTextContents()).map(digitsOf);
      };
      const cheap = await sortBy('Сначала дешевле', 'cheap');
      expect(cheap.length).toBeGreaterThan(1);
      expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
      const dear = await sortBy('Сначала дороже', 'expensive');
      expect(dear).toEqual([...dear].sort((a, b) => b - a));
      expect(dear[0]).toBeGreaterThan(cheap[0]);
      // the area filter stayed through the sort
      expect(new URL(page.url()).searchParams.get('TotalArea')).toBe('50-90');

      // «Сбросить все» clears the tags and the address keeps only the order, with the reset's pages of 8 (api.md)
      await page.getByRole('button', { name: 'Сбросить все' }).click();
      await page.waitForURL((url) => !url.searchParams.has('TotalArea'));
      await areaTag.waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('?sort=expensive&limit=8');
      await shot(page, `catalogue-filters-sorted-${width}`);
    });

    it('a filtered address renders on the server with its tags, and the dialog starts from it', async () => {
      const context = await suite.browser.newContext({
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
      });
      const plain = await context.newPage();
      await visit(plain, `${suite.server.url}/prodazha?TotalArea=50-90&HasLift=1&type=1&rooms=0,2`);
      await plain.getByRole('button', { name: 'Убрать фильтр «Общая площадь: от 50 до 90 м²»' }).waitFor();
      await plain.getByRole('button', { name: 'Убрать фильтр «Лифт: да»' }).waitFor();
      await plain.getByRole('button', { name: 'Убрать фильтр «Квартира»' }).waitFor();
      await plain.getByRole('button', { name: 'Убрать фильтр «Комнат: студия, 2»' }).waitFor();
      await context.close();

      page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      // hydration of the filtered page: no console error or warning (a mismatch of the tags' names is one)
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await visit(page, `${suite.server.url}/prodazha?TotalArea=50-90&HasLift=1&type=1&rooms=0,2`);
      await page.getByTestId('publication-card').first().waitFor();
      await page.getByRole('button', { name: 'Убрать фильтр «Квартира»' }).waitFor();
      await (
        phone
          ? page.getByRole('button', { name: /^Фильтры/ })
          : page.getByRole('form', { name: 'Поиск' }).getByRole('button', { name: 'Все фильтры' })
      ).click();
      const dialog = page.getByRole('dialog', { name: 'Все фильтры' });
      expect(await dialog.getByLabel('Общая площадь от').inputValue()).toBe('50');
      expect(await dialog.getByLabel('Общая площадь до').inputValue()).toBe('90');
      expect(await dialog.getByRole('button', { name: 'Студия', pressed: true }).count()).toBe(1);
      expect(await dialog.getByRole('button', { name: '2-комнатная', pressed: true }).count()).toBe(1);
      const show = dialog.getByTestId('show-count');
      expect(await shownCount(show)).toBe(await found());
      // «Сбросить фильтры» empties the draft; the count comes back to the whole catalogue
      await dialog.getByRole('button', { name: 'Сбросить фильтры' }).click();
      expect(await dialog.getByLabel('Общая площадь от').inputValue()).toBe('');
      await page.waitForFunction(
        ([n]) =>
          document.querySelector('[data-testid="show-count"]')?.textContent?.includes(`Показать ${n} `),
        [await apiCount([])],
      );
      await dialog.getByRole('button', { name: 'Закрыть' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // closing without applying keeps the address's filters
      expect(new URL(page.url()).searchParams.get('TotalArea')).toBe('50-90');
      expect(problems).toEqual([]);
    });
  });
});
