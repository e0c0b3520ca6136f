import type { PublicationDetails } from '@estate/events';
import type { Browser, Page } from 'playwright-core';
import { handleCommand } from '../../services/src/core/decider';
import { publicationDecider, publicationStream } from '../../services/src/publications';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestApp, type TestServer } from '../support/server';
import { apiSignIn, outboxCode, typeCode } from '../support/smsCode';

/**
 * A listing's «История» and the owner's «Журнал действий» (issue 19, items 2 and 4) at a phone's
 * and a desktop's width: the changes with who and when, the listing as it was at a moment picked
 * from the list with the differences from today highlighted, and the agency's trail with its CSV.
 */
let app: TestApp;
let server: TestServer;
let url: string;
let browser: Browser | null;
let page: Page;
let listing: string;
let title: string;
const SHOTS = process.env.SCREENSHOT_DIR ?? '.cache/screenshots';
const OWNER = '79990000001';
const AGENCY = 'demo-agency-1';
jest.setTimeout(300_000);

beforeAll(async () => {
  browser = await launchBrowser('history');
  if (!browser) return;
  server = await startTestServer();
  app = server.app;
  url = server.url;
  app.clock.advance(31_000);
  const token = await apiSignIn(url, OWNER);
  const list = await fetch(`${url}/api/agency/${AGENCY}/publications?status=1&limit=20`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json() as Promise<{ data: { id: string; title: string }[] }>);
  ({ id: listing, title } = list.data[0]);
  // the owner hides it and publishes it again over HTTP (a session), then its price and text change
  for (const status of [3, 1]) {
    const res = await fetch(`${url}/api/agency/${AGENCY}/publications/change-status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status, publicationIds: [listing] }),
    });
    expect(res.status).toBe(200);
  }
  const [created] = await app.ctx.eventStore.readStream(publicationStream(listing));
  const { details } = created.data as { details: PublicationDetails };
  await handleCommand(
    app.ctx.eventStore,
    publicationStream(listing),
    publicationDecider,
    {
      type: 'EditPublication',
      actor: { userId: 'demo-owner-1', role: 2, agencyId: AGENCY },
      details: { ...details, price: details.price - 250_000, description: `${details.description} Торг.` },
    },
    { actor: 'demo-owner-1' },
  );
  await app.ctx.projections.whenCaughtUp();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await page?.close();
});

async function signIn(width: number) {
  page = await browser!.newPage({ viewport: { width, height: 1000 } });
  page.setDefaultTimeout(60_000);
  app.clock.advance(31_000);
  await page.goto(`${url}/cabinet/`);
  await page.getByLabel('Телефон').fill(OWNER);
  await page.getByRole('button', { name: 'Получить код по СМС' }).click();
  await page.getByText('Новый код можно получить через', { exact: false }).waitFor();
  await typeCode(page, await outboxCode(url, OWNER));
  await page.getByText('Мои объявления').first().waitFor();
}

const skipped = () => {
  if (browser) return false;
  console.warn('SKIPPED: history browser test (no Chromium)');
  return true;
};

describe.each([375, 1440])('history and the audit trail at %i px', (width) => {
  it('shows a listing’s changes from its edit view and the listing as it was, the differences highlighted', async () => {
    if (skipped()) return;
    await signIn(width);
    await page.goto(`${url}/cabinet/#/publications/${listing}`);
    await page.getByTestId('history-button').click();
    await page.getByRole('heading', { level: 1, name: `История объявления «${title}»` }).waitFor();
    const entries = page.getByTestId('history-entry');
    await entries.first().waitFor();
    // newest first: the edit (price and description), the publication again, the hiding, …, the creation
    await entries.first().getByText('Объявление изменено').waitFor();
    await entries
      .first()
      .getByText(/^Цена:/)
      .waitFor();
    expect(await entries.nth(1).textContent()).toContain('Опубликовано');
    expect(await entries.nth(2).textContent()).toMatch(/Снято с публикации.*сеанс [0-9a-f]{12}/);
    expect(await entries.last().textContent()).toContain('Объявление создано');
    // the listing as it was when it was hidden
    await entries.nth(2).getByRole('button', { name: 'Каким было в этот момент' }).click();
    const differences = page.getByTestId('as-of-differences');
    await differences.getByText('В архиве').waitFor();
    await differences.getByText('Цена', { exact: true }).waitFor();
    expect(await page.locator('tr[data-changed="true"]').count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: `${SHOTS}/cabinet-history-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  it('shows the owner every action of the agency in «Журнал действий», filtered, with its CSV', async () => {
    if (skipped()) return;
    await signIn(width);
    if (width < 600) await page.getByRole('button', { name: /меню/i }).first().click();
    await page.getByRole('menuitem', { name: 'Журнал действий' }).click();
    await page.getByText(`Объявление «${title}» снято с публикации`).first().waitFor();
    const link = page.getByTestId('audit-export');
    expect(await link.getAttribute('href')).toContain('/api/cabinet/audit/export?filter=');
    const csv = await page.evaluate(
      async (href) => (await fetch(href!)).text(),
      await link.getAttribute('href'),
    );
    expect(csv.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(
      'Дата и время (МСК);Сотрудник;Роль;Сеанс;Раздел;Действие;Описание;Объект;Ссылка',
    );
    await page.screenshot({ path: `${SHOTS}/cabinet-audit-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
