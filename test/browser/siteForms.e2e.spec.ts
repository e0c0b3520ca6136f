import { ROLES } from '@estate/events';
import { until } from '@estate/events/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn, outboxCode, typeCode } from '../support/smsCode';
import { createAgency, createPublication } from '../../services/test/publications';
import { registerUser } from '../../services/src/identity';
import { DEMO_PHONES } from '../../services/src/seed';

/**
 * The site's own request forms and «Разместить объявление» (issue 40, item 9) in Chromium at 375 and
 * 1440 px: the call-back promising a call «в течение 15 минут» from every page's footer and from a
 * listing, the question form, the seller's valuation calculator — each confirmed by its SMS code and
 * recorded as a lead of its kind (`POST /api/send-request`) — and «Разместить объявление» routed by
 * role: a guest gets the sign-in, a user the realtor request, the staff their listings in the cabinet.
 */
describeInBrowser('the site’s forms', () => {
  const suite = browserSuite();
  const WIDTHS = [375, 1440] as const;
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  /** a page of a context of its own, signed in by the session cookie when a token is given */
  async function open(width: number, token?: string): Promise<Page> {
    context = await suite.browser.newContext({ viewport: { width, height: 900 } });
    if (token)
      await context.addCookies([
        { name: 'auth-token', value: token, url: suite.server.url, httpOnly: true, sameSite: 'Lax' },
      ]);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return page;
  }

  const USER_PHONE = '79162400001';
  const LISTING = 'site-forms-listing';
  let moderator: string;
  let user: string;
  let owner: string;
  beforeAll(async () => {
    const ctx = suite.server.app.ctx;
    const agency = await createAgency(ctx, 'site-forms', '240');
    await createPublication(ctx, agency.agent, { id: LISTING, price: 8_100_000, publishedDaysAgo: 5 });
    await registerUser(ctx, {
      type: 'RegisterUser',
      userId: 'site-forms-user',
      name: 'Пётр',
      phone: USER_PHONE,
      email: null,
      role: ROLES.USER,
      agencyId: null,
    });
    await ctx.projections.whenCaughtUp();
    [moderator, user, owner] = await Promise.all([
      apiSignIn(suite.server.url, DEMO_PHONES.moderator),
      apiSignIn(suite.server.url, USER_PHONE),
      apiSignIn(suite.server.url, agency.ownerPhone),
    ]);
  });

  type Lead = {
    kind: string;
    text: string;
    titlePage: string | null;
    valuation: Record<string, unknown> | null;
  };
  /** the leads a phone sent, as the moderators' cabinet lists them once its read model has them */
  async function leadsOf(phone: string): Promise<Lead[]> {
    const filter = encodeURIComponent(JSON.stringify({ phone }));
    let leads: Lead[] = [];
    await until(async () => {
      const answer = await fetch(`${suite.server.url}/api/cabinet/leads?filter=${filter}`, {
        headers: { authorization: `Bearer ${moderator}` },
      });
      leads = (await answer.json()) as Lead[];
      return leads.length > 0;
    });
    return leads;
  }

  /**
   * The footer's form button: the footer's code comes once the page is idle (no request left), and
   * the click hydrates the footer as it reaches it.
   */
  async function openFromFooter(page: Page, name: string): Promise<Locator> {
    const button = page.locator('footer').getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  /** the form's contacts, then its SMS code: the phone is nobody's account */
  async function sendWithCode(page: Page, dialog: Locator, phone: string, submit: string) {
    await dialog.getByLabel('Имя').fill('Мария');
    await dialog.getByLabel('Телефон').fill(phone.slice(1));
    await dialog.getByRole('button', { name: submit }).click();
    await dialog.getByText('Новый код можно получить через', { exact: false }).waitFor();
    await typeCode(page, await outboxCode(suite.server.url, phone));
    await dialog.getByText('Заявка отправлена').waitFor();
  }

  describe.each(WIDTHS)('at %i px', (width) => {
    it('the footer’s call-back promises a call within 15 minutes and is recorded', async () => {
      const page = await open(width);
      const phone = `791624${width === 375 ? '10375' : '11440'}`;
      await visit(page, `${suite.server.url}/rent`);
      const dialog = await openFromFooter(page, 'Заказать звонок');
      await dialog.getByText('специалист перезвонит Вам в течение 15 минут').waitFor();
      await shot(page, `site-forms-callback-${width}`);
      await sendWithCode(page, dialog, phone, 'Жду звонка');
      await dialog.getByText('Специалист перезвонит Вам в течение 15 минут.', { exact: false }).waitFor();
      const [lead] = await leadsOf(phone);
      expect(lead).toMatchObject({ kind: 'callback', titlePage: expect.stringMatching(/^Аренда/) });
    });

    it('the question form needs its question and is recorded with it', async () => {
      const page = await open(width);
      const phone = `791624${width === 375 ? '20375' : '21440'}`;
      await visit(page, `${suite.server.url}/blog`);
      const dialog = await openFromFooter(page, 'Задать вопрос');
      await dialog.getByRole('button', { name: 'Отправить вопрос' }).click();
      // the name, the phone and the question
      await dialog.getByText('Обязательное поле').first().waitFor();
      expect(await dialog.getByText('Обязательное поле').count()).toBe(3);
      await dialog.getByLabel('Ваш вопрос').fill('Можно ли купить с материнским капиталом?');
      await shot(page, `site-forms-question-${width}`);
      await sendWithCode(page, dialog, phone, 'Отправить вопрос');
      const [lead] = await leadsOf(phone);
      expect(lead.kind).toBe('question');
      expect(lead.text.startsWith('Можно ли купить с материнским капиталом?')).toBe(true);
    });

    it('the seller’s valuation calculator sends the flat’s parameters', async () => {
      const page = await open(width);
      const phone = `791624${width === 375 ? '30375' : '31440'}`;
      await visit(page, `${suite.server.url}/prodazha`);
      const dialog = await openFromFooter(page, 'Оценить квартиру');
      await dialog.getByRole('heading', { name: 'Оценка квартиры' }).waitFor();
      await dialog.getByRole('button', { name: 'Узнать стоимость' }).click();
      // the address, the area, the rooms, the name and the phone
      await dialog.getByText('Обязательное поле').first().waitFor();
      expect(await dialog.getByText('Обязательное поле').count()).toBe(5);
      await dialog.getByLabel('Адрес квартиры').fill('Москва, ул. Льва Толстого, 16');
      await dialog.getByLabel('Район').fill('Хамовники');
      await dialog.getByLabel('Площадь, м²').fill('54,5');
      await dialog.getByLabel('Этаж').fill('5');
      const choose = async (field: string, option: string) => {
        await dialog.getByRole('combobox', { name: field }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await choose('Количество комнат', '2');
      await choose('Ремонт', 'Косметический');
      await choose('Тип дома', 'Кирпичный');
      await choose('Когда планируете продать', 'В ближайшее время');
      await shot(page, `site-forms-valuation-${width}`);
      await sendWithCode(page, dialog, phone, 'Узнать стоимость');
      const [lead] = await leadsOf(phone);
      expect(lead.kind).toBe('valuation');
      expect(lead.valuation).toEqual({
        square: 54.5,
        numberOfRooms: 2,
        floor: 5,
        repair: 'cosmetic',
        houseType: 'brick',
        area: 'Хамовники',
        address: 'Москва, ул. Льва Толстого, 16',
        time: 'soon',
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    it('a listing’s call-back promises the same 15 minutes', async () => {
      const page = await open(width);
      await visit(page, `${suite.server.url}/prodazha/${LISTING}`);
      await page.getByRole('button', { name: 'Заказать звонок' }).first().click();
      const subtitle = page.getByRole('dialog').getByText('специалист перезвонит Вам в течение 15 минут');
      await subtitle.waitFor();
      expect(await subtitle.isVisible()).toBe(true);
      expect(await page.getByRole('dialog').getByText('в ближайшее время').count()).toBe(0);
    });

    /** «Разместить объявление» where this width has it: the header (lg) or the burger, and the footer */
    async function placeListingButtons(page: Page) {
      if (width < 1251) {
        await page.getByRole('button', { name: 'Меню' }).click();
        return page.getByRole('presentation').getByRole('button', { name: 'Разместить объявление' });
      }
      return page.locator('header').getByRole('button', { name: 'Разместить объявление' });
    }

    it('«Разместить объявление» asks a guest to sign in', async () => {
      const page = await open(width);
      await visit(page, `${suite.server.url}/prodazha`);
      await (await placeListingButtons(page)).click();
      const signIn = page.getByRole('dialog').getByRole('tab', { name: 'Вход' });
      await signIn.waitFor();
      expect(await signIn.isVisible()).toBe(true);
      await shot(page, `site-forms-place-guest-${width}`);
    });

    it('«Разместить объявление» takes a user to the realtor request, from the footer too', async () => {
      const page = await open(width, user);
      await visit(page, `${suite.server.url}/prodazha`);
      await (await placeListingButtons(page)).click();
      await page.waitForURL('**/account/user/realtor-request');
      await visit(page, `${suite.server.url}/rent`);
      const inFooter = page.locator('footer').getByRole('button', { name: 'Разместить объявление' });
      await inFooter.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await inFooter.click();
      await page.waitForURL('**/account/user/realtor-request');
      expect(new URL(page.url()).pathname).toBe('/account/user/realtor-request');
    });

    it('«Разместить объявление» takes the staff to their listings in the cabinet', async () => {
      const page = await open(width, owner);
      await visit(page, `${suite.server.url}/prodazha`);
      await (await placeListingButtons(page)).click();
      await page.waitForURL((url) => url.pathname === '/cabinet/' && url.hash === '#/publications');
      expect(new URL(page.url()).hash).toBe('#/publications');
    });
  });
});
