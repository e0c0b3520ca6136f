import { ROLES } from '@estate/events';
import { until } from '@estate/events/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn } from '../support/smsCode';
import { createPublication } from '../../services/test/publications';

/**
 * Issue 12, item 2, in the cabinet: «Оплатить и разместить» sends one Idempotency-Key per click and
 * shows what the server did; paying the running tariff again is refused with its message and
 * charges nothing; another tariff starts when the paid day ends.
 */
describeInBrowser('paying a tariff in the cabinet', () => {
  const suite = browserSuite();
  const OWNER = '79990000001';
  const AGENCY = 'demo-agency-1';
  /** the demo agency's owner, who makes the test's own listings (the demo wallet pays their tariffs) */
  const owner = { userId: 'demo-owner-1', role: ROLES.AGENCY_OWNER, agencyId: AGENCY };
  let ownerToken: string;
  let context: BrowserContext | null = null;

  beforeAll(async () => {
    ownerToken = await apiSignIn(suite.server.url, OWNER);
  });
  afterEach(async () => {
    await context?.close();
    context = null;
  });

  /**
   * The cabinet at a width, signed in as the owner by the session cookie the API's sign-in set (these
   * tests are about paying, not signing in), on the listing's page.
   */
  async function listingPage(width: number, publication: string): Promise<Page> {
    context = await suite.browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([
      { name: 'auth-token', value: ownerToken, url: suite.server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    // generous: the cabinet's first load can take a while on a busy two-core machine
    page.setDefaultTimeout(30_000);
    await visit(page, `${suite.server.url}/cabinet/#/publications/${publication}/show`);
    return page;
  }

  /** «Изменить ставку», a tariff by its title, «Оплатить и разместить»: answers the request the click sent. */
  async function pay(page: Page, title: string) {
    // the last answer's notice is put away first, with Escape as a person does: it covers the button
    // for its 4 s at 375 px (react-admin shows its notices one at a time)
    await until(async () => {
      await page.keyboard.press('Escape');
      return (await page.locator('.MuiSnackbar-root').count()) === 0;
    });
    await page.getByRole('button', { name: 'Изменить ставку' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: new RegExp(`^${title} — `) }).check();
    const sent = page.waitForRequest(
      (r) =>
        r.method() === 'POST' &&
        /\/api\/publications\/[^/]+\/tariffs\/[^/]+$/.test(new URL(r.url()).pathname),
    );
    await dialog.getByRole('button', { name: 'Оплатить и разместить' }).click();
    return sent;
  }

  const chargesOf = async (publication: string) => {
    const res = await fetch(`${suite.server.url}/api/agency/${AGENCY}/balance`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const { data } = (await res.json()) as {
      data: { operations: { kind: string; sum: number; publicationId: string | null }[] };
    };
    return data.operations
      .filter((o) => o.kind === 'charge' && o.publicationId === publication)
      .map((o) => o.sum);
  };

  it.each([375, 1440])(
    'at %i px: one key per click, the running tariff refused, another one from the next paid day',
    async (width) => {
      // a published listing of the agency's own, without a tariff
      const publication = `tariff-test-${width}`;
      await createPublication(suite.server.app.ctx, owner, {
        id: publication,
        price: 9_100_000,
        publishedDaysAgo: 1,
      });
      expect(await chargesOf(publication)).toEqual([]);
      const page = await listingPage(width, publication);
      const first = await pay(page, 'Топ');
      const key = first.headers()['idempotency-key'];
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await page
        .getByText(/^Объявление принято! Списано \d+ ₽ за первый день: тариф «Топ» действует до /)
        .waitFor();
      await shot(page, `cabinet-tariff-paid-${width}`);
      const [charged] = await chargesOf(publication);
      expect(charged).toBeGreaterThan(0);

      const again = await pay(page, 'Топ');
      expect(again.headers()['idempotency-key']).not.toBe(key); // a new click, a new key
      await page.getByText(/^Этот тариф уже оплачен до /).waitFor();
      await shot(page, `cabinet-tariff-refused-${width}`);

      await pay(page, 'Размещение');
      await page.getByText(/Тариф «Размещение» начнёт действовать с /).waitFor();
      expect(await chargesOf(publication)).toEqual([charged]);
    },
    120_000,
  );
});
