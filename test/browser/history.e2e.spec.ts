import { ROLES, type PublicationDetails } from '@estate/events';
import type { BrowserContext, Page } from 'playwright-core';
import { handleCommand } from '../../services/src/core/decider';
import { publicationDecider, publicationStream } from '../../services/src/publications';
import { createPublication } from '../../services/test/publications';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn, cabinetSignIn } from '../support/smsCode';

/**
 * A listing's «История» and the owner's «Журнал действий» (issue 19, items 2 and 4) at a phone's
 * and a desktop's width: the changes with who and when, the listing as it was at a moment picked
 * from the list with the differences from today highlighted, and the agency's trail with its CSV.
 */
describeInBrowser('history', () => {
  const suite = browserSuite();
  const OWNER = '79990000001';
  const AGENCY = 'demo-agency-1';
  const author = { userId: 'demo-owner-1', role: ROLES.AGENCY_OWNER, agencyId: AGENCY };
  /** the test's own listing of the demo agency */
  const listing = 'history-listing';
  const title = `Объявление ${listing}`;

  beforeAll(async () => {
    const { app, url, clock } = suite.server;
    await createPublication(app.ctx, author, { id: listing, price: 9_750_000, publishedDaysAgo: 10 });
    clock.advance(31_000);
    const token = await apiSignIn(url, OWNER);
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
        actor: author,
        details: { ...details, price: details.price - 250_000, description: `${details.description} Торг.` },
      },
      { actor: author.userId },
    );
    await app.ctx.projections.whenCaughtUp();
  });

  describe.each([375, 1440])('history and the audit trail at %i px', (width) => {
    // one owner's session a width, signed in once for both tests
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await suite.browser.newContext({ viewport: { width, height: 1000 } });
      page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await cabinetSignIn(page, suite.server, OWNER);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('shows a listing’s changes from its edit view and the listing as it was, the differences highlighted', async () => {
      await visit(page, `${suite.server.url}/cabinet/#/publications/${listing}`);
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
      await shot(page, `cabinet-history-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    it('shows the owner every action of the agency in «Журнал действий», filtered, with its CSV', async () => {
      await visit(page, `${suite.server.url}/cabinet/`);
      await page.getByText('Мои объявления').first().waitFor();
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
      await shot(page, `cabinet-audit-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
});
