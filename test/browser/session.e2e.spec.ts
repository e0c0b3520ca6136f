import type { BrowserContext, Page, Route } from 'playwright-core';
import {
  answerMapTiles,
  browserSuite,
  describeInBrowser,
  isSignedOutProbe,
  shot,
  visit,
} from '../support/browser';
import { outboxCode, typeCode } from '../support/smsCode';

jest.setTimeout(180_000);

describeInBrowser('one session for the site and the cabinet, under the Content-Security-Policy', () => {
  const suite = browserSuite();
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  /**
   * What a page reports while it is used: console errors, CSP violations (the console's report and the
   * `securitypolicyviolation` event, recorded from the first script on), uncaught errors, API calls.
   */
  /** a 1x1 transparent PNG */
  type Watched = { page: Page; consoleErrors: string[]; violations: string[]; apiCalls: string[] };
  async function watchedPage(width: number): Promise<Watched> {
    context = await suite.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000); // the machine is shared: generous waits, never a timing assertion
    const watched: Watched = { page, consoleErrors: [], violations: [], apiCalls: [] };
    // the listing page's map asks the configured tile host, which this machine cannot reach: a stand-in
    // answers with an empty tile (the request still passes the page's CSP first)
    await answerMapTiles(page);
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    page.on('console', (message) => {
      if (message.type() === 'error')
        watched.consoleErrors.push(`${message.text()} @ ${message.location().url}`);
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) watched.violations.push(message.text());
    });
    page.on('pageerror', (error) => watched.consoleErrors.push(`uncaught: ${error.message}`));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) watched.apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    return watched;
  }
  const violationsOf = async (w: Watched) => [
    ...w.violations,
    ...(await w.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];

  /**
   * A slow answer, as on a loaded server: the request is held until the code step's countdown
   * («Новый код можно получить через N сек.») has moved on by two seconds, so the page re-rendered
   * meanwhile (a re-render once sent the entered code again); gone from the page, it holds no longer.
   */
  async function slowWhileCountdownTicks(page: Page, route: Route) {
    // the seconds shown, or null once the code step is gone (functions, not strings: the CSP forbids eval)
    const from = await page
      .evaluate(() => /через (\d+) сек/.exec(document.body.textContent ?? '')?.[1] ?? null)
      .catch(() => null);
    if (from !== null)
      await page
        .waitForFunction((start) => {
          const left = /через (\d+) сек/.exec(document.body.textContent ?? '')?.[1];
          return left === undefined || Number(left) <= Number(start) - 2;
        }, from)
        .catch(() => undefined); // the page closed: the test has failed already
    await route.continue().catch(() => undefined);
  }

  it.each([1440, 375])(
    'at %i px: signed in on the site as the owner, the cabinet opens without a second code; no CSP violation anywhere',
    async (width) => {
      suite.server.clock.advance(31_000);
      const w = await watchedPage(width);
      const { page } = w;
      await visit(page, `${suite.server.url}/prodazha`);
      await page.getByTestId('publication-card').first().waitFor();
      // a slow answer after the sign-in (as on a loaded server) keeps the code step open while the session
      // re-renders the modal: the code must still be sent once (it was sent again, and refused as used)
      await page.route('**/api/favorite-publications?*', (route) => slowWhileCountdownTicks(page, route));
      // the site's own modal: «Вход и регистрация» (at 375 px «Войти»), the phone, the code from the SMS
      await page.getByRole('button', { name: /^(Вход и регистрация|Войти)$/ }).click();
      await page.getByLabel('Телефон').fill('9990000001');
      await page.getByRole('button', { name: 'Получить код по СМС' }).click();
      await page.getByText('Новый код можно получить через', { exact: false }).waitFor();
      await typeCode(page, await outboxCode(suite.server.url, '79990000001'));
      await page.getByRole('link', { name: 'Личный кабинет' }).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(w.apiCalls.filter((call) => call === 'POST /api/auth/login')).toHaveLength(1);
      await page.unroute('**/api/favorite-publications?*');
      // the session cookie is HttpOnly: the page's script cannot read it
      expect(await page.evaluate(() => document.cookie)).not.toContain('auth-token');
      const [cookie] = (await context!.cookies()).filter((c) => c.name === 'auth-token');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

      await page.getByTestId('card-title').first().click();
      await page.waitForURL(/\/prodazha\/[\w-]+/);
      await page.getByRole('heading', { level: 1 }).waitFor();

      const callsBefore = w.apiCalls.length;
      await visit(page, `${suite.server.url}/cabinet/`);
      await page.getByText('Мои объявления').first().waitFor();
      // the owner's menu (at 375 px behind the menu button)
      if (width < 600) await page.getByRole('button', { name: /меню/i }).first().click();
      await page.getByRole('menuitem', { name: 'Баланс кошелька' }).waitFor();
      // no sign-in screen, no code asked
      expect(await page.getByLabel('Телефон').count()).toBe(0);
      expect(w.apiCalls.slice(callsBefore)).not.toContain('POST /api/auth/send-login-sms-code');
      await shot(page, `cabinet-from-site-session-${width}`);

      await visit(page, `${suite.server.url}/cabinet/#/publications`);
      await page.locator('tbody tr').first().waitFor();
      await visit(page, `${suite.server.url}/api/docs/`);
      await page.locator('.swagger-ui .info').waitFor();

      expect(await violationsOf(w)).toEqual([]);
      // the site's first load asked /api/profile before the sign-in; nothing else failed
      expect(w.consoleErrors.filter((text) => !isSignedOutProbe(text))).toEqual([]);
    },
  );

  it.each([1440, 375])(
    'at %i px: signed out, the cabinet shows its sign-in without protected calls or console errors',
    async (width) => {
      const w = await watchedPage(width);
      // the sign-in comes alone: no redirect (react-admin once looped between its check and its
      // sign-out, hundreds of redirects and 15 s of a blank page) and none of react-admin's code
      const redirects: string[] = [];
      const scripts: string[] = [];
      w.page.on('framenavigated', (frame) => {
        if (frame === w.page.mainFrame()) redirects.push(frame.url());
      });
      w.page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await visit(w.page, `${suite.server.url}/cabinet/`);
      await w.page.getByLabel('Телефон').waitFor();
      await w.page.getByRole('button', { name: 'Получить код по СМС' }).waitFor();
      await w.page.waitForLoadState('networkidle');
      expect(redirects).toEqual([`${suite.server.url}/cabinet/`]);
      expect(scripts.filter((path) => /react-admin|charts|date-pickers/.test(path))).toEqual([]);
      await shot(w.page, `cabinet-signed-out-${width}`);
      expect(w.apiCalls).toEqual(['GET /api/profile']);
      expect(w.consoleErrors.filter((text) => !isSignedOutProbe(text))).toEqual([]);
      expect(await violationsOf(w)).toEqual([]);
    },
  );

  it('signs in at the cabinet through the cookie the site then shares, and signing out there ends it for both', async () => {
    suite.server.clock.advance(31_000);
    const w = await watchedPage(1440);
    const { page } = w;
    // a slow sign-in (as on a loaded server): the code entered must still be sent once, not again on a re-render
    await page.route('**/api/auth/login', (route) => slowWhileCountdownTicks(page, route));
    await visit(page, `${suite.server.url}/cabinet/`);
    await page.getByLabel('Телефон').fill('9990000011');
    await page.getByRole('button', { name: 'Получить код по СМС' }).click();
    await page.getByText('Новый код можно получить через', { exact: false }).waitFor();
    await typeCode(page, await outboxCode(suite.server.url, '79990000011'));
    await page.getByText('Мои объявления').first().waitFor();
    expect(w.apiCalls.filter((call) => call === 'POST /api/auth/login')).toHaveLength(1);
    await page.unroute('**/api/auth/login');
    // nothing of the session is kept where scripts can read it
    expect(
      await page.evaluate(() => ({
        stored: Object.keys(localStorage).filter((k) => /token/i.test(k)),
        cookie: document.cookie.includes('auth-token'),
      })),
    ).toEqual({ stored: [], cookie: false });

    await visit(page, `${suite.server.url}/prodazha`);
    await page.getByRole('link', { name: 'Личный кабинет' }).waitFor();

    await visit(page, `${suite.server.url}/cabinet/`);
    await page.getByText('Мои объявления').first().waitFor();
    await page
      .getByRole('button', { name: /Профиль|Меню пользователя|user menu/i })
      .first()
      .click();
    // after «Выйти», react-admin's own sign-in page: reached in one redirect (it looped before)
    const redirects: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) redirects.push(frame.url());
    });
    await page.getByRole('menuitem', { name: /Выйти|Выход/ }).click();
    await page.getByLabel('Телефон').waitFor();
    await page.waitForLoadState('networkidle');
    expect(redirects.filter((url) => url.endsWith('#/login'))).toHaveLength(1);
    await visit(page, `${suite.server.url}/prodazha`);
    await page.getByRole('button', { name: 'Вход и регистрация' }).waitFor();
    expect(await violationsOf(w)).toEqual([]);
  });

  it('reloads once into the new build when a page’s chunk is gone (a deploy replaced the files while the page was open)', async () => {
    const w = await watchedPage(1440);
    const { page } = w;
    await visit(page, `${suite.server.url}/prodazha`);
    await page.getByTestId('publication-card').first().waitFor();
    // the listing page's chunk answers 404 once, as an old hashed name does after a new build
    let asked = 0;
    let askedAgain!: () => void;
    const reloadAsked = new Promise<void>((resolve) => (askedAgain = resolve));
    await page.route(/\/assets\/PublicationPage-[\w-]+\.js$/, async (route) => {
      asked += 1;
      if (asked === 2) askedAgain();
      if (asked === 1)
        return route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: '{"errorCode":105,"message":"Такого адреса API нет"}',
        });
      return route.continue();
    });
    let documentsLoaded = 0;
    page.on('domcontentloaded', () => (documentsLoaded += 1));
    const title = (await page.getByTestId('card-title').first().textContent())?.trim() ?? '';
    await page.getByTestId('card-title').first().click();
    // the catalogue has a heading of its own: wait for the reloaded document asking for the chunk again
    await reloadAsked;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect({ asked, documentsLoaded }).toEqual({ asked: 2, documentsLoaded: 1 });
    expect(await violationsOf(w)).toEqual([]);
  });
});
