import { ROLES } from '@estate/events';
import { until } from '@estate/events/testing';
import { dayOf, INTERACTIONS_TOPIC, type Interaction } from '@estate/projections';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, reload, shot, visit } from '../support/browser';
import { apiSignIn } from '../support/smsCode';
import { todayOf } from '../../services/src/bookings';
import { createAgency, createPublication } from '../../services/test/publications';

/**
 * Cabinet screens of issue 12 (items 18, 19, 21, 23), at a phone's and a desktop's width: «Моё
 * агентство» saves, the dashboard's bars match the API, seeded staff can be managed, and each screen
 * shows the new state after its action without a reload.
 */
const OWNER = '79990000001';
jest.setTimeout(300_000);

/** The drawn chart: each bar's series, group and height, and the y position of each tick by its label. */
const readChart = (p: Page) =>
  p.getByTestId('statistics-chart').evaluate((root) => {
    const bars = [...root.querySelectorAll('rect[data-series]')].map((r) => {
      const box = r.getBoundingClientRect();
      return {
        series: r.getAttribute('data-series')!,
        index: Number(r.getAttribute('data-index')),
        height: box.height,
        top: box.top,
        bottom: box.bottom,
        left: box.left,
      };
    });
    const ticks = [...root.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickContainer')].map(
      (g) => ({
        label: g.textContent ?? '',
        y: g.querySelector('line')!.getBoundingClientRect().top,
      }),
    );
    return { bars, ticks };
  });

const CONTENT_SERIES: Record<number, string[]> = {
  1: ['viewCount', 'clicksCount'],
  2: ['count'],
  3: ['viewPhoneCount', 'chatsCount'],
};
const TAB_NAMES: Record<number, RegExp> = {
  1: /^(Показы объявлений|Просмотры):/,
  2: /^(Добавили в избранное|Избранное):/,
  3: /^Отклики:/,
};
const PERIOD_NAMES: Record<number, string> = { 1: 'Неделя', 2: 'Месяц', 3: 'Год' };
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

describeInBrowser('cabinet screens', () => {
  // the app itself too (suite.server.app): the dashboard's figures are fed through its bus, as the site's interactions are
  const suite = browserSuite();
  /** the demo agency's owner, who makes the listings a test needs of its own */
  const DEMO_OWNER = { userId: 'demo-owner-1', role: ROLES.AGENCY_OWNER, agencyId: 'demo-agency-1' };
  let page: Page;
  /** the contexts a test opened, closed after it */
  let contexts: BrowserContext[] = [];
  /** one session per phone, signed in through the API's SMS flow once */
  const tokens = new Map<string, string>();
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  const tokenOf = async (phone: string) => {
    if (!tokens.has(phone)) {
      suite.server.clock.advance(31_000); // past the resend pause of the previous sign-in with this phone
      tokens.set(phone, await apiSignIn(suite.server.url, phone));
    }
    return tokens.get(phone)!;
  };

  /**
   * A cabinet page of a context of its own at the width, signed in by the session cookie the API's
   * SMS sign-in set (these tests are about the screens, not the sign-in), opened at `hash`.
   */
  async function signIn(phone: string, width: number, hash = '#/') {
    const context = await suite.browser.newContext({ viewport: { width, height: 1000 } });
    contexts.push(context);
    await context.addCookies([
      {
        name: 'auth-token',
        value: await tokenOf(phone),
        url: suite.server.url,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    page = await context.newPage();
    // the machine may be loaded by other suites: waits are generous, never a measure of speed
    page.setDefaultTimeout(60_000);
    await visit(page, `${suite.server.url}/cabinet/${hash}`);
    return page;
  }

  /**
   * Puts away the notices the cabinet shows one at a time, 4 s each (react-admin's queue), with Escape
   * as a person does: a notice checked next would otherwise come seconds later, behind them.
   */
  const dismissNotices = (p: Page) =>
    until(async () => {
      await p.keyboard.press('Escape');
      return (await p.locator('.MuiSnackbar-root').count()) === 0;
    });
  /** Puts away the notice that the payment page opened (Escape): the top-up's own notice comes next. */
  const dismissPaymentOpened = async (p: Page) => {
    const notice = p.locator('.MuiSnackbar-root', { hasText: 'Страница оплаты открыта в новой вкладке' });
    await notice.waitFor();
    await p.keyboard.press('Escape');
    await notice.waitFor({ state: 'detached' });
  };

  /** an API call's answer; the caller names the shape of the data it reads */
  const api = async <T = unknown>(token: string, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${suite.server.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as { data: T; errors?: Record<string, string[]> } };
  };
  const ownerToken = () => tokenOf(OWNER);
  /** The page never scrolls sideways at this width. */
  const fitsWidth = async (width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  describe.each([375, 1440])('cabinet screens at %i px', (width) => {
    it('manages a seeded agent: switches them off and on and sets a monthly limit', async () => {
      await signIn(OWNER, width, `#/employees`);
      const row = page.getByTestId('employee').filter({ hasText: 'Игорь Кузнецов' });
      await row.waitFor();
      await row.getByRole('switch').click();
      await row.getByText('Отключён').waitFor();
      await row.getByRole('switch').click();
      await row.getByText('Активен').waitFor();
      const limit = 5000 + width;
      // the switch's notices are put away: «Лимит сохранён» would come behind them
      await dismissNotices(page);
      await row.getByLabel('Лимит, ₽ в месяц').fill(String(limit));
      await row.getByLabel('Лимит, ₽ в месяц').press('Enter');
      await page.getByText('Лимит сохранён').waitFor();
      await shot(page, `cabinet-staff-${width}`, { fullPage: true });
      await fitsWidth(width);
      expect(await page.getByText('Сотрудник не найден').count()).toBe(0);
      // what the page shows is what the agency holds
      const token = await ownerToken();
      const employees = (await api(token, '/api/agency/demo-agency-1/employee')).body.data as {
        phone: string;
        isActive: boolean;
        limit: number | null;
      }[];
      expect(employees.find((e) => e.phone === '79990000011')).toMatchObject({ isActive: true, limit });
      await reload(page);
      await row.waitFor();
      expect(await row.getByLabel('Лимит, ₽ в месяц').inputValue()).toBe(String(limit));
    });

    it('«Моё агентство» saves the edited fields, shows a field error under its field, and keeps the change after a reload', async () => {
      await signIn(OWNER, width, `#/my-agency`);
      const description = page.getByLabel('Описание');
      await description.waitFor();
      const text = `Работаем с 2006 года, ширина ${width}`;
      await description.fill(text);
      await page.getByLabel('Сайт').fill(`https://etazhi-${width}.example.ru`);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Изменения сохранены').waitFor();

      // the server's field errors stand under their fields, joined with '. '
      await page.getByLabel('ИНН').fill('12345');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('ИНН — 10 или 12 цифр').waitFor();
      expect(await page.getByLabel('ИНН').getAttribute('aria-invalid')).toBe('true');
      await shot(page, `cabinet-my-agency-${width}`, { fullPage: true });
      await fitsWidth(width);

      await reload(page);
      await page.getByLabel('Описание').waitFor();
      expect(await page.getByLabel('Описание').inputValue()).toBe(text);
      expect(await page.getByLabel('Сайт').inputValue()).toBe(`https://etazhi-${width}.example.ru`);
      // the refused INN was not stored
      expect(await page.getByLabel('ИНН').inputValue()).not.toBe('12345');
    });
  });

  /**
   * Interactions of the owner's listings on the last days, fed through the bus as the site's calls
   * feed them: different counts per day (and a day without any), so bars differ and some are 0.
   * Answers how many views, phone views and chats of them fall in this year.
   */
  async function feedInteractions(publicationIds: string[]) {
    const now = suite.server.app.ctx.clock().getTime();
    const plan: { daysAgo: number; kind: Interaction['kind']; count: number }[] = [
      { daysAgo: 0, kind: 'view', count: 12 },
      { daysAgo: 2, kind: 'view', count: 6 },
      { daysAgo: 3, kind: 'view', count: 3 },
      { daysAgo: 20, kind: 'view', count: 9 },
      { daysAgo: 100, kind: 'view', count: 30 },
      { daysAgo: 0, kind: 'click', count: 5 },
      { daysAgo: 1, kind: 'click', count: 3 },
      { daysAgo: 12, kind: 'click', count: 2 },
      { daysAgo: 0, kind: 'favorite', count: 4 },
      { daysAgo: 2, kind: 'favorite', count: 2 },
      { daysAgo: 40, kind: 'favorite', count: 7 },
      { daysAgo: 0, kind: 'phone', count: 5 },
      { daysAgo: 1, kind: 'phone', count: 1 },
      { daysAgo: 15, kind: 'phone', count: 8 },
      { daysAgo: 0, kind: 'chat', count: 2 },
      { daysAgo: 3, kind: 'chat', count: 3 },
      { daysAgo: 70, kind: 'chat', count: 1 },
    ];
    const interactions: Interaction[] = plan.flatMap(({ daysAgo, kind, count }) => {
      const at = new Date(now - daysAgo * 86_400_000).toISOString();
      return Array.from({ length: count }, (_, n) => ({
        id: `${kind}:test-${n}:${publicationIds[n % publicationIds.length]}:${dayOf(at)}`,
        kind,
        publicationId: publicationIds[n % publicationIds.length],
        at,
      }));
    });
    await suite.server.app.ctx.bus.publish(
      INTERACTIONS_TOPIC,
      interactions.map((i) => ({ key: i.publicationId, value: i })),
    );
    // what the agency list counts of them: this year's
    const year = dayOf(new Date(now).toISOString()).slice(0, 4);
    const thisYear = (kind: Interaction['kind']) =>
      interactions.filter((i) => i.kind === kind && dayOf(i.at).startsWith(year)).length;
    return { view: thisYear('view'), phone: thisYear('phone'), chat: thisYear('chat') };
  }

  /** the dashboard's data, made once for both widths */
  let fed: Promise<void> | undefined;
  /**
   * Three active listings of the agency's own, their interactions fed (feedInteractions), and then
   * waited for until the agency list counts them all for the year, as the dashboard does.
   */
  async function feedOwnListings(token: string) {
    const ids = ['screens-stats-1', 'screens-stats-2', 'screens-stats-3'];
    for (const [n, id] of ids.entries())
      await createPublication(suite.server.app.ctx, DEMO_OWNER, {
        id,
        price: 4_000_000 + n,
        publishedDaysAgo: 120,
      });
    const expected = await feedInteractions(ids);
    await until(async () => {
      const listed = (
        await api<Record<string, number | string>[]>(
          token,
          '/api/agency/demo-agency-1/publications?status=1&limit=100',
        )
      ).body.data.filter((l) => ids.includes(l.id as string));
      const sum = (field: string) => listed.reduce((n, l) => n + (l[field] as number), 0);
      return (
        sum('viewCount') === expected.view &&
        sum('viewPhoneCount') === expected.phone &&
        sum('chatCount') === expected.chat
      );
    });
  }

  describe.each([375, 1440])('dashboard at %i px', (width) => {
    it('draws each tab’s bars in proportion to the API’s numbers on a 4-tick axis, with each tab’s total', async () => {
      const token = await ownerToken();
      fed ??= feedOwnListings(token);
      await fed;
      await signIn(OWNER, width);
      const chart = page.getByTestId('statistics-chart');
      await chart.waitFor();

      // the totals: sums of the interval (since the start of the year), «Отклики» = phone views + chats
      const totals = (await api<Record<string, number>>(token, '/api/publications-statistic')).body.data;
      expect(totals.viewCount).toBeGreaterThan(0);
      const expectedTotals = {
        1: totals.viewCount,
        2: totals.count,
        3: totals.viewPhoneCount + totals.chatsCount,
      };
      for (const content of [1, 2, 3]) {
        const tab = page.getByTestId(`statistics-tab-${content}`);
        await tab.filter({ hasText: `: ${grouped(expectedTotals[content as 1 | 2 | 3])}` }).waitFor();
        expect(await tab.textContent()).toMatch(TAB_NAMES[content]);
        expect(
          (await tab.textContent())!.endsWith(`: ${grouped(expectedTotals[content as 1 | 2 | 3])}`),
        ).toBe(true);
      }

      for (const content of [1, 2, 3]) {
        await page.getByTestId(`statistics-tab-${content}`).click();
        for (const period of [1, 2, 3]) {
          await page.getByRole('button', { name: PERIOD_NAMES[period], exact: true }).click();
          await page
            .locator(`[data-testid="statistics-chart"][data-content="${content}"][data-period="${period}"]`)
            .waitFor();
          const diagram = (
            await api<{ diagram: unknown }>(
              token,
              `/api/publications-statistic/diagram?statsType=${period}&contentType=${content}`,
            )
          ).body.data.diagram as Record<string, number>[];
          const values = CONTENT_SERIES[content].flatMap((series) =>
            diagram.map((point, index) => ({ series, index, value: point[series] ?? 0 })),
          );
          const max = Math.max(...values.map((v) => v.value));
          expect(max).toBeGreaterThan(0);
          const { bars, ticks } = await readChart(page);

          // 4 ticks: the maximum and its 3/4, 1/2, 1/4, top to bottom
          const tickValues = [max, (max * 3) / 4, max / 2, max / 4];
          expect(ticks.map((t) => t.label)).toEqual(
            expect.arrayContaining(
              tickValues.map((v) => String(Math.round(v * 100) / 100).replace('.', ',')),
            ),
          );
          expect(ticks).toHaveLength(4);
          const yOf = (label: number) =>
            ticks.find((t) => t.label === String(Math.round(label * 100) / 100).replace('.', ','))!.y;
          const pxPerUnit = (yOf(max / 4) - yOf(max)) / ((max * 3) / 4);
          const baseline = yOf(max / 4) + pxPerUnit * (max / 4);

          // each group has a place of its own, in the API's order (a year holds two groups of one month)
          for (const series of CONTENT_SERIES[content]) {
            const lefts = bars
              .filter((b) => b.series === series)
              .sort((a, b) => a.index - b.index)
              .map((b) => b.left);
            expect(lefts).toHaveLength(diagram.length);
            lefts.slice(1).forEach((left, i) => expect(left).toBeGreaterThan(lefts[i] + 1));
          }
          const barOf = ({ series, index }: { series: string; index: number }) =>
            bars.find((b) => b.series === series && b.index === index);
          // a 0 has no height (or no bar at all)
          for (const zero of values.filter((v) => v.value === 0))
            expect(barOf(zero)?.height ?? 0).toBeLessThan(0.5);
          for (const counted of values.filter((v) => v.value > 0)) {
            const bar = barOf(counted);
            expect(bar).toBeDefined();
            // proportions hold, and each bar stands on the baseline
            expect(Math.abs(bar!.height - counted.value * pxPerUnit)).toBeLessThan(1.5);
            expect(Math.abs(bar!.bottom - baseline)).toBeLessThan(1.5);
          }
          // the tallest reaches the top tick
          for (const tallest of values.filter((v) => v.value === max))
            expect(Math.abs(barOf(tallest)!.top - yOf(max))).toBeLessThan(1.5);
        }
        await shot(page, `cabinet-dashboard-${content}-${width}`, { fullPage: true });
        await fitsWidth(width);
      }
    });
  });

  /**
   * Tops the wallet up online as the owner does: the sum, «Оплатить онлайн», the payment page in its
   * own tab paid, then back on the cabinet's tab. Headless Chromium reports no focus when tabs
   * switch, so the window is told as a browser tells it (the page's slow poll would see the payment
   * too, later).
   */
  async function topUpOnline(sum: number) {
    await page.getByLabel('Сумма, ₽').fill(String(sum));
    const [payment] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Оплатить онлайн' }).click(),
    ]);
    await dismissPaymentOpened(page);
    await payment.getByRole('button', { name: 'Оплатить' }).click();
    await payment.getByText('Статус: оплачен').waitFor();
    await payment.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  }

  describe.each([375, 1440])('screens after an action at %i px', (width) => {
    it('shows the topped-up balance when the user comes back from the payment page, without «Обновить баланс»', async () => {
      await signIn(OWNER, width, `#/wallet`);
      const balance = page.getByTestId('wallet-balance');
      await balance.filter({ hasText: '₽' }).waitFor();
      const before = Number((await balance.textContent())!.replace(/\D/g, ''));
      const sum = 2000 + width;
      await topUpOnline(sum);
      await page.getByText(`Баланс пополнен на ${grouped(sum)}`).waitFor();
      await balance
        .filter({ hasText: new RegExp(`^${grouped(before + sum).replace(/\u202f/g, '\\s')}\\s₽$`) })
        .waitFor();
      await shot(page, `cabinet-wallet-${width}`, { fullPage: true });
      await fitsWidth(width);
    });

    it('shows the listing’s new tariff, its end and its daily charge right after paying it', async () => {
      const token = await ownerToken();
      // a published listing of the agency's own per width, without a running promotion
      const publication = { id: `screens-tariff-${width}` };
      await createPublication(suite.server.app.ctx, DEMO_OWNER, {
        id: publication.id,
        price: 6_200_000,
        publishedDaysAgo: 1,
      });
      const { adTariff: none } = (
        await api(token, `/api/agency/demo-agency-1/publications/${publication.id}`)
      ).body.data as { adTariff: unknown };
      expect(none).toBeNull();
      const [tariff] = (await api(token, `/api/publications/${publication.id}/tariffs`)).body.data as {
        id: string;
        title: string;
        pricePerDay: number;
      }[];

      await signIn(OWNER, width, `#/publications/${encodeURIComponent(publication.id)}/show`);
      const current = page.getByTestId('current-tariff');
      await current.filter({ hasText: 'Тариф не подключён' }).waitFor();
      await page.getByRole('button', { name: 'Изменить ставку' }).click();
      await page.getByRole('radio', { name: new RegExp(tariff.title) }).check();
      await page.getByRole('button', { name: 'Оплатить и разместить' }).click();
      await page.getByText('Объявление принято!', { exact: false }).first().waitFor();

      // no reload: the page asked again and shows what the agency call holds now
      await current.filter({ hasText: `«${tariff.title}»` }).waitFor();
      const { adTariff } = (await api(token, `/api/agency/demo-agency-1/publications/${publication.id}`)).body
        .data as { adTariff: { until: string } };
      const until = new Intl.DateTimeFormat('ru-RU', {
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Moscow',
      }).format(new Date(adTariff.until));
      expect(await current.textContent()).toContain(`Оплачен до ${until}`);
      expect((await current.textContent())!.replace(/\s/g, ' ')).toContain(
        `Списание: ${grouped(tariff.pricePerDay).replace(/\u202f/g, ' ')} ₽ в день`,
      );
      await shot(page, `cabinet-tariff-${width}`, { fullPage: true });
      await fitsWidth(width);
    });

    it('moves the tabs’ counters when a request is accepted, without a reload', async () => {
      const guest = await tokenOf('79990000100');
      const owner = await ownerToken();
      // a daily-rent listing of the agency's own per width, free on every night
      const daily = [{ id: `screens-daily-rent-${width}` }];
      await createPublication(suite.server.app.ctx, DEMO_OWNER, {
        id: daily[0].id,
        deal: 'dailyRent',
        price: 3_800,
        guests: 4,
        publishedDaysAgo: 5,
      });
      const day = (n: number) => todayOf(new Date(suite.server.app.ctx.clock().getTime() + n * 86_400_000)); // Moscow dates, as the app's
      const offset = width === 375 ? 60 : 70;
      const name = `Гость теста ${width}`;
      const asked = await api(guest, `/api/booking/daily-rent/${daily[0].id}`, {
        method: 'POST',
        body: JSON.stringify({
          name,
          phone: '79990000100',
          startDate: day(offset),
          endDate: day(offset + 2),
          adultCount: 1,
          childCount: 0,
          'g-recaptcha-response': 'test',
        }),
      });
      expect(asked.status).toBe(201);
      const countsOf = async () =>
        Object.fromEntries(
          (
            (await api(owner, '/api/booking/daily-rent/count')).body.data as {
              status: number;
              count: number;
            }[]
          ).map((c) => [c.status, c.count]),
        );
      const before = await countsOf();

      await signIn(OWNER, width, `#/bookings`);
      const waiting = page.getByTestId('booking-tab-1');
      const accepted = page.getByTestId('booking-tab-2');
      await waiting.filter({ hasText: `(${before[1]})` }).waitFor();
      await accepted.filter({ hasText: `(${before[2]})` }).waitFor();
      const row = page.locator('tbody tr', { hasText: name });
      await row.getByRole('button', { name: 'Принять' }).click();
      await page.getByText('Готово').waitFor();
      await waiting.filter({ hasText: `(${before[1] - 1})` }).waitFor();
      await accepted.filter({ hasText: `(${before[2] + 1})` }).waitFor();
      expect(await countsOf()).toMatchObject({ 1: before[1] - 1, 2: before[2] + 1 });
      await shot(page, `cabinet-bookings-${width}`, { fullPage: true });
      await fitsWidth(width);
    });
  });

  describe.each([375, 1440])('money and access at %i px', (width) => {
    it('offers «Пополнить» when the wallet is short, and after a top-up pays the tariff: the tariff and the balance change without a reload', async () => {
      // an agency of its own with an empty wallet and one published listing
      const agency = await createAgency(suite.server.app.ctx, `short-${width}`, String(800 + (width % 100)));
      const listing = `short-flat-${width}`;
      await createPublication(suite.server.app.ctx, agency.owner, {
        id: listing,
        price: 7_500_000,
        publishedDaysAgo: 1,
      });
      const show = `#/publications/${listing}/show`;
      await signIn(agency.ownerPhone, width, show);
      const current = page.getByTestId('current-tariff');
      await current.filter({ hasText: 'Тариф не подключён' }).waitFor();
      const tariff = async () => {
        await page.getByRole('button', { name: 'Изменить ставку' }).click();
        const radio = page.getByRole('dialog').getByRole('radio').first();
        await radio.check();
        const title = (await page.getByRole('dialog').locator('label').first().textContent())!;
        await page.getByRole('button', { name: 'Оплатить и разместить' }).click();
        return title.match(/^(.+?) — ([\d\s]+?)\s₽/)!;
      };
      await tariff();
      // errorCode 59: the balance popup, whose «Пополнить» leads to the wallet
      const short = page.getByRole('dialog', { name: 'Недостаточно средств на балансе' });
      await short.waitFor();
      await shot(page, `cabinet-short-of-money-${width}`);
      await short.getByRole('link', { name: 'Пополнить' }).click();
      const balance = page.getByTestId('wallet-balance');
      await balance.filter({ hasText: /^0\s₽$/ }).waitFor();
      await topUpOnline(5000);
      await page.getByText(`Баланс пополнен на ${grouped(5000)}`).waitFor();
      // its notice is put away: the payment's answer would come behind it
      await dismissNotices(page);

      // back to the listing in the same page (no reload): the payment passes now
      await page.evaluate((hash) => (window.location.hash = hash), show);
      const [, title, price] = await tariff();
      await page.getByText('Объявление принято!', { exact: false }).first().waitFor();
      await current.filter({ hasText: `«${title}»` }).waitFor();
      const perDay = Number(price.replace(/\D/g, ''));
      await page.evaluate(() => (window.location.hash = '#/'));
      await page
        .getByTestId('dashboard-wallet')
        .filter({ hasText: grouped(5000 - perDay).replace(/\u202f/g, ' ') })
        .or(page.getByTestId('dashboard-wallet').filter({ hasText: grouped(5000 - perDay) }))
        .waitFor();
      await shot(page, `cabinet-after-top-up-${width}`, { fullPage: true });
      await fitsWidth(width);
    });

    it('an agent switched off by the owner is refused everywhere, and sees why', async () => {
      const AGENT = '79990000012';
      const agentPage = await signIn(AGENT, width);
      await agentPage.getByText('Мои объявления').first().waitFor();
      await signIn(OWNER, width, `#/employees`);
      const row = page.getByTestId('employee').filter({ hasText: 'Мария Попова' });
      await row.getByRole('switch').click();
      await row.getByText('Отключён').waitFor();

      await agentPage.evaluate(() => (window.location.hash = '#/publications'));
      // the cabinet says why, instead of empty lists
      await agentPage.getByRole('heading', { name: 'Доступ отключён' }).waitFor();
      await agentPage
        .getByText('Доступ сотрудника отключён владельцем агентства', { exact: false })
        .first()
        .waitFor();
      await shot(agentPage, `cabinet-switched-off-${width}`);
      const statuses = await agentPage.evaluate(async () => {
        const paths = [
          '/api/cabinet/publications',
          '/api/agency/demo-agency-1/publications?status=1',
          '/api/agency/demo-agency-1',
          '/api/booking/daily-rent/list-for-agent?status=1',
          '/api/booking/daily-rent/count',
          '/api/publications-statistic?interval=7',
        ];
        return Promise.all(paths.map(async (path) => [path, (await fetch(path)).status]));
      });
      expect(statuses.filter(([, status]) => status !== 403)).toEqual([]);
      // switched on again, the agent is let in
      await row.getByRole('switch').click();
      await row.getByText('Активен').waitFor();
      expect(await agentPage.evaluate(async () => (await fetch('/api/cabinet/publications')).status)).toBe(
        200,
      );
      await agentPage.getByRole('button', { name: 'Открыть кабинет' }).click();
      await agentPage.getByText('Мои объявления').first().waitFor();
    });
  });
});
