import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer } from '../support/server';
import { apiSignIn, cabinetSignIn, siteSignIn } from '../support/smsCode';

/**
 * Issue 15 in Chromium: a visitor writes the first message from a listing's page, the listing's
 * agent answers from the cabinet's chats, and each page shows the other's message without a reload
 * (the chats' socket), at a phone's and a desktop's width.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser | null;
let listings: { id: string; url: string }[] = [];
const VISITOR = '79990000100';
const AGENT = '79990000011';
const SHOTS = '.cache/screenshots';

beforeAll(async () => {
  browser = await launchBrowser('chat');
  if (!browser) return;
  server = await startTestServer();
  const token = await apiSignIn(server.url, AGENT);
  const res = await fetch(
    `${server.url}/api/agency/demo-agency-1/publications?status=1&dealCategory=sale&limit=100`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const body = (await res.json()) as { data: { id: string; author: { name: string } }[] };
  listings = body.data
    .filter((p) => p.author.name === 'Игорь Кузнецов')
    .map((p) => ({ id: p.id, url: `/prodazha/${p.id}` }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAt(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser!.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** types a message and sends it with Enter, as a person does */
async function write(page: Page, text: string) {
  await page.getByLabel('Сообщение').fill(text);
  await page.getByLabel('Сообщение').press('Enter');
}

describe('chat between a visitor and an agent', () => {
  for (const [n, width] of [375, 1440].entries()) {
    it(`at ${width} px: the first message from the listing, the answer from the cabinet, both live`, async () => {
      if (!browser) return console.warn('SKIPPED: chat browser test (no Chromium)');
      expect(listings.length).toBeGreaterThan(1);
      const listing = listings[n];
      const visitor = await pageAt(width);
      const agent = await pageAt(width);
      try {
        // the site's sign-in button is «Вход и регистрация» on a wide screen («Войти» on a phone)
        await visitor.page.setViewportSize({ width: 1440, height: 900 });
        await visitor.page.goto(`${server.url}${listing.url}`);
        await siteSignIn(visitor.page, server.url, VISITOR, '9990000100');
        await visitor.page.setViewportSize({ width, height: 900 });
        await visitor.page.getByRole('button', { name: 'Написать' }).click();
        await visitor.page.waitForURL(/\/chat\?adId=/);
        const question = `Здравствуйте! Квартира ещё продаётся? (${width})`;
        await write(visitor.page, question);
        // the first message began the chat (or joined the one the demo user has about it): it shows
        await visitor.page.getByTestId('chat-message').filter({ hasText: question }).waitFor();

        server.clock.advance(31_000);
        const agentLog: string[] = [];
        agent.page.on('console', (m) => agentLog.push(m.text()));
        agent.page.on('websocket', (ws) => {
          agentLog.push(`ws ${ws.url()}`);
          ws.on('framereceived', (f) => agentLog.push(`in ${String(f.payload).slice(0, 120)}`));
          ws.on('close', () => agentLog.push('ws closed'));
        });
        await cabinetSignIn(agent.page, server, AGENT);
        await agent.page.goto(`${server.url}/cabinet/#/chats`);
        const item = agent.page.getByTestId('chat-item').filter({ hasText: question.slice(0, 40) });
        await item.getByTestId('chat-unread').waitFor();
        await item.click();
        await agent.page.getByTestId('chat-message').filter({ hasText: question }).waitFor();
        const answer = `Да, продаётся. Приходите смотреть (${width})`;
        await write(agent.page, answer);

        // the visitor's page shows the answer without a reload, and the agent's the next question
        await visitor.page.getByTestId('chat-message').filter({ hasText: answer }).waitFor();
        const next = `Спасибо! Завтра в 11 удобно? (${width})`;
        await write(visitor.page, next);
        await agent.page
          .getByTestId('chat-message')
          .filter({ hasText: next })
          .waitFor()
          .catch((e) => {
            console.log(agentLog.join('\n'));
            throw e;
          });
        await visitor.page.screenshot({ path: `${SHOTS}/chat-visitor-${width}.png` });
        await agent.page.screenshot({ path: `${SHOTS}/chat-agent-${width}.png` });
        for (const page of [visitor.page, agent.page])
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await visitor.context.close();
        await agent.context.close();
      }
    }, 120_000);
  }
});
