import type { BrowserContext, Page } from 'playwright-core';
import type { PublicationDetails } from '@estate/events';
import { answerMapTiles, browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { outboxCode, typeCode } from '../support/smsCode';
import { createAgency, createPublication } from '../../services/test/publications';
import { handleCommand } from '../../services/src/core/decider';
import {
  publicationDecider,
  publicationStream,
  type PublicationCommand,
} from '../../services/src/publications';

/**
 * A new visitor's whole way through the site (issue 18, «Done when»), at a phone's and a desktop's
 * width: the home page → the city chosen in the locations modal → the catalogue with «Все фильтры» →
 * a listing → its gallery full-screen → a similar listing → a favourite kept as a guest → signing
 * in, the guest's favourite now the account's. The listings the visitor opens are the test's own.
 */
describeInBrowser('a visitor’s way through the site', () => {
  const suite = browserSuite();
  jest.setTimeout(120_000); // a shared machine: generous, never a timing assertion
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  /** a transparent 1×1 PNG */
  const DAY = 24 * 60 * 60_000;

  type Listing = { id: string; title: string };
  type Characteristic = { cianName: string; minValue?: number; maxValue?: number };

  async function count(filters: object): Promise<number> {
    const res = await fetch(`${suite.server.url}/api/publications/count`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dealCategory: 'sale', ...filters }),
    });
    return ((await res.json()) as { data: { publicationCount: number } }).data.publicationCount;
  }

  const PHONES = ['79990000201', '79990000202'];
  const tokens = new Map<string, string>();

  async function accountFavourites(phone: string): Promise<Listing[]> {
    const res = await fetch(`${suite.server.url}/api/favorite-publications?limit=100&offset=1`, {
      headers: { authorization: `Bearer ${tokens.get(phone)}` },
    });
    return ((await res.json()) as { data: Listing[] }).data;
  }

  /**
   * The test's listings in Москва: the one the visitor opens (two photos, 40–120 m², the newest a
   * visitor without a subscription sees: half an hour past the 3-day window), a similar one (the same
   * rooms and price) and one outside the area range.
   */
  const OPENED = { id: 'journey-opened', title: 'Объявление journey-opened', photos: 2 };
  const SIMILAR = { id: 'journey-similar', title: 'Объявление journey-similar' };
  beforeAll(async () => {
    const ctx = suite.server.app.ctx;
    const { agent } = await createAgency(ctx, 'journey', '180');
    const shown = 3 + 1 / 48; // days before the app's clock
    const flat = { price: 12_345_678, rooms: 2, area: 77 };
    await createPublication(ctx, agent, { id: OPENED.id, ...flat });
    const [created] = await ctx.eventStore.readStream(publicationStream(OPENED.id));
    const details = (created.data as { details: PublicationDetails }).details;
    const run = (command: PublicationCommand) =>
      handleCommand(ctx.eventStore, publicationStream(OPENED.id), publicationDecider, command, {
        actor: agent.userId,
      });
    await run({
      type: 'EditPublication',
      actor: agent,
      details: { ...details, images: [{ path: '/storage/demo/901.svg' }, { path: '/storage/demo/902.svg' }] },
    });
    await run({
      type: 'PublishPublication',
      actor: agent,
      publishedAt: new Date(ctx.clock().getTime() - shown * DAY).toISOString(),
    });
    await createPublication(ctx, agent, { id: SIMILAR.id, ...flat, publishedDaysAgo: shown + 0.01 });
    await createPublication(ctx, agent, { id: 'journey-outside', ...flat, area: 150, publishedDaysAgo: 5 });

    // the visitors have accounts (signed up through the API): signing in on the site is for a known phone
    const post = (path: string, body: object) =>
      fetch(`${suite.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const [i, phone] of PHONES.entries()) {
      const registered = await post('/api/auth/registration', {
        name: 'Ольга Смирнова',
        phone,
        email: `journey${i}@example.ru`,
        'g-recaptcha-response': 'test',
      });
      expect(registered.status).toBe(200);
      const code = await outboxCode(suite.server.url, phone);
      const confirmed = await post('/api/auth/confirm-phone', { phone, smsCode: code });
      expect(confirmed.status).toBe(200);
      // the confirmation signs the account in: its token reads the account's favourites
      tokens.set(phone, ((await confirmed.json()) as { data: { token: string } }).data.token);
    }
  });

  describe.each([
    [375, PHONES[0]],
    [1440, PHONES[1]],
  ])('a visitor’s way at %i px', (width, phone) => {
    it('home → city → all filters → a listing → gallery → similar → favourite as a guest → sign in', async () => {
      const { url, app } = suite.server;
      const narrow = width < 900;
      context = await suite.browser.newContext({
        viewport: { width, height: narrow ? 812 : 900 },
        locale: 'ru-RU',
      });
      // the map's tiles come from their own host, which this machine cannot reach: an empty tile each
      await answerMapTiles(context);
      const page: Page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const snap = (name: string) => shot(page, `journey-${name}-${width}`);

      // the home page, then the city from the locations modal
      await visit(page, `${url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Купить' }).waitFor();
      if (narrow) {
        await page.getByRole('button', { name: 'Меню' }).click();
        const inMenu = page.getByRole('presentation').getByTestId('city-button');
        await inMenu.waitFor();
        await page.waitForFunction(() => document.getAnimations().length === 0);
        await inMenu.click();
      } else await page.getByTestId('city-button').click();
      const places = page.getByRole('dialog', { name: 'Выберите регион или город' });
      await places.getByLabel('Поиск города или региона').fill('Моск');
      await places.getByRole('button', { name: /^Москва$/ }).click();
      await places.getByRole('button', { name: 'Выбрать' }).click();
      await places.waitFor({ state: 'hidden' });
      await snap('home');

      // the hero's search opens the catalogue, which follows the chosen city
      await page
        .getByRole('form', { name: 'Поиск объявлений' })
        .getByRole('button', { name: 'Найти' })
        .click();
      await page.waitForURL(/\/prodazha(\?|$)/);
      const moscow = { locationId: '1' };
      await page
        .getByTestId('found')
        .filter({ hasText: `Найдено ${await count(moscow)} ` })
        .waitFor();

      // «Все фильтры»: an area range, its count on the button, applied
      if (narrow) await page.getByRole('button', { name: /^Фильтры/ }).click();
      else
        await page.getByRole('form', { name: 'Поиск' }).getByRole('button', { name: 'Все фильтры' }).click();
      const filters = page.getByRole('dialog', { name: 'Все фильтры' });
      await filters.getByLabel('Общая площадь от').fill('40');
      await filters.getByLabel('Общая площадь до').fill('120');
      const area: Characteristic[] = [{ cianName: 'TotalArea', minValue: 40, maxValue: 120 }];
      const expected = await count({ ...moscow, characteristicData: area });
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(await count(moscow));
      const show = filters.getByTestId('show-count');
      await show.filter({ hasText: `Показать ${expected} ` }).waitFor();
      await snap('filters');
      await show.click();
      await filters.waitFor({ state: 'hidden' });
      await page
        .getByTestId('found')
        .filter({ hasText: `Найдено ${expected} ` })
        .waitFor();
      await page.getByRole('button', { name: 'Убрать фильтр «Общая площадь: от 40 до 120 м²»' }).waitFor();

      // a listing of the results: the test's own, the newest a visitor sees
      const card = page.getByTestId('publication-card').filter({ hasText: OPENED.title });
      const title = (await card.getByTestId('card-title').textContent())!;
      expect(title).toBe(OPENED.title);
      await card.getByTestId('card-title').click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const first = new URL(page.url()).pathname;

      // its gallery, full-screen: the next photo, then closed with Esc
      const gallery = page.getByTestId('gallery');
      const counter = await gallery.getByTestId('gallery-counter').textContent();
      const photos = Number(/\/\s*(\d+)/.exec(counter ?? '')?.[1] ?? 1);
      expect(photos).toBe(OPENED.photos);
      await gallery.getByRole('button', { name: `Открыть фото 1 из ${photos} на весь экран` }).click();
      const full = page.getByRole('dialog', { name: `Фотографии: ${title}` });
      await full.waitFor();
      await page.keyboard.press('ArrowRight');
      await full
        .getByTestId('fullscreen-counter')
        .filter({ hasText: `2 / ${photos}` })
        .waitFor();
      await snap('gallery');
      await page.keyboard.press('Escape');
      await full.waitFor({ state: 'hidden' });

      // a similar listing (the test's own: the same rooms and price), hearted by the guest
      const similar = page.getByTestId('similar-listings');
      const next = similar.getByTestId('slide-title').filter({ hasText: SIMILAR.title }).first();
      await next.waitFor();
      const similarTitle = (await next.textContent())!;
      await next.click();
      await page.waitForURL((u) => u.pathname !== first);
      await page.getByRole('heading', { level: 1, name: similarTitle }).waitFor();
      const listingId = new URL(page.url()).pathname.split('/').pop()!;
      expect(listingId).toBe(SIMILAR.id);
      await page.getByRole('main').getByRole('button', { name: 'В избранное' }).first().click();
      await page.getByRole('main').getByRole('button', { name: 'Убрать из избранного' }).first().waitFor();
      await page.getByText('Добавлено в избранное на этом устройстве', { exact: false }).first().waitFor();
      await snap('favourite');

      // signing in keeps the guest's favourite: it is the account's now
      app.clock.advance(31_000); // past the resend pause of the sign-up's code
      await page.getByRole('alert').getByRole('button', { name: 'Войти' }).click();
      await page.getByLabel('Телефон').fill(phone.slice(1));
      await page.getByRole('button', { name: 'Получить код по СМС' }).click();
      await page
        .getByText('Новый код можно получить через', { exact: false })
        .waitFor()
        .catch(async (error: unknown) => {
          await snap('sign-in-failed');
          throw error;
        });
      await typeCode(page, await outboxCode(url, phone));
      await page.getByRole('banner').getByRole('link', { name: 'Личный кабинет' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Избранное: 1' }).waitFor();
      await snap('signed-in');
      expect((await accountFavourites(phone)).map((f) => f.id)).toEqual([listingId]);
      expect(await page.evaluate(() => localStorage.getItem('guestFavourites'))).toBeNull();
      expect(errors).toEqual([]);
    });
  });
});
