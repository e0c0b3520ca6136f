import { ROLES, type PublicationDetails } from '@estate/events';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { acceptBooking } from '../../services/src/bookings/acceptBooking';
import { todayOf } from '../../services/src/bookings/dates';
import { requestBooking } from '../../services/src/bookings/requestBooking';
import type { Actor } from '../../services/src/core/access';
import type { AppContext } from '../../services/src/core/context';
import { handleCommand } from '../../services/src/core/decider';
import { publicationDecider, publicationStream } from '../../services/src/publications';
import { createAgency, createPublication } from '../../services/test/publications';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';

/**
 * The listing page (issue 18 item 5) at a phone's and a desktop's width: the gallery opens on the
 * whole screen and moves by its arrow and the keyboard, counting «N / 4», and closes with Esc; the
 * similar listings come in their slider; «Поделиться» copies the link and says so for a second;
 * the views' chart opens; a phone has the sticky bar (the reveal shared with the card's button);
 * a daily-rent listing opened with the search's dates shows the nights' price and the deposit; and
 * the listing seen before is in «Вы смотрели».
 */
describeInBrowser('the listing page', () => {
  const suite = browserSuite();
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  type Listing = {
    id: string;
    title: string;
    price: number;
    deposit: number | null;
    totalArea: number | null;
    adsType: number | null;
    images: unknown[];
  };
  /**
   * The test's own listings: two sales with four photos and a long description (each the other's
   * neighbour in price), a promoted daily-rent one, a night with a deposit, and a daily-rent one
   * with three nights reserved.
   */
  const IDS = {
    sale: ['listing-page-375', 'listing-page-1440'],
    promoted: 'listing-page-promoted',
    daily: 'listing-page-daily',
    reserved: 'listing-page-reserved',
  };
  const sale: Listing[] = [];
  let daily: Listing;
  let promoted: Listing & { route: string };
  /** the reserved nights of IDS.reserved, from ten days on */
  let reserved: { id: string; startDate: string; endDate: string };
  /** ten lines of text: clipped to five at any width */
  const DESCRIPTION = Array.from(
    { length: 10 },
    (_, n) => `Строка описания ${n + 1}: светлая квартира, окна во двор, рядом парк и метро.`,
  ).join('\n');

  const DAY = 86_400_000;
  const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
  const isoDay = (offset: number) => moscowDay.format(new Date(Date.now() + offset * DAY));
  const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

  /** where a slider's cards lead */
  const hrefs = (slider: Locator) =>
    slider.getByTestId('slide-title').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

  /** waits until the element says exactly this */
  const says = (locator: Locator, text: string) =>
    locator.and(locator.page().getByText(text, { exact: true })).waitFor();

  /** A listing as a visitor reads it from the API. */
  const read = async (id: string): Promise<Listing> =>
    ((await (await fetch(`${suite.server.url}/api/publications/${id}`)).json()) as { data: Listing }).data;

  /** The listing's photos and description, set by its author (createPublication makes none). */
  async function withPhotos(ctx: AppContext, author: Actor, id: string, photos: number) {
    const [created] = await ctx.eventStore.readStream(publicationStream(id));
    const { details } = created.data as { details: PublicationDetails };
    const images = [0, 1, 2, 3].map((k) => ({ path: `/storage/demo/${photos + k}.svg` }));
    await handleCommand(
      ctx.eventStore,
      publicationStream(id),
      publicationDecider,
      { type: 'EditPublication', actor: author, details: { ...details, images, description: DESCRIPTION } },
      { actor: author.userId },
    );
  }

  beforeAll(async () => {
    const { ctx } = suite.server.app;
    const { agent, owner } = await createAgency(ctx, 'listing-page', '6');
    for (const [n, id] of IDS.sale.entries()) {
      await createPublication(ctx, agent, {
        id,
        price: 12_000_000 + n * 600_000,
        rooms: 2,
        area: 60 + n * 2,
        publishedDaysAgo: 5,
      });
      await withPhotos(ctx, agent, id, 11 + n * 10);
    }
    const night = { deal: 'dailyRent' as const, guests: 4, publishedDaysAgo: 5 };
    await createPublication(ctx, agent, { ...night, id: IDS.promoted, price: 5_200, promoted: 2 });
    await createPublication(ctx, agent, {
      ...night,
      id: IDS.daily,
      price: 3_500,
      params: { deposit: 7_000 },
    });
    await createPublication(ctx, agent, { ...night, id: IDS.reserved, price: 4_100 });
    // the demo user asks for three nights ten days on, and the agency accepts
    const day = (offset: number) => todayOf(new Date(ctx.clock().getTime() + offset * DAY));
    reserved = { id: IDS.reserved, startDate: day(10), endDate: day(13) };
    const { requestId } = await requestBooking(ctx, 'demo-user', IDS.reserved, {
      name: 'Ирина Васильева',
      phone: '79990000100',
      email: 'user@demo.estate',
      startDate: reserved.startDate,
      endDate: reserved.endDate,
      adultCount: 2,
      childCount: 0,
    });
    await acceptBooking(ctx, { ...owner, role: ROLES.AGENCY_OWNER }, IDS.reserved, requestId);
    await ctx.reactors.whenCaughtUp();
    await ctx.projections.whenCaughtUp();
    sale.push(...(await Promise.all(IDS.sale.map(read))));
    daily = await read(IDS.daily);
    promoted = { ...(await read(IDS.promoted)), route: 'daily-rent' };
  });

  /** A page in a context of its own, with the listeners every test of the page wants. */
  async function openPage(width: number): Promise<{ page: Page; problems: string[] }> {
    context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    // the server's booking form is hydrated, never thrown away and drawn again (its code comes before hydrating)
    await context.addInitScript(() => {
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (
              node instanceof Element &&
              node.matches('form[aria-label="Бронирование"], :has(form[aria-label="Бронирование"])')
            )
              (window as unknown as { formRemoved: boolean }).formRemoved = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // no hydration warning or error on the way (the map's tiles, from a host this machine cannot reach, aside)
    const problems: string[] = [];
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource'))
        problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    return { page, problems };
  }

  describe.each([375, 1440])('the listing page at %i px', (width) => {
    it('gallery, similar listings, share, views; a promoted listing; a daily stay’s price; «Вы смотрели»', async () => {
      const { url } = suite.server;
      const { page, problems } = await openPage(width);
      const listing = sale[width === 375 ? 0 : 1];
      // the listing's own photos: a search's answer carries only the first few a card shows
      const count = listing.images.length;
      expect(count).toBe(4);
      await visit(page, `${url}/prodazha/${listing.id}`);
      await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();

      // no 'Лучшие' for a listing not promoted; the price of a square metre; the description's clip
      expect(listing.adsType).toBeNull();
      expect(await page.getByTestId('listing-tags').getByText('Лучшие').count()).toBe(0);
      expect(digits(await page.getByTestId('price-per-metre').textContent())).toBe(
        Math.round(listing.price / listing.totalArea!),
      );
      const more = page.getByRole('button', { name: 'Показать полностью' });
      // the description hydrates (and measures its clip) as a visitor scrolls near it
      await page.getByTestId('description').scrollIntoViewIfNeeded();
      const clipped = (await page.getByTestId('description').boundingBox())!.height;
      await more.click();
      expect((await page.getByTestId('description').boundingBox())!.height).toBeGreaterThan(clipped);
      await page.getByRole('button', { name: 'Свернуть' }).click();
      expect((await page.getByTestId('description').boundingBox())!.height).toBe(clipped);

      // the gallery: the main photo counts, opens on the whole screen, moves, closes with Esc
      const gallery = page.getByTestId('gallery');
      await says(gallery.getByTestId('gallery-counter'), `1 / ${count}`);
      await gallery.getByRole('button', { name: 'Следующее фото' }).click();
      await says(gallery.getByTestId('gallery-counter'), `2 / ${count}`);
      await gallery.getByRole('button', { name: `Открыть фото 2 из ${count} на весь экран` }).click();
      const full = page.getByRole('dialog', { name: `Фотографии: ${listing.title}` });
      await full.waitFor();
      const fullCounter = full.getByTestId('fullscreen-counter');
      await says(fullCounter, `2 / ${count}`);
      if (width === 375) {
        // a phone's dialog has no arrows: a swipe to the left moves on
        const box = (await full.locator('img').first().boundingBox())!;
        const y = box.y + box.height / 2;
        await page.mouse.move(box.x + box.width * 0.8, y);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
        await page.mouse.up();
      } else {
        await full.getByRole('button', { name: 'Следующее фото' }).click();
      }
      await says(fullCounter, `3 / ${count}`);
      await page.keyboard.press('ArrowRight');
      await says(fullCounter, `${(3 % count) + 1} / ${count}`);
      await page.keyboard.press('ArrowLeft');
      await says(fullCounter, `3 / ${count}`);
      await shot(page, `listing-fullscreen-${width}`);
      await page.keyboard.press('Escape');
      await full.waitFor({ state: 'detached' });
      // the main photo stays on the last one seen
      await says(gallery.getByTestId('gallery-counter'), `3 / ${count}`);

      // similar listings: at most 6 in the slider, none of them this one
      const similar = page.getByTestId('similar-listings');
      // asked for once the slider nears the screen
      await similar.scrollIntoViewIfNeeded();
      await similar.getByTestId('slide-card').first().waitFor();
      const similarLinks = await hrefs(similar);
      expect(similarLinks.length).toBeGreaterThan(0);
      expect(similarLinks.length).toBeLessThanOrEqual(6);
      expect(similarLinks).not.toContain(`/prodazha/${listing.id}`);
      expect(await similar.getByRole('button', { name: 'Похожие объявления: вперёд' }).isVisible()).toBe(
        width >= 900,
      );

      // the share menu copies the listing's link, says so for a second, and offers VK, OK and Telegram
      await page.getByRole('button', { name: 'Поделиться' }).click();
      const menu = page.getByRole('menu', { name: 'Поделиться' });
      await menu.getByRole('menuitem', { name: 'Скопировать ссылку' }).click();
      await menu.getByText('Ссылка скопирована').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${url}/prodazha/${listing.id}`);
      expect(await menu.getByRole('menuitem', { name: 'ВКонтакте' }).getAttribute('href')).toMatch(
        /^https:\/\/vk\.com\/share\.php\?url=/,
      );
      expect(await menu.getByRole('menuitem', { name: 'Одноклассники' }).getAttribute('href')).toMatch(
        /^https:\/\/connect\.ok\.ru\/offer\?url=/,
      );
      expect(await menu.getByRole('menuitem', { name: 'Telegram' }).getAttribute('href')).toMatch(
        /^https:\/\/t\.me\/share\/url\?url=/,
      );
      await shot(page, `listing-share-${width}`);
      await menu.getByText('Скопировать ссылку').waitFor({ timeout: 2_000 });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      // the views of the last 10 days: a bar a day
      await page.getByRole('button', { name: 'Просмотры' }).click();
      const views = page.getByRole('dialog', { name: 'Статистика просмотров за последние 10 дней' });
      await views.getByTestId('views-ten-days').waitFor();
      expect((await views.getByTestId('views-chart').getAttribute('aria-label'))!.split(', ')).toHaveLength(
        10,
      );
      // the server's own numbers
      const diagram = (
        (await (
          await fetch(`${url}/api/public-views-diagram-per-ten-days?publicationId=${listing.id}`)
        ).json()) as { data: { viewsPerTenDays: number; viewsDiagram: { views: number }[] } }
      ).data;
      expect(await views.getByTestId('views-ten-days').textContent()).toMatch(/^За 10 дней:\s\d+\sпросмотр/);
      expect(digits(await views.getByTestId('views-ten-days').textContent())).toBe(
        Number(`10${diagram.viewsPerTenDays}`),
      );
      expect(
        (await views.getByTestId('views-chart').getAttribute('aria-label'))!
          .split(', ')
          .map((day) => Number(day.split(': ')[1])),
      ).toEqual(diagram.viewsDiagram.map((d) => d.views));
      await shot(page, `listing-views-${width}`);
      await views.getByRole('button', { name: 'Закрыть' }).click();
      await views.waitFor({ state: 'detached' });

      // the phone's sticky bar (its own test below); none on a desktop
      expect(await page.getByTestId('sticky-bar').isVisible()).toBe(width < 900);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `listing-sale-top-${width}`);
      await shot(page, `listing-sale-${width}`, { fullPage: true });

      // a promoted listing holds a top place: 'Лучшие'
      expect(promoted.adsType).not.toBeNull();
      await visit(page, `${url}/${promoted.route}/${promoted.id}`);
      await page.getByTestId('listing-tags').getByText('Лучшие').waitFor();
      // remembered as viewed once shown in the browser
      await page.waitForFunction(
        (id) => (localStorage.getItem('recentlyViewedListings') ?? '').includes(id),
        promoted.id,
      );

      // daily rent with the search's dates and guests: the calendar, nights × price, the deposit
      const nights = width === 375 ? 3 : 2;
      const [checkIn, checkOut] = [isoDay(20), isoDay(20 + nights)];
      await visit(page, `${url}/daily-rent/${daily.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
      const form = page.getByRole('form', { name: 'Бронирование' });
      // on a phone the form is below the first screen: its calendar is asked for as it nears
      await form.getByTestId('availability-calendar').scrollIntoViewIfNeeded();
      await form.getByTestId('availability-calendar').getByRole('gridcell').first().waitFor();
      const breakdown = form.getByTestId('price-breakdown');
      expect(
        await page.evaluate(() => (window as unknown as { formRemoved?: boolean }).formRemoved),
      ).toBeUndefined();
      const stayLine = await breakdown.locator('p').nth(0).textContent();
      expect(stayLine).toMatch(new RegExp(`× ${nights} ноч(и|ей) =`));
      expect(digits(stayLine!.split('=')[1])).toBe(daily.price * nights);
      expect(daily.deposit).toBe(7_000);
      expect(digits(await breakdown.getByText(/^Залог/).textContent())).toBe(daily.deposit);
      expect(digits(await breakdown.getByText(/^Итого с залогом/).textContent())).toBe(
        daily.price * nights + daily.deposit!,
      );
      expect(await form.getByRole('combobox', { name: 'Гости' }).textContent()).toBe('2 гостя');

      // the listing seen before is in «Вы смотрели»; this one is not
      const viewed = page.getByTestId('recently-viewed');
      await viewed.getByTestId('slide-card').first().waitFor();
      const viewedLinks = await hrefs(viewed);
      // newest first: the promoted one, then the first listing (a daily-rent card carries the stay of the page it is on)
      const stay = `?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;
      expect(viewedLinks).toEqual([`/${promoted.route}/${promoted.id}${stay}`, `/prodazha/${listing.id}`]);
      expect(viewedLinks.some((href) => href.includes(daily.id))).toBe(false);
      await viewed.scrollIntoViewIfNeeded();
      await shot(page, `listing-viewed-${width}`);
      await form.getByTestId('availability-calendar').scrollIntoViewIfNeeded();
      await shot(page, `listing-booking-${width}`);
      await shot(page, `listing-daily-${width}`, { fullPage: true });
      expect(problems).toEqual([]);
    });
  });

  it('at 375 px: the sticky bar stands above the bottom menu, shares the card’s reveal, leaves the page’s end clear and takes a stay to the booking form', async () => {
    const { url } = suite.server;
    const { page, problems } = await openPage(375);
    await visit(page, `${url}/prodazha/${sale[0].id}`);
    await page.getByRole('heading', { level: 1, name: sale[0].title }).waitFor();
    // at the screen's bottom, above the site's bottom menu while it is shown
    const bar = page.getByTestId('sticky-bar');
    expect(await bar.isVisible()).toBe(true);
    const box = (await bar.boundingBox())!;
    const bottomMenu = (await page.getByTestId('bottom-menu').boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(Math.round(bottomMenu.y));
    await bar.getByRole('button', { name: 'Показать телефон' }).click();
    const call = bar.getByRole('link', { name: /^Позвонить/ });
    expect(await call.getAttribute('href')).toMatch(/^tel:\+7\d{10}$/);
    // the same reveal: the card's button shows the number too (its part hydrates as it nears the screen)
    await page.getByTestId('price-per-metre').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('phone').getAttribute('href')).toBe(await call.getAttribute('href'));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // scrolled down: the menu slides away, the bar goes down to the screen's bottom
    await page.waitForFunction(
      () =>
        Math.round(document.querySelector('[data-testid="sticky-bar"]')!.getBoundingClientRect().bottom) ===
        900,
    );
    const footer = (await page.locator('footer').boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);

    // a daily stay: «Забронировать» brings the booking form to the top of the screen
    const [checkIn, checkOut] = [isoDay(20), isoDay(23)];
    await visit(page, `${url}/daily-rent/${daily.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    await bar.getByRole('button', { name: 'Забронировать' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('booking')!.getBoundingClientRect().top;
      return top >= 0 && top < 200;
    });
    expect(await page.getByRole('form', { name: 'Бронирование' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('at 1440 px: reserved nights are struck out in the calendar, and a stay over them is refused', async () => {
    const { url } = suite.server;
    const { page, problems } = await openPage(1440);
    const { id, startDate, endDate } = reserved;
    // the calendar's answer holds the accepted stay
    const entries = (
      (await (await fetch(`${url}/api/booking/daily-rent/${id}/calendar`)).json()) as {
        data: { startDate: string; endDate: string }[];
      }
    ).data.filter((e) => e.startDate > isoDay(1));
    expect(entries.map((e) => [e.startDate, e.endDate])).toEqual([[startDate, endDate]]);
    await visit(page, `${url}/daily-rent/${id}?checkIn=${startDate}&checkOut=${endDate}`);
    const calendar = page.getByTestId('availability-calendar');
    const dayNumber = String(Number(startDate.slice(8)));
    await calendar.getByRole('gridcell', { name: new RegExp(`^${dayNumber} .*, занято`) }).waitFor();
    const refused = page.getByText(
      'Данный диапазон дат недоступен для бронирования. Попробуйте выбрать другие.',
    );
    await refused.waitFor();
    expect(await refused.isVisible()).toBe(true);
    await calendar.scrollIntoViewIfNeeded();
    await shot(page, 'listing-calendar-reserved-1440');
    expect(problems).toEqual([]);
  });
});
