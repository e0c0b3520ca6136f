import type { Page } from 'playwright-core';
import { COMPLAINTS, type ComplaintDocument } from '@estate/projections';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn, outboxCode, typeCode } from '../support/smsCode';
import { createAgency, createPublication } from '../../services/test/publications';
import { DEMO_PHONES } from '../../services/src/seed';

/**
 * The site's request forms and content pages (issue 17, item 5) in Chromium: the four-step
 * selection request for a flat not found, confirmed by its SMS code; a complaint about a listing,
 * its phone confirmed by SMS code too (issue 40);
 * the blog, a post and an investment object; the footer's contacts and policy link. At 375 and
 * 1440 px, with screenshots under SCREENSHOT_DIR.
 */
describeInBrowser('request forms and content', () => {
  const suite = browserSuite();
  let page: Page | null = null;
  const WIDTHS = [375, 1440] as const;

  afterEach(async () => {
    await page?.close();
    page = null;
  });

  const open = async (width: number) => {
    page = await suite.browser.newPage({ viewport: { width, height: 900 } });
    return page;
  };
  /** How wide the page is laid out: more than the viewport means it scrolls sideways. */
  const pageWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

  describe('the selection request for a flat not found', () => {
    it.each(WIDTHS)('goes through its three steps, the SMS code and success at %i px', async (width) => {
      const page = await open(width);
      const phone = width === 375 ? '79165550375' : '79165551440';
      await visit(page, `${suite.server.url}/baza-kvartir`);
      await page.getByRole('heading', { name: 'База квартир' }).waitFor();
      await shot(page, `leads-flat-base-${width}`, { fullPage: true });
      await page.getByRole('button', { name: 'Подобрать квартиру' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Шаг 1 из 3').waitFor();

      // step 1: the city is required
      await dialog.getByRole('button', { name: 'Начать подбор' }).click();
      await dialog.getByText('Обязательное поле').waitFor();
      await dialog.getByLabel('Город').fill('Москва');
      await shot(page, `leads-selection-step1-${width}`);
      await dialog.getByRole('button', { name: 'Начать подбор' }).click();

      // step 2: the areas and the rooms
      await dialog.getByText('Шаг 2 из 3').waitFor();
      await dialog.getByRole('button', { name: 'Далее' }).click();
      await dialog.getByText('Выберите количество комнат').waitFor();
      await dialog.getByLabel('Общая площадь, м²').fill('54');
      await dialog.getByLabel('Площадь кухни, м²').fill('9');
      await dialog.getByRole('button', { name: '1, 2-комнатная' }).click();
      await shot(page, `leads-selection-step2-${width}`);
      await dialog.getByRole('button', { name: 'Далее' }).click();

      // step 3: the contacts and wishes
      await dialog.getByText('Шаг 3 из 3').waitFor();
      await dialog.getByLabel('Имя').fill('М');
      await dialog.getByRole('button', { name: 'Подобрать' }).click();
      await dialog.getByText('Минимум 2 буквы').waitFor();
      await dialog.getByLabel('Имя').fill('Мария');
      await dialog.getByLabel('Телефон').fill(phone.slice(1));
      await dialog.getByLabel('Пожелания').fill('Рядом школа и парк');
      await shot(page, `leads-selection-step3-${width}`);
      await dialog.getByRole('button', { name: 'Подобрать' }).click();

      // step 4: the phone is not confirmed (errorCode 6): the code from the SMS
      await dialog.getByText('Новый код можно получить через', { exact: false }).waitFor();
      await shot(page, `leads-selection-code-${width}`);
      await typeCode(page, await outboxCode(suite.server.url, phone));
      await dialog.getByText('Заявка отправлена').waitFor();
      await shot(page, `leads-selection-sent-${width}`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      await dialog.getByRole('button', { name: 'Хорошо' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await dialog.isVisible()).toBe(false);
    });

    it('is offered by an empty catalogue', async () => {
      const page = await open(1440);
      await visit(page, `${suite.server.url}/prodazha?priceMin=1&priceMax=2`);
      await page.getByText('Ничего не найдено').waitFor();
      await page.getByRole('button', { name: 'Оставить заявку на подбор' }).click();
      const firstStep = page.getByRole('dialog').getByText('Шаг 1 из 3');
      await firstStep.waitFor();
      expect(await firstStep.isVisible()).toBe(true);
      await shot(page, 'leads-empty-catalogue-1440');
    });
  });

  describe('a complaint about a listing', () => {
    // a published listing of an agency of the test's own
    let listingPath: string;
    beforeAll(async () => {
      const ctx = suite.server.app.ctx;
      const { agent } = await createAgency(ctx, 'leads-complaint', '170');
      await createPublication(ctx, agent, { id: 'leads-complained', price: 7_300_000, publishedDaysAgo: 5 });
      listingPath = '/prodazha/leads-complained';
    });

    it.each(WIDTHS)(
      'is sent from a phone confirmed by its SMS code and thanked for at %i px',
      async (width) => {
        const page = await open(width);
        const phone = width === 375 ? '79165552375' : '79165552440';
        await visit(page, `${suite.server.url}${listingPath}`);
        await page.getByRole('button', { name: 'Пожаловаться' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();
        await dialog.getByText('Обязательное поле').first().waitFor();
        await dialog.getByLabel('Телефон').fill(phone.slice(1));
        await dialog.getByLabel('Электронная почта').fill('visitor@example.ru');
        await dialog.getByLabel('Комментарий').fill('Коротко');
        await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();
        await dialog.getByText('Минимум 10 символов').waitFor();
        await dialog.getByLabel('Комментарий').fill('Квартира уже продана, а объявление висит');
        await shot(page, `leads-complaint-form-${width}`);
        await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();

        // a guest's phone is not confirmed (errorCode 6): the code from the SMS, then the complaint goes
        await dialog.getByText('Новый код можно получить через', { exact: false }).waitFor();
        await shot(page, `leads-complaint-code-${width}`);
        await typeCode(page, await outboxCode(suite.server.url, phone));
        await dialog.getByText('Жалоба отправлена').waitFor();
        const thanks = dialog.getByText(
          'Спасибо, мы обработаем претензию и свяжемся с Вами при необходимости',
        );
        await thanks.waitFor();
        expect(await thanks.isVisible()).toBe(true);
        const ctx = suite.server.app.ctx;
        await ctx.projections.whenCaughtUp();
        const filed = await ctx.readStore
          .collection<ComplaintDocument>(COMPLAINTS)
          .find({ publicationId: 'leads-complained', phone });
        expect(filed).toHaveLength(1);
        await shot(page, `leads-complaint-sent-${width}`);
        await dialog.getByRole('button', { name: 'Хорошо' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(await dialog.isVisible()).toBe(false);
      },
    );
  });

  describe('the blog and the investments', () => {
    /** the site's e-mail, set by a moderator before the pages are opened: the footer shows it */
    const EMAIL = 'leads-footer@example.ru';
    beforeAll(async () => {
      const moderator = await apiSignIn(suite.server.url, DEMO_PHONES.moderator);
      const contacts = `${suite.server.url}/api/cabinet/settings/contacts`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${moderator}` };
      const { id: _id, ...current } = (await (await fetch(contacts, { headers })).json()) as {
        id: string;
      } & Record<string, unknown>;
      const saved = await fetch(contacts, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...current, email: EMAIL }),
      });
      expect(saved.status).toBe(200);
    });

    it.each(WIDTHS)('opens the blog, a post, a category and an investment object at %i px', async (width) => {
      const page = await open(width);
      await visit(page, `${suite.server.url}/blog`);
      await page.getByRole('heading', { name: 'Журнал', level: 1 }).waitFor();
      const firstPost = page.locator('main a[href^="/blog/"] h3, a[href^="/blog/"] h3').first();
      await firstPost.waitFor();
      await shot(page, `leads-blog-${width}`, { fullPage: true });
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      const title = (await firstPost.textContent())!;
      await firstPost.click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
      await crumbs.getByRole('link', { name: 'Журнал' }).waitFor();
      await page.getByRole('heading', { name: 'Читайте по теме' }).waitFor();
      await shot(page, `leads-post-${width}`, { fullPage: true });
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      // the category of the post, by its address
      const category = crumbs.getByRole('link').last();
      const categoryName = (await category.textContent())!;
      await category.click();
      await page.getByRole('heading', { name: categoryName, level: 1 }).waitFor();

      await visit(page, `${suite.server.url}/investments`);
      await page.getByRole('heading', { name: 'Инвестиции в недвижимость' }).waitFor();
      const object = page.locator('a[href^="/investments/"] h3').first();
      await object.waitFor();
      await shot(page, `leads-investments-${width}`, { fullPage: true });
      const objectTitle = (await object.textContent())!;
      await object.click();
      await page.getByRole('heading', { name: objectTitle, level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Обратная связь' }).waitFor();
      await shot(page, `leads-investment-${width}`, { fullPage: true });
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      // the footer: the policy at the settings' address, the site's e-mail
      const settings = (await (await fetch(`${suite.server.url}/api/settings`)).json()) as {
        data: { policyUrl: string; email: string | null };
      };
      const policy = page.getByRole('link', { name: 'Политика конфиденциальности' });
      expect(await policy.getAttribute('href')).toBe(settings.data.policyUrl);
      expect(settings.data.email).toBe(EMAIL);
      await page.getByRole('link', { name: EMAIL }).waitFor();
    });
  });
});
