import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, whenPageHydrated } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The listing page (issue 18 item 5) at a phone's and a desktop's width: the gallery opens on the
 * whole screen and moves by its arrow and the keyboard, counting «N / 4», and closes with Esc; the
 * similar listings come in their slider; «Поделиться» copies the link and says so for a second;
 * the views' chart opens; a phone has the sticky bar (the reveal shared with the card's button);
 * a daily-rent listing opened with the search's dates shows the nights' price and the deposit; and
 * the listing seen before is in «Вы смотрели».
 */
let server: TestServer;
let browser: Browser | null;
let context: BrowserContext;
let page: Page;
type Listing = {
  id: string;
  title: string;
  price: number;
  deposit: number | null;
  totalArea: number | null;
  adsType: number | null;
  images: unknown[];
};
const sale: Listing[] = [];
let daily: Listing;
let promoted: (Listing & { route: string }) | undefined;
/** a daily listing with nights reserved (the demo's accepted booking) */
let reserved: { id: string; startDate: string; endDate: string } | undefined;
const SHOTS = process.env.SCREENSHOT_DIR ?? '.cache/screenshots';
jest.setTimeout(300_000);

const ROUTES: Record<string, string> = { sale: 'prodazha', rent: 'rent', dailyRent: 'daily-rent' };
const DAY = 86_400_000;
const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
const isoDay = (offset: number) => moscowDay.format(new Date(Date.now() + offset * DAY));
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** where a slider's cards lead */
const hrefs = (slider: Locator) =>
  slider.getByTestId('slide-title').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

/** React has attached to the server's HTML: a click now runs the page's code */
const hydrated = whenPageHydrated;
/** waits until the element says exactly this */
const says = (locator: Locator, text: string) =>
  locator.and(locator.page().getByText(text, { exact: true })).waitFor();

async function search(dealCategory: string, limit = 20): Promise<Listing[]> {
  const res = await fetch(`${server.url}/api/publications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dealCategory, limit }),
  });
  return ((await res.json()) as { data: Listing[] }).data;
}

beforeAll(async () => {
  browser = await launchBrowser('listing page');
  if (!browser) return;
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  // listings with photos to move through and neighbours to show
  const withSimilar = async (p: Listing) =>
    (
      (await (await fetch(`${server.url}/api/publications/${p.id}/similar/sale`)).json()) as {
        data: unknown[];
      }
    ).data.length > 0;
  for (const p of await search('sale'))
    if (p.images.length > 1 && p.adsType === null && (await withSimilar(p))) sale.push(p);
  for (const deal of ['sale', 'rent', 'dailyRent'])
    promoted ??= (await search(deal, 100))
      .map((p) => ({ ...p, route: ROUTES[deal] }))
      .find((p) => p.adsType !== null);
  // a night with a deposit: the breakdown has its every line
  daily = (await search('dailyRent')).find((p) => (p.deposit ?? 0) > 0 && p.id !== promoted?.id)!;
  for (const p of await search('dailyRent', 100)) {
    const entries = (
      (await (await fetch(`${server.url}/api/booking/daily-rent/${p.id}/calendar`)).json()) as {
        data: { startDate: string; endDate: string }[];
      }
    ).data.filter((e) => e.startDate > isoDay(1));
    if (entries.length) {
      reserved = { id: p.id, startDate: entries[0].startDate, endDate: entries[0].endDate };
      break;
    }
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
});

describe.each([375, 1440])('the listing page at %i px', (width) => {
  it('gallery, similar listings, share, views, the sticky bar; a daily stay’s price; «Вы смотрели»', async () => {
    if (!browser) return console.warn('SKIPPED: listing page browser test (no Chromium)');
    context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
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
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // no hydration warning or error on the way (the map's tiles, from a host this machine cannot reach, aside)
    const problems: string[] = [];
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource'))
        problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const listing = sale[width === 375 ? 0 : 1];
    // the listing's own photos: a search's answer carries only the first few a card shows
    const own = (await (await fetch(`${server.url}/api/publications/${listing.id}`)).json()) as {
      data: Listing;
    };
    const count = own.data.images.length;
    await page.goto(`${server.url}/prodazha/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    await hydrated(page);

    // no 'Лучшие' for a listing not promoted; the price of a square metre; the description's clip
    expect(listing.adsType).toBeNull();
    expect(await page.getByTestId('listing-tags').getByText('Лучшие').count()).toBe(0);
    expect(digits(await page.getByTestId('price-per-metre').textContent())).toBe(
      Math.round(listing.price / listing.totalArea!),
    );
    const more = page.getByRole('button', { name: 'Показать полностью' });
    // the description hydrates (and measures its clip) as a visitor scrolls near it
    await page.getByTestId('description').scrollIntoViewIfNeeded();
    if (width === 375) {
      const clipped = (await page.getByTestId('description').boundingBox())!.height;
      await more.click();
      expect((await page.getByTestId('description').boundingBox())!.height).toBeGreaterThan(clipped);
      await page.getByRole('button', { name: 'Свернуть' }).click();
      expect((await page.getByTestId('description').boundingBox())!.height).toBe(clipped);
    }

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
    await page.screenshot({ path: `${SHOTS}/listing-fullscreen-${width}.png` });
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
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.url}/prodazha/${listing.id}`,
    );
    expect(await menu.getByRole('menuitem', { name: 'ВКонтакте' }).getAttribute('href')).toMatch(
      /^https:\/\/vk\.com\/share\.php\?url=/,
    );
    expect(await menu.getByRole('menuitem', { name: 'Одноклассники' }).getAttribute('href')).toMatch(
      /^https:\/\/connect\.ok\.ru\/offer\?url=/,
    );
    expect(await menu.getByRole('menuitem', { name: 'Telegram' }).getAttribute('href')).toMatch(
      /^https:\/\/t\.me\/share\/url\?url=/,
    );
    await page.screenshot({ path: `${SHOTS}/listing-share-${width}.png` });
    await menu.getByText('Скопировать ссылку').waitFor({ timeout: 2_000 });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // the views of the last 10 days: a bar a day
    await page.getByRole('button', { name: 'Просмотры' }).click();
    const views = page.getByRole('dialog', { name: 'Статистика просмотров за последние 10 дней' });
    await views.getByTestId('views-ten-days').waitFor();
    expect((await views.getByTestId('views-chart').getAttribute('aria-label'))!.split(', ')).toHaveLength(10);
    // the server's own numbers
    const diagram = (
      (await (
        await fetch(`${server.url}/api/public-views-diagram-per-ten-days?publicationId=${listing.id}`)
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
    await page.screenshot({ path: `${SHOTS}/listing-views-${width}.png` });
    await views.getByRole('button', { name: 'Закрыть' }).click();
    await views.waitFor({ state: 'detached' });

    // the phone's sticky bar: at the screen's bottom, the page's end not under it; none on a desktop
    const bar = page.getByTestId('sticky-bar');
    expect(await bar.isVisible()).toBe(width < 900);
    if (width < 900) {
      // above the site's bottom menu while it is shown
      const box = (await bar.boundingBox())!;
      const bottomMenu = (await page.getByTestId('bottom-menu').boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(Math.round(bottomMenu.y));
      await bar.getByRole('button', { name: 'Показать телефон' }).click();
      const call = bar.getByRole('link', { name: /^Позвонить/ });
      expect(await call.getAttribute('href')).toMatch(/^tel:\+7\d{10}$/);
      // the same reveal: the card's button shows the number too
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
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/listing-sale-top-${width}.png` });
    await page.screenshot({ path: `${SHOTS}/listing-sale-${width}.png`, fullPage: true });

    // a promoted listing holds a top place: 'Лучшие'
    expect(promoted).toBeDefined();
    await page.goto(`${server.url}/${promoted!.route}/${promoted!.id}`);
    await page.getByTestId('listing-tags').getByText('Лучшие').waitFor();
    await hydrated(page);
    // remembered as viewed once shown in the browser
    await page.waitForFunction(
      (id) => (localStorage.getItem('recentlyViewedListings') ?? '').includes(id),
      promoted!.id,
    );

    // daily rent with the search's dates and guests: the calendar, nights × price, the deposit
    const nights = width === 375 ? 3 : 2;
    const [checkIn, checkOut] = [isoDay(20), isoDay(20 + nights)];
    await page.goto(`${server.url}/daily-rent/${daily.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    await hydrated(page);
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
    expect(digits(await breakdown.getByText(/^Залог/).textContent())).toBe(daily.deposit);
    expect(digits(await breakdown.getByText(/^Итого с залогом/).textContent())).toBe(
      daily.price * nights + daily.deposit!,
    );
    expect(await form.getByRole('combobox', { name: 'Гости' }).textContent()).toBe('2 гостя');
    if (width < 900) {
      await bar.getByRole('button', { name: 'Забронировать' }).click();
      await page.waitForFunction(() => {
        const top = document.getElementById('booking')!.getBoundingClientRect().top;
        return top >= 0 && top < 200;
      });
    }
    if (width === 1440) {
      // reserved nights are struck out in the calendar, and a stay over them is refused
      expect(reserved).toBeDefined();
      const { id, startDate, endDate } = reserved!;
      await page.goto(`${server.url}/daily-rent/${id}?checkIn=${startDate}&checkOut=${endDate}`);
      const calendar = page.getByTestId('availability-calendar');
      const dayNumber = String(Number(startDate.slice(8)));
      await calendar.getByRole('gridcell', { name: new RegExp(`^${dayNumber} .*, занято`) }).waitFor();
      await page
        .getByText('Данный диапазон дат недоступен для бронирования. Попробуйте выбрать другие.')
        .waitFor();
      await calendar.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/listing-calendar-reserved-${width}.png` });
      await page.goto(
        `${server.url}/daily-rent/${daily.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
      );
      await page.getByTestId('recently-viewed').waitFor();
    }

    // the listing seen before is in «Вы смотрели»; this one is not
    const viewed = page.getByTestId('recently-viewed');
    await viewed.getByTestId('slide-card').first().waitFor();
    const viewedLinks = await hrefs(viewed);
    // newest first: (at 1440 px the reserved one,) the promoted one, then the first listing
    // (a daily-rent card carries the stay of the page it is on)
    const stay = `?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;
    expect(viewedLinks).toEqual([
      ...(width === 1440 ? [`/daily-rent/${reserved!.id}${stay}`] : []),
      `/${promoted!.route}/${promoted!.id}${promoted!.route === 'daily-rent' ? stay : ''}`,
      `/prodazha/${listing.id}`,
    ]);
    expect(viewedLinks.some((href) => href.includes(daily.id))).toBe(false);
    await viewed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/listing-viewed-${width}.png` });
    await form.getByTestId('availability-calendar').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/listing-booking-${width}.png` });
    await page.screenshot({ path: `${SHOTS}/listing-daily-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
});
