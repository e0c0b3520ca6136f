import type { BrowserContext, Page } from 'playwright-core';
import { until } from '@estate/events/testing';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { outboxCode } from '../support/smsCode';

describeInBrowser('the e-mail confirmation page', () => {
  const suite = browserSuite();
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  /** Signs up through the API in the page's own context (its cookie jar): registration, then the outbox's code. */
  async function signUp(page: Page, phone: string, email: string) {
    const { url } = suite.server;
    const registered = await page.request.post(`${url}/api/auth/registration`, {
      data: { name: 'Ольга Смирнова', phone, email, 'g-recaptcha-response': 'test' },
    });
    expect(registered.status()).toBe(200);
    const confirmed = await page.request.post(`${url}/api/auth/confirm-phone`, {
      data: { phone, smsCode: await outboxCode(url, phone) },
    });
    expect(confirmed.status()).toBe(200);
  }

  /** The link of the newest letter to an address, once the letter has come (it follows the sign-up). */
  async function letterLink(email: string): Promise<URL> {
    let link: string | undefined;
    await until(async () => {
      const { data } = (await (await fetch(`${suite.server.url}/api/dev/email?to=${email}`)).json()) as {
        data: { text: string }[];
      };
      link = /https?:\/\/\S+/.exec(data[0]?.text ?? '')?.[0];
      return link !== undefined;
    });
    return new URL(link!);
  }

  describe('product.md: /confirmation-email confirms the address, reading the token from the query', () => {
    for (const width of [375, 1440]) {
      it(`confirms the address from the letter's link, then the profile shows it confirmed (${width} px)`, async () => {
        const { url } = suite.server;
        context = await suite.browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const phone = `7916555${width === 375 ? '0375' : '1440'}`;
        const email = `olga.${width}@example.ru`;
        await signUp(page, phone, email);

        const link = await letterLink(email);
        expect(link.origin).toBe(url);
        expect(link.pathname).toBe('/confirmation-email');
        const token = link.searchParams.get('token');
        expect(token).toBeTruthy();

        // POST api/auth/confirm-email with the token read from the page's query; the profile is loaded afterwards
        const calls: string[] = [];
        page.on('request', (r) => calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
        const confirmed = page.waitForRequest(
          (r) => r.url().endsWith('/api/auth/confirm-email') && r.method() === 'POST',
        );
        await visit(page, link.toString());
        expect((await confirmed).postDataJSON()).toEqual({ token });
        await page.getByText('Адрес электронной почты подтверждён.').waitFor();
        const afterConfirm = calls.slice(calls.indexOf('POST /api/auth/confirm-email'));
        expect(afterConfirm).toContain('GET /api/profile');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(page, `confirmation-email-${width}`, { fullPage: true });

        await page.getByRole('link', { name: 'Перейти в профиль' }).click();
        await page.getByText('Подтверждена', { exact: true }).waitFor();

        // a letter sent before the page moved links to /confirm-email: it lands on the page with its token
        await visit(page, `${url}/confirm-email?token=${encodeURIComponent(token!)}`);
        await page.waitForURL(`**/confirmation-email?token=*`);
        expect(new URL(page.url()).searchParams.get('token')).toBe(token);
        await page.getByText('Адрес электронной почты подтверждён.').waitFor();
      });
    }

    it('says the link is not valid without a token or with a forged one (375 px)', async () => {
      const { url } = suite.server;
      context = await suite.browser.newContext({ viewport: { width: 375, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const invalid = page.getByText('Ссылка недействительна. Запросите новую ссылку в профиле.');
      await visit(page, `${url}/confirmation-email`);
      await invalid.waitFor();
      expect(await invalid.isVisible()).toBe(true);
      await visit(page, `${url}/confirmation-email?token=ZGVtby11c2Vy.forged-forged-forged`);
      await invalid.waitFor();
      expect(await invalid.isVisible()).toBe(true);
    });
  });
});
