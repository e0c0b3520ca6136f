import { randomUUID } from 'node:crypto';
import { ROLES } from '@estate/events';
import { until } from '@estate/events/testing';
import { INTERACTIONS_TOPIC, type Interaction } from '@estate/projections';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn } from '../support/smsCode';
import { todayOf } from '../../services/src/bookings';
import { createPublication } from '../../services/test/publications';

/**
 * Issue 14 in Chromium at a phone's and a desktop's width: the dashboard shows the confirmed account
 * and the owner's wallet, each listing row its counters and running tariff as the API has them, and
 * no screen of the cabinet keeps an English text or label (react-admin's and MUI's own included).
 */
const OWNER = '79990000001';
const USER = '79990000100';
const AGENCY = 'demo-agency-1';
jest.setTimeout(180_000);

describeInBrowser('the cabinet pages', () => {
  const suite = browserSuite();
  /** the demo agency's owner, who makes the listings a test needs of its own */
  const DEMO_OWNER = { userId: 'demo-owner-1', role: ROLES.AGENCY_OWNER, agencyId: AGENCY };
  let ownerToken: string;
  let userToken: string;
  let context: BrowserContext | null = null;
  let page: Page;

  beforeAll(async () => {
    ownerToken = await apiSignIn(suite.server.url, OWNER);
    userToken = await apiSignIn(suite.server.url, USER);
  });
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  /**
   * The cabinet at a width, signed in as the owner by the session cookie the API's SMS sign-in set
   * (these tests are about the screens, not the sign-in), opened at `hash`.
   */
  async function openCabinet(width: number, hash = '#/') {
    context = await suite.browser.newContext({ viewport: { width, height: 1000 } });
    await context.addCookies([
      { name: 'auth-token', value: ownerToken, url: suite.server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await visit(page, `${suite.server.url}/cabinet/${hash}`);
  }

  const api = async <T>(path: string, init: RequestInit = {}, token = ownerToken, status = 200) => {
    const res = await fetch(`${suite.server.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
    });
    expect(res.status).toBe(status);
    return ((await res.json()) as { data: T }).data;
  };

  /** A published sale listing of the agency's own, its first tariff paid from the agency's wallet as the cabinet pays it. */
  async function promotedListing(id: string) {
    await createPublication(suite.server.app.ctx, DEMO_OWNER, { id, price: 6_600_000, publishedDaysAgo: 2 });
    const [tariff] = await api<{ id: string }[]>(`/api/publications/${id}/tariffs`);
    await api(`/api/publications/${id}/tariffs/${tariff.id}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
    });
  }

  /** every kind of space as one plain space: the cabinet groups thousands with no-break spaces */
  const squeeze = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  const figure = (n: number) => squeeze(new Intl.NumberFormat('ru-RU').format(n));

  /**
   * Every text a person or a screen reader meets that is written in Latin letters only: visible text,
   * aria-labels, titles, placeholders, image alts. Addresses with @ or / are not words and pass.
   */
  const latinOnlyTexts = (p: Page) =>
    p.evaluate(() => {
      const latin = /^[A-Za-z][A-Za-z\s.,:;!?'’()-]*$/;
      const found = new Set<string>();
      const check = (text: string | null, where: string) => {
        const t = (text ?? '').trim();
        if (/[A-Za-z]{2}/.test(t) && latin.test(t)) found.add(`${where}: ${t}`);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const parent = walker.currentNode.parentElement;
        if (!parent || parent.closest('script, style, noscript')) continue;
        check(walker.currentNode.textContent, 'текст');
      }
      for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))
        for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
          if (el.hasAttribute(name)) check(el.getAttribute(name), name);
      return [...found];
    });

  describe.each([1440, 375])('the cabinet at %i px', (width) => {
    it('shows the confirmed account and the wallet on the dashboard, and «Пополнить» opens the wallet', async () => {
      await openCabinet(width);
      await page.getByText('Аккаунт подтверждён').waitFor();
      const { walletBalance } = await api<{ walletBalance: number }>(`/api/agency/${AGENCY}/balance`);
      const wallet = page.getByTestId('dashboard-wallet');
      await wallet.getByText('Баланс кошелька').waitFor();
      await page.waitForFunction(
        (el) => el !== null && !el.textContent?.includes('…'),
        await wallet.elementHandle(),
      );
      expect(squeeze(await wallet.textContent())).toContain(`${figure(walletBalance)} ₽`);
      // flats and rooms for sale, active and inactive: the counts the agency list answers
      const saleCount = async (status: number) => {
        const res = await fetch(
          `${suite.server.url}/api/agency/${AGENCY}/publications?status=${status}&dealCategory=sale&limit=1`,
          { headers: { authorization: `Bearer ${ownerToken}` } },
        );
        return String(((await res.json()) as { meta: { total: number } }).meta.total);
      };
      await page.getByRole('table', { name: 'Квартиры и комнаты' }).waitFor();
      expect(await page.getByTestId('sale-active').textContent()).toBe(await saleCount(1));
      expect(await page.getByTestId('sale-inactive').textContent()).toBe(await saleCount(5));
      await shot(page, `cabinet-dashboard-account-${width}`, { fullPage: true });
      // real buttons with their words at every width (react-admin's shows only an icon on a phone)
      for (const name of ['Перейти к объявлениям', 'Добавить объявление'])
        expect((await page.getByRole('link', { name }).boundingBox())?.width).toBeGreaterThan(100);
      await wallet.getByRole('link', { name: 'Пополнить' }).click();
      await page.waitForURL(/#\/wallet$/);
    });

    it('lists each listing with its year’s and today’s counters and its running tariff, as the API has them', async () => {
      // a promoted listing of the agency's own, with views fed through the bus as the site's visits
      // feed them, and a user's heart
      const id = `pages-promoted-${width}`;
      await promotedListing(id);
      const at = suite.server.app.ctx.clock().toISOString();
      const views: Interaction[] = [1, 2, 3].map((n) => ({
        id: `view:pages-${width}-${n}:${id}:${at.slice(0, 10)}`,
        kind: 'view',
        publicationId: id,
        at,
      }));
      await suite.server.app.ctx.bus.publish(
        INTERACTIONS_TOPIC,
        views.map((value) => ({ key: id, value })),
      );
      await api(`/api/favorite-publications/${id}`, { method: 'POST' }, userToken);
      type Listed = {
        id: string;
        viewCount: number;
        favoriteCount: number;
        adTariff: { title: string; pricePerDay: number } | null;
      };
      const listed = async () =>
        (await api<Listed[]>(`/api/agency/${AGENCY}/publications?status=1&limit=100`)).find(
          (p) => p.id === id,
        )!;
      await until(async () => (await listed()).viewCount === views.length);
      const promoted = await listed();
      expect(promoted).toMatchObject({ viewCount: 3, favoriteCount: 1, adTariff: expect.any(Object) });
      // its row in the active tab (the list puts the latest changed first)
      const filter = encodeURIComponent(JSON.stringify({ status: 1 }));
      await openCabinet(width, `#/publications?filter=${filter}&perPage=50&page=1`);
      const rowStats = page.getByTestId(`statistics-${promoted.id}`);
      await rowStats.waitFor();
      const stats = squeeze(await rowStats.textContent());
      expect(stats).toContain(`Просмотры: ${figure(promoted.viewCount)}`);
      expect(stats).toContain(`В избранном: ${figure(promoted.favoriteCount)}`);
      expect(stats).toContain('Показы телефона:');
      expect(stats).toContain('Чаты:');
      const tariff = squeeze(await page.getByTestId(`tariff-${promoted.id}`).textContent());
      expect(tariff).toContain(promoted.adTariff!.title);
      expect(tariff).toContain(`${figure(promoted.adTariff!.pricePerDay)} ₽ в день`);
      expect(tariff).toMatch(/до \d+ [а-я]+/);
      await shot(page, `cabinet-list-counters-${width}`);
    });

    it('shows a request’s details, and filters the requests by a period with the tabs’ counts following', async () => {
      // a request of the test's own: a daily-rent listing of the agency's, asked for by a signed-in user
      const listing = `pages-daily-rent-${width}`;
      await createPublication(suite.server.app.ctx, DEMO_OWNER, {
        id: listing,
        deal: 'dailyRent',
        price: 3_000,
        guests: 4,
        publishedDaysAgo: 5,
      });
      // Moscow dates, as the app's, by the app's clock
      const day = (n: number) => todayOf(new Date(suite.server.app.ctx.clock().getTime() + n * 86_400_000));
      await api(
        `/api/booking/daily-rent/${listing}`,
        {
          method: 'POST',
          body: JSON.stringify({
            name: `Гость страниц ${width}`,
            phone: USER,
            startDate: day(30),
            endDate: day(32),
            adultCount: 1,
            childCount: 0,
            'g-recaptcha-response': 'test',
          }),
        },
        userToken,
        201,
      );
      // the new requests' tab, and the first of them as the API lists them
      const counts = await api<{ status: number; count: number }[]>('/api/booking/daily-rent/count');
      const tab = counts.find((c) => c.status === 1)!;
      expect(tab.count).toBeGreaterThan(0);
      const [first] = await api<{ id: string; name: string; phone: string; endDate: string }[]>(
        `/api/booking/daily-rent/list-for-agent?status=${tab.status}&limit=1`,
      );
      const filter = encodeURIComponent(JSON.stringify({ status: tab.status }));
      await openCabinet(width, `#/bookings?filter=${filter}`);
      await page.getByTestId(`booking-tab-${tab.status}`).getByText(`(${tab.count})`).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await page.locator('tbody tr').first().getByRole('button', { name: 'Детали заявки' }).click();
      const dialog = page.getByRole('dialog', { name: 'Детали заявки' });
      const details = squeeze(await dialog.textContent());
      expect(details).toContain(first.name);
      expect(details).toContain(`+${first.phone}`);
      await shot(page, `cabinet-booking-details-${width}`);
      await dialog.getByRole('button', { name: 'Закрыть' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // a period after every stay: no request overlaps it, and every tab counts none
      const dateField = (label: string) =>
        page.getByRole('group', { name: 'Период заявок' }).getByRole('group', { name: label, exact: true });
      await dateField('С').getByRole('spinbutton', { name: 'День' }).click();
      await page.keyboard.type('01012034', { delay: 20 });
      await dateField('По').getByRole('spinbutton', { name: 'День' }).click();
      await page.keyboard.type('01022034', { delay: 20 });
      // the list and every tab settle on the period's answer: nothing overlaps it
      await page.waitForFunction(
        () =>
          [1, 2, 3, 4, 5].every((status) =>
            /\(0\)$/.test(document.querySelector(`[data-testid="booking-tab-${status}"]`)?.textContent ?? ''),
          ) && document.querySelectorAll('tbody tr').length === 0,
      );
      await page.getByRole('button', { name: 'Сбросить даты' }).click();
      await page.getByTestId(`booking-tab-${tab.status}`).getByText(`(${tab.count})`).waitFor();
      await page.locator('tbody tr').first().waitFor();
    });

    it('puts a new listing for sale in a residential complex of its city, and shows it on the listing’s page', async () => {
      await openCabinet(width, '#/publications/create');
      await page.getByLabel('Тип сделки').click();
      await page.getByRole('option', { name: 'Посуточно' }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      // a daily rent stands in no complex: the field is not offered; guests and a deposit are, the agent's fee is not
      expect(await page.getByLabel('Жилой комплекс').count()).toBe(0);
      const offered = async (label: string) => (await page.getByLabel(label, { exact: true }).count()) > 0;
      expect([
        await offered('Гостей'),
        await offered('Залог, ₽'),
        await offered('Комиссия агента, %'),
      ]).toEqual([true, true, false]);
      await page.getByRole('combobox', { name: /^Тип сделки/ }).click();
      await page.getByRole('option', { name: 'Продажа' }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      // a sale: no guests, no deposit; a plot of land has no rooms or floors, a flat has them
      expect([
        await offered('Гостей'),
        await offered('Залог, ₽'),
        await offered('Комиссия агента, %'),
      ]).toEqual([false, false, true]);
      await page.getByRole('combobox', { name: /^Тип недвижимости/ }).click();
      await page.getByRole('option', { name: 'Участок' }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      expect([await offered('Комнат'), await offered('Этаж'), await offered('Общая площадь, м²')]).toEqual([
        false,
        false,
        true,
      ]);
      await page.getByRole('combobox', { name: /^Тип недвижимости/ }).click();
      await page.getByRole('option', { name: 'Квартира' }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      expect([await offered('Комнат'), await offered('Этаж')]).toEqual([true, true]);
      await page.getByLabel('Заголовок').fill(`Квартира в новостройке, ${width} px`);
      await page.getByLabel('Цена, ₽').fill('12500000');
      await page.getByLabel('Местоположение').fill('Москва');
      await page
        .getByRole('option', { name: /^Москва/ })
        .first()
        .click();
      await page.getByLabel('Адрес').fill('Москва, Дмитровское шоссе, 107, кв. 12');
      await page.getByLabel('Жилой комплекс').click();
      await page.getByRole('option', { name: /Северный парк/ }).click();
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Черновик').first().waitFor();
      const complex = page.getByTestId('complex');
      await complex.getByText('ЖК «Северный парк»', { exact: false }).waitFor();
      expect(squeeze(await complex.textContent())).toMatch(/^ЖК «Северный парк», сдача в \d{4} году$/);
      await shot(page, `cabinet-listing-in-complex-${width}`, { fullPage: true });
    });

    it('lists the wallet’s operations page by page and by kind, as the API has them', async () => {
      // a charge of the test's own: a tariff paid for a listing
      await promotedListing(`pages-charged-${width}`);
      const { operations } = await api<{ operations: { kind: string }[] }>(`/api/agency/${AGENCY}/balance`);
      const charges = operations.filter((o) => o.kind === 'charge').length;
      expect(charges).toBeGreaterThan(0);
      await openCabinet(width, '#/wallet');
      const rows = page.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(Math.min(25, operations.length));
      await page.getByLabel('Операция').click();
      await page.getByRole('option', { name: 'Списание' }).click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('tbody tr').length === n,
        Math.min(25, charges),
      );
      for (const text of await rows.allTextContents()) expect(text).toContain('Списание');
      await shot(page, `cabinet-wallet-operations-${width}`, { fullPage: true });
    });

    it('keeps no English text or label on any screen', async () => {
      // an active listing of the agency's own, whose page is one of the screens
      const first = { id: `pages-english-${width}` };
      await createPublication(suite.server.app.ctx, DEMO_OWNER, {
        id: first.id,
        price: 5_400_000,
        publishedDaysAgo: 1,
      });
      await openCabinet(width);
      const screens: [string, string][] = [
        ['#/', 'Мои объявления'],
        ['#/publications', 'Активные'],
        [`#/publications/${first.id}/show`, 'Текущий тариф'],
        ['#/publications/create', 'Тип сделки'],
        ['#/bookings', 'Новые'],
        ['#/wallet', 'Баланс кошелька'],
        ['#/employees', 'Добавить нового сотрудника'],
        ['#/invoices', 'Счета'],
        ['#/invoices/create', 'Расчётный счёт'],
        ['#/my-agency', 'Моё агентство'],
      ];
      const english: string[] = [];
      for (const [hash, shown] of screens) {
        await visit(page, `${suite.server.url}/cabinet/${hash}`);
        await page.getByText(shown).first().waitFor();
        await page.waitForLoadState('networkidle');
        english.push(...(await latinOnlyTexts(page)).map((text) => `${hash} ${text}`));
      }
      expect(english).toEqual([]);
    });
  });
});
