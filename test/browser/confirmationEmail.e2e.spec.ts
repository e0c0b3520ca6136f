import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer } from '../support/server';
import { outboxCode } from '../support/smsCode';

jest.setTimeout(120_000);

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser | null;
let context: BrowserContext;
const SHOTS = '.cache/screenshots';

beforeAll(async () => {
  browser = await launchBrowser('the e-mail confirmation page');
  if (!browser) return;
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
});

/** Signs up through the API in the page's own context (its cookie jar): registration, then the outbox's code. */
async function signUp(page: Page, phone: string, email: string) {
  const registered = await page.request.post(`${server.url}/api/auth/registration`, {
    data: { name: 'Ольга Смирнова', phone, email, 'g-recaptcha-response': 'test' },
  });
  expect(registered.status()).toBe(200);
  const confirmed = await page.request.post(`${server.url}/api/auth/confirm-phone`, {
    data: { phone, smsCode: await outboxCode(server.url, phone) },
  });
  expect(confirmed.status()).toBe(200);
}

/** The link of the newest letter to an address, once the letter has come (it follows the sign-up). */
async function letterLink(email: string): Promise<URL> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { data } = (await (await fetch(`${server.url}/api/dev/email?to=${email}`)).json()) as {
      data: { text: string }[];
    };
    const link = /https?:\/\/\S+/.exec(data[0]?.text ?? '')?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no letter to ${email}`);
}

describe('product.md: /confirmation-email confirms the address, reading the token from the query', () => {
  for (const width of [375, 1440]) {
    it(`confirms the address from the letter's link, then the profile shows it confirmed (${width} px)`, async () => {
      if (!browser) return console.warn('SKIPPED: confirmation page browser test (no Chromium)');
      context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const phone = `7916555${width === 375 ? '0375' : '1440'}`;
      const email = `olga.${width}@example.ru`;
      await signUp(page, phone, email);

      const link = await letterLink(email);
      expect(link.origin).toBe(server.url);
      expect(link.pathname).toBe('/confirmation-email');
      const token = link.searchParams.get('token');
      expect(token).toBeTruthy();

      // POST api/auth/confirm-email with the token read from the page's query; the profile is loaded afterwards
      const calls: string[] = [];
      page.on('request', (r) => calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
      const confirmed = page.waitForRequest(
        (r) => r.url().endsWith('/api/auth/confirm-email') && r.method() === 'POST',
      );
      await page.goto(link.toString());
      expect((await confirmed).postDataJSON()).toEqual({ token });
      await page.getByText('Адрес электронной почты подтверждён.').waitFor();
      const afterConfirm = calls.slice(calls.indexOf('POST /api/auth/confirm-email'));
      expect(afterConfirm).toContain('GET /api/profile');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/confirmation-email-${width}.png`, fullPage: true });

      await page.getByRole('link', { name: 'Перейти в профиль' }).click();
      await page.getByText('Подтверждена', { exact: true }).waitFor();

      // a letter sent before the page moved links to /confirm-email: it lands on the page with its token
      await page.goto(`${server.url}/confirm-email?token=${encodeURIComponent(token!)}`);
      await page.waitForURL(`**/confirmation-email?token=*`);
      expect(new URL(page.url()).searchParams.get('token')).toBe(token);
      await page.getByText('Адрес электронной почты подтверждён.').waitFor();
    });
  }

  it('says the link is not valid without a token or with a forged one (375 px)', async () => {
    if (!browser) return console.warn('SKIPPED: confirmation page browser test (no Chromium)');
    context = await browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.url}/confirmation-email`);
    await page.getByText('Ссылка недействительна. Запросите новую ссылку в профиле.').waitFor();
    await page.goto(`${server.url}/confirmation-email?token=ZGVtby11c2Vy.forged-forged-forged`);
    await page.getByText('Ссылка недействительна. Запросите новую ссылку в профиле.').waitFor();
  });
});
