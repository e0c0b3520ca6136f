import type { BrowserContext, Page } from 'playwright-core';
import { ROLES } from '@estate/events';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn } from '../support/smsCode';
import { createPublication } from '../../services/test/publications';
import { DEMO_PHONES } from '../../services/src/seed';

/**
 * Issue 15 in Chromium: a visitor writes the first message from a listing's page, the listing's
 * agent answers from the cabinet's chats, and each page shows the other's message without a reload
 * (the chats' socket), at a phone's and a desktop's width. The test is about the chat, not the
 * sign-in: both people come with sessions from the API (the `auth-token` cookie the site sets).
 */
describeInBrowser('chat between a visitor and an agent', () => {
  const suite = browserSuite();
  /** the demo agent of demo-agency-1 (79990000011), the author of the listings the visitor asks about */
  const AGENT = { userId: 'demo-agent-11', role: ROLES.AGENT, agencyId: 'demo-agency-1' };
  const tokens = { visitor: '', agent: '' };

  beforeAll(async () => {
    [tokens.visitor, tokens.agent] = await Promise.all([
      apiSignIn(suite.server.url, DEMO_PHONES.user),
      apiSignIn(suite.server.url, DEMO_PHONES.agent),
    ]);
  });

  /** A signed-in person's page: the session as the cookie the site sets at sign-in. */
  async function pageAt(width: number, token: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([
      { name: 'auth-token', value: token, url: suite.server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return { context, page };
  }

  /** types a message and sends it with Enter, as a person does */
  async function write(page: Page, text: string) {
    await page.getByLabel('Сообщение').fill(text);
    await page.getByLabel('Сообщение').press('Enter');
  }

  it.each([375, 1440])(
    'at %i px: the first message from the listing, the answer from the cabinet, both live',
    async (width) => {
      // a listing of the agent's own, so the chat about it is a new one
      const id = `chat-${width}`;
      await createPublication(suite.server.app.ctx, AGENT, { id, price: 9_500_000, publishedDaysAgo: 5 });
      const visitor = await pageAt(width, tokens.visitor);
      const agent = await pageAt(width, tokens.agent);
      try {
        await visit(visitor.page, `${suite.server.url}/prodazha/${id}`);
        await visitor.page.getByRole('button', { name: 'Написать' }).click();
        await visitor.page.waitForURL(/\/chat\?adId=/);
        const question = `Здравствуйте! Квартира ещё продаётся? (${width})`;
        await write(visitor.page, question);
        // the first message began the chat: it shows
        await visitor.page.getByTestId('chat-message').filter({ hasText: question }).waitFor();

        const agentLog: string[] = [];
        agent.page.on('console', (m) => agentLog.push(m.text()));
        agent.page.on('websocket', (ws) => {
          agentLog.push(`ws ${ws.url()}`);
          ws.on('framereceived', (f) => agentLog.push(`in ${String(f.payload).slice(0, 120)}`));
          ws.on('close', () => agentLog.push('ws closed'));
        });
        await visit(agent.page, `${suite.server.url}/cabinet/#/chats`);
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
        await shot(visitor.page, `chat-visitor-${width}`);
        await shot(agent.page, `chat-agent-${width}`);
        for (const page of [visitor.page, agent.page])
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await visitor.context.close();
        await agent.context.close();
      }
    },
    120_000,
  );
});
