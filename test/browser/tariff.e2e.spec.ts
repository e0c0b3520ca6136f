import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer } from '../support/server';
import { apiSignIn, cabinetSignIn } from '../support/smsCode';

/**
 * Issue 12, item 2, in the cabinet: «Оплатить и разместить» sends one Idempotency-Key per click and
 * shows what the server did; paying the running tariff again is refused with its message and
 * charges nothing; another tariff starts when the paid day ends.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser | null;
let ownerToken: string;
let listings: string[] = [];
const OWNER = '79990000001';
const AGENCY = 'demo-agency-1';
const SHOTS = '.cache/screenshots';

beforeAll(async () => {
  browser = await launchBrowser('cabinet tariffs');
  if (!browser) return;
  server = await startTestServer();
  ownerToken = await apiSignIn(server.url, OWNER);
  const res = await fetch(
    `${server.url}/api/agency/${AGENCY}/publications?status=1&dealCategory=sale&limit=100`,
    { headers: { authorization: `Bearer ${ownerToken}` } },
  );
  const body = (await res.json()) as { data: { id: string; adTariff: unknown }[] };
  listings = body.data.filter((p) => !p.adTariff).map((p) => p.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(width: number): Promise<Page> {
  const page = await browser!.newPage({ viewport: { width, height: 900 } });
  // generous: the sign-in and the cabinet's first load can take a while on a busy two-core machine
  page.setDefaultTimeout(30_000);
  await cabinetSignIn(page, server, OWNER);
  return page;
}

/** «Изменить ставку», a tariff by its title, «Оплатить и разместить»: answers the request the click sent. */
async function pay(page: Page, title: string) {
  await page.getByRole('button', { name: 'Изменить ставку' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(`^${title} — `) }).check();
  const sent = page.waitForRequest(
    (r) =>
      r.method() === 'POST' && /\/api\/publications\/[^/]+\/tariffs\/[^/]+$/.test(new URL(r.url()).pathname),
  );
  await dialog.getByRole('button', { name: 'Оплатить и разместить' }).click();
  return sent;
}

const chargesOf = async (publication: string) => {
  const res = await fetch(`${server.url}/api/agency/${AGENCY}/balance`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  const { data } = (await res.json()) as {
    data: { operations: { kind: string; sum: number; publicationId: string | null }[] };
  };
  return data.operations
    .filter((o) => o.kind === 'charge' && o.publicationId === publication)
    .map((o) => o.sum);
};

describe('paying a tariff in the cabinet', () => {
  for (const [n, width] of [375, 1440].entries()) {
    it(`at ${width} px: one key per click, the running tariff refused, another one from the next paid day`, async () => {
      if (!browser) return console.warn('SKIPPED: cabinet tariff browser test (no Chromium)');
      const publication = listings[n];
      const page = await signIn(width);
      try {
        await page.goto(`${server.url}/cabinet/#/publications/${publication}/show`);
        const first = await pay(page, 'Топ');
        const key = first.headers()['idempotency-key'];
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        await page
          .getByText(/^Объявление принято! Списано \d+ ₽ за первый день: тариф «Топ» действует до /)
          .waitFor();
        await page.screenshot({ path: `${SHOTS}/cabinet-tariff-paid-${width}.png` });
        const [charged] = await chargesOf(publication);
        expect(charged).toBeGreaterThan(0);

        const again = await pay(page, 'Топ');
        expect(again.headers()['idempotency-key']).not.toBe(key); // a new click, a new key
        await page.getByText(/^Этот тариф уже оплачен до /).waitFor();
        await page.screenshot({ path: `${SHOTS}/cabinet-tariff-refused-${width}.png` });

        await pay(page, 'Размещение');
        await page.getByText(/Тариф «Размещение» начнёт действовать с /).waitFor();
        expect(await chargesOf(publication)).toEqual([charged]);
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});
