import { ROLES, type PublicationDetails } from '@estate/events';
import { until } from '@estate/events/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn } from '../support/smsCode';
import { createAgency, createPublication } from '../../services/test/publications';
import { handleCommand } from '../../services/src/core/decider';
import { registerUser } from '../../services/src/identity';
import {
  publicationDecider,
  publicationStream,
  type PublicationCommand,
} from '../../services/src/publications';
import { DEMO_PHONES } from '../../services/src/seed';

/**
 * Menus, cards and screens of issue 40 (item 10, and the header of item 14) in Chromium at 375 and
 * 1440 px: the burger menu's profile link, contacts, socials and «Разместить объявление», the
 * spec's breakpoints (the burger up to 1250 px); a catalogue card's slider of its first 3 photos; a
 * filter reset's pages of 8; the account's summary of viewed listings and the realtor request; the
 * investment landing's six benefits, three steps and objects carousel (4 slides from 1251 px); the
 * spec's /account/agency/… addresses opening the cabinet's screens; the header's sign-in in the
 * server's page.
 */
describeInBrowser('menus, cards and screens', () => {
  const suite = browserSuite();
  const WIDTHS = [375, 1440] as const;
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  async function open(width: number, options: { token?: string; javaScript?: boolean } = {}): Promise<Page> {
    context = await suite.browser.newContext({
      viewport: { width, height: 900 },
      javaScriptEnabled: options.javaScript ?? true,
    });
    if (options.token)
      await context.addCookies([
        { name: 'auth-token', value: options.token, url: suite.server.url, httpOnly: true, sameSite: 'Lax' },
      ]);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return page;
  }
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  const DAY = 86_400_000;
  /** the test's listings: the slider's (4 photos), the summary's two, the reset's nine */
  const SLIDER = { id: 'menus-slider', title: 'Объявление menus-slider' };
  const VIEWED = ['menus-viewed-1', 'menus-viewed-2'];
  const CONTACTS = { phone: '78005550140', email: 'menus@example.ru' };
  let moderator: string;
  let user: string;
  let requester: string;
  let owner: string;

  beforeAll(async () => {
    const ctx = suite.server.app.ctx;
    const { agent, ownerPhone } = await createAgency(ctx, 'menus', '250');
    // the newest a visitor without a subscription sees (half an hour past the 3-day window): the first card
    await createPublication(ctx, agent, { id: SLIDER.id, price: 9_990_000 });
    const [created] = await ctx.eventStore.readStream(publicationStream(SLIDER.id));
    const details = (created.data as { details: PublicationDetails }).details;
    const images = [921, 922, 923, 924].map((n) => ({ path: `/storage/demo/${n}.svg` }));
    const run = (command: PublicationCommand) =>
      handleCommand(ctx.eventStore, publicationStream(SLIDER.id), publicationDecider, command, {
        actor: agent.userId,
      });
    await run({ type: 'EditPublication', actor: agent, details: { ...details, images } });
    await run({
      type: 'PublishPublication',
      actor: agent,
      publishedAt: new Date(ctx.clock().getTime() - (3 + 1 / 48) * DAY).toISOString(),
    });
    for (const id of VIEWED)
      await createPublication(ctx, agent, { id, price: 6_500_000, publishedDaysAgo: 9 });
    // a reset's first page of 8 needs more than 8 listings
    for (let i = 1; i <= 9; i++)
      await createPublication(ctx, agent, {
        id: `menus-reset-${i}`,
        price: 5_000_000 + i,
        publishedDaysAgo: 10,
      });
    for (const [userId, name, phone] of [
      ['menus-user', 'Пётр', '79162500001'],
      ['menus-requester', 'Ирина', '79162500002'],
    ])
      await registerUser(ctx, {
        type: 'RegisterUser',
        userId,
        name,
        phone,
        email: null,
        role: ROLES.USER,
        agencyId: null,
      });
    await ctx.projections.whenCaughtUp();
    [moderator, user, requester, owner] = await Promise.all([
      apiSignIn(suite.server.url, DEMO_PHONES.moderator),
      apiSignIn(suite.server.url, '79162500001'),
      apiSignIn(suite.server.url, '79162500002'),
      apiSignIn(suite.server.url, ownerPhone),
    ]);
    const api = (path: string, token: string, method: string, body?: object) =>
      fetch(`${suite.server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body && JSON.stringify(body),
      });
    // the site's contacts, which the burger shows
    const current = (await (await api('/api/cabinet/settings/contacts', moderator, 'GET')).json()) as Record<
      string,
      unknown
    >;
    const { id: _id, ...contacts } = current;
    const saved = await api('/api/cabinet/settings/contacts', moderator, 'PUT', {
      ...contacts,
      ...CONTACTS,
      socials: [
        { type: 'vk', url: 'https://vk.com/menus-test' },
        { type: 'telegram', url: 'https://t.me/menus_test' },
      ],
    });
    expect(saved.status).toBe(200);
    // five objects of the month for the investment landing's carousel
    for (let n = 1; n <= 5; n++) {
      const object = await api('/api/cabinet/investments', moderator, 'POST', {
        title: `Объект месяца ${n}`,
        imagePath: `/storage/demo-content/investment-${n}.svg`,
        address: 'Москва',
        marketValue: 10_000_000,
        purchasePrice: 8_000_000,
        realizationPeriod: 2,
        annualPercentage: 45,
        position: n,
        isPublished: true,
      });
      expect(object.status).toBe(201);
    }
    // one user's realtor request, under review
    const request = await api('/api/realtor-database-request', requester, 'POST', {
      name: 'Ирина Смирнова',
      agencyName: 'Риелтор Ирина Смирнова',
      email: 'irina@example.ru',
      legalEntity: 3,
    });
    expect(`${request.status} ${await request.text()}`).toMatch(/^200 /);
  });

  describe.each(WIDTHS)('at %i px', (width) => {
    it('the catalogue card slides through the listing’s first 3 photos', async () => {
      const page = await open(width);
      await visit(page, `${suite.server.url}/prodazha`);
      const card = page.getByTestId('publication-card').filter({ hasText: SLIDER.title });
      const strip = card.getByTestId('card-photos');
      await strip.waitFor();
      expect(await strip.locator('img').count()).toBe(3);
      const position = () => strip.evaluate((box) => Math.round(box.scrollLeft / box.clientWidth));
      expect(await position()).toBe(0);
      await card.getByRole('button', { name: 'Следующее фото' }).click();
      await until(async () => (await position()) === 1);
      expect(await position()).toBe(1);
      await shot(card, `menus-card-second-photo-${width}`);
      // round the ends: back twice from the second is the third
      await card.getByRole('button', { name: 'Предыдущее фото' }).click();
      await until(async () => (await position()) === 0);
      await card.getByRole('button', { name: 'Предыдущее фото' }).click();
      await until(async () => (await position()) === 2);
      expect(await position()).toBe(2);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    });

    it('a filter reset shows pages of 8', async () => {
      const page = await open(width);
      await visit(page, `${suite.server.url}/prodazha?priceMin=5000000`);
      const reset = page
        .getByRole('group', { name: 'Выбранные фильтры' })
        .getByRole('button', { name: 'Сбросить все' });
      const searched = page.waitForRequest(
        (r) =>
          r.url().endsWith('/api/publications') && r.method() === 'POST' && !r.postData()?.includes('price'),
      );
      await reset.click();
      const body = JSON.parse((await searched).postData()!) as { limit: number };
      expect(body.limit).toBe(8);
      await page.waitForURL(
        (url) => url.searchParams.get('limit') === '8' && !url.searchParams.has('priceMin'),
      );
      await until(async () => (await page.getByTestId('publication-card').count()) <= 11);
      // 8 a page, and up to 3 promoted listings merged in
      const cards = await page.getByTestId('publication-card').count();
      expect(cards).toBeGreaterThanOrEqual(8);
      expect(cards).toBeLessThanOrEqual(11);
      await shot(page, `menus-reset-${width}`);
    });

    it('the account’s summary lists the viewed listings and the realtor request', async () => {
      const page = await open(width, { token: width === 375 ? user : requester });
      for (const id of VIEWED) {
        await visit(page, `${suite.server.url}/prodazha/${id}`);
        await page.waitForFunction(
          (viewed) => (localStorage.getItem('recentlyViewedListings') ?? '').includes(viewed),
          id,
        );
      }
      await visit(page, `${suite.server.url}/account/user/main-info`);
      await page.getByRole('button', { name: 'Сводка' }).click();
      const dialog = page.getByRole('dialog', { name: 'Сводка' });
      const viewed = dialog.getByTestId('recently-viewed');
      for (const id of VIEWED) await viewed.getByText(`Объявление ${id}`).waitFor();
      const request = dialog.getByTestId('summary-realtor-request');
      await request.getByText(width === 375 ? 'Заявка не отправлена' : 'На рассмотрении').waitFor();
      // the dialog has finished opening (its fade), for the screenshot
      await page.waitForFunction(
        () => document.querySelector('.MuiDialog-root')?.getAnimations({ subtree: true }).length === 0,
      );
      await shot(page, `menus-summary-${width}`);
      await request.getByRole('link', { name: 'Перейти к заявке' }).click();
      await page.waitForURL('**/account/user/realtor-request');
      expect(new URL(page.url()).pathname).toBe('/account/user/realtor-request');
    });

    it('the investment landing has six benefits, three steps and the objects of the month', async () => {
      const page = await open(width);
      await visit(page, `${suite.server.url}/investments`);
      await page.getByRole('heading', { name: 'Инвестиции в недвижимость', level: 1 }).waitFor();
      expect(await page.getByRole('list', { name: 'Преимущества' }).getByRole('listitem').count()).toBe(6);
      expect(await page.getByRole('list', { name: 'Три шага' }).getByRole('listitem').count()).toBe(3);
      const carousel = page.getByTestId('objects-carousel');
      await carousel.getByText('Объект месяца 5').waitFor({ state: 'attached' });
      // the slides wholly in the row's view: 4 from 1251 px, a card's own width below
      const whole = () =>
        carousel.evaluate((row) => {
          const box = row.getBoundingClientRect();
          return [...row.children].filter((slide) => {
            const s = slide.getBoundingClientRect();
            return s.left >= box.left - 1 && s.right <= box.right + 1;
          }).length;
        });
      expect(await whole()).toBe(width >= 1251 ? 4 : 1);
      await page.getByRole('button', { name: 'Объекты месяца: вперёд' }).click();
      await until(async () => (await carousel.evaluate((row) => row.scrollLeft)) > 0);
      expect(await carousel.evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
      await shot(page, `menus-investments-${width}`, { fullPage: true });
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    });

    it('the spec’s agency addresses open the cabinet’s screens', async () => {
      const page = await open(width, { token: owner });
      await page.goto(`${suite.server.url}/account/agency/balance`);
      await page.waitForURL((url) => url.pathname === '/cabinet/' && url.hash === '#/wallet');
      await page.goto(`${suite.server.url}/account/agency/publication/${SLIDER.id}/edit`);
      await page.waitForURL((url) => url.hash === `#/publications/${SLIDER.id}`);
      expect(new URL(page.url()).hash).toBe(`#/publications/${SLIDER.id}`);
    });

    it('the header’s sign-in is in the server’s page of /daily-rent, not only once it hydrates', async () => {
      const label = width === 375 ? 'Войти' : 'Вход и регистрация';
      const guest = await open(width, { javaScript: false });
      await visit(guest, `${suite.server.url}/daily-rent`);
      const signIn = guest.locator('header').getByRole('button', { name: label });
      await signIn.waitFor();
      expect(await signIn.isVisible()).toBe(true);
      await shot(guest, `menus-header-nojs-${width}`);
      await context!.close();
      // a signed-in visitor's page does not show it meanwhile: «Личный кабинет» comes instead
      const member = await open(width, { javaScript: false, token: user });
      await visit(member, `${suite.server.url}/daily-rent`);
      expect(await member.locator('header').getByRole('button', { name: label }).count()).toBe(0);
    });
  });

  it('answers each /account/agency/… address of the spec with a redirect to its cabinet screen', async () => {
    const screens: [string, string][] = [
      ['/account/agency', '/cabinet/#/'],
      ['/account/agency/main-info', '/cabinet/#/'],
      ['/account/agency/balance', '/cabinet/#/wallet'],
      ['/account/agency/daily-rent', '/cabinet/#/bookings'],
      ['/account/agency/my-agency', '/cabinet/#/my-agency'],
      ['/account/agency/profile', '/cabinet/#/profile'],
      ['/account/agency/publications-list', '/cabinet/#/publications'],
      ['/account/agency/stuff', '/cabinet/#/employees'],
      ['/account/agency/publication/create', '/cabinet/#/publications/create'],
      ['/account/agency/publication/constants', '/cabinet/#/publications'],
      ['/account/agency/publication/abc-1/edit', '/cabinet/#/publications/abc-1'],
    ];
    const answers = await Promise.all(
      screens.map(async ([path]) => {
        const answer = await fetch(`${suite.server.url}${path}`, { redirect: 'manual' });
        return [path, `${answer.status} ${answer.headers.get('location')}`];
      }),
    );
    expect(answers).toEqual(screens.map(([path, screen]) => [path, `302 ${screen}`]));
  });

  it('the burger holds the profile link, the sections, the contacts, the socials and «Разместить объявление»', async () => {
    for (const [token, profileLink] of [
      [undefined, 'Вход и регистрация'],
      [user, 'Личный кабинет'],
    ] as const) {
      const page = await open(375, { token });
      await visit(page, `${suite.server.url}/rent`);
      await page.getByRole('button', { name: 'Меню' }).click();
      const menu = page.getByRole('presentation');
      await menu.getByTestId('city-button').waitFor();
      await menu.getByRole(token ? 'link' : 'button', { name: profileLink }).waitFor();
      expect(await menu.getByRole('navigation', { name: 'Разделы сайта' }).getByRole('link').count()).toBe(7);
      expect(await menu.getByRole('link', { name: '+7 (800) 555-01-40' }).getAttribute('href')).toBe(
        `tel:+${CONTACTS.phone}`,
      );
      expect(await menu.getByRole('link', { name: CONTACTS.email }).getAttribute('href')).toBe(
        `mailto:${CONTACTS.email}`,
      );
      expect(await menu.getByRole('link', { name: 'ВКонтакте' }).getAttribute('href')).toBe(
        'https://vk.com/menus-test',
      );
      expect(await menu.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe(
        'https://t.me/menus_test',
      );
      await menu.getByRole('button', { name: 'Заказать звонок' }).waitFor();
      await menu.getByRole('button', { name: 'Разместить объявление' }).waitFor();
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await shot(page, `menus-burger-${token ? 'user' : 'guest'}-375`);
      if (token) {
        await menu.getByRole('link', { name: 'Личный кабинет' }).click();
        await page.waitForURL('**/account/user/main-info');
      }
      await context!.close();
      context = null;
    }
    expect(context).toBeNull();
  });

  it('the spec’s breakpoints: the burger up to 1250 px (a small desktop), the sections’ row from 1251', async () => {
    const shown: Record<number, [boolean, boolean]> = {};
    for (const width of [767, 768, 1250, 1251, 1440]) {
      const page = await open(width);
      await visit(page, `${suite.server.url}/rent`);
      const burger = page.getByRole('button', { name: 'Меню' });
      const sections = page.locator('header').getByRole('navigation', { name: 'Разделы сайта' });
      shown[width] = [await burger.isVisible(), await sections.isVisible()];
      // the header's place from the tablet on (768 px, after a phone's 767)
      if (width === 767 || width === 768)
        expect(await page.locator('header').getByTestId('city-button').isVisible()).toBe(width === 768);
      await context!.close();
      context = null;
    }
    expect(shown).toEqual({
      767: [true, false],
      768: [true, false],
      1250: [true, false],
      1251: [false, true],
      1440: [false, true],
    });
  });
});
