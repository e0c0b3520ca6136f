import { MODERATOR_ROLE } from '@estate/events';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn, outboxCode, typeCode } from '../support/smsCode';
import { handleCommand } from '../../services/src/core/decider';
import { publicationDecider, publicationStream } from '../../services/src/publications';
import { createAgency, createPublication } from '../../services/test/publications';

/**
 * Issue 40, items 5, 7 and 8, at a phone's and a desktop's width: an agent who types an owner's
 * address gets «Нет доступа» (no call of that screen, no 403) and a menu without those screens;
 * agents and owners have a profile of their own; the listings' per-card menu acts by status.
 */
jest.setTimeout(300_000);

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** the owner's screens by address, each with what only that screen shows */
const OWNER_SCREENS: [hash: string, shows: (page: Page) => Locator][] = [
  ['#/employees', (p) => p.getByText('Добавить нового сотрудника')],
  ['#/wallet', (p) => p.getByRole('button', { name: 'Оплатить онлайн' })],
  ['#/invoices', (p) => p.getByText('Счетов пока нет')],
  ['#/invoices/create', (p) => p.getByText('Бухгалтерия выставит счёт на организацию')],
  ['#/audit', (p) => p.getByTestId('audit-export')],
];
/** the calls of those screens: none may leave an agent's page */
const OWNER_CALLS = /\/employee\b|\/balance|\/invoice|\/api\/cabinet\/audit|wallet-operations/;
const OWNER_MENU = ['Баланс кошелька', 'Счета', 'Сотрудники', 'Журнал действий'];

describeInBrowser('the cabinet by role', () => {
  const suite = browserSuite();
  const url = () => suite.server.url;
  const ctx = () => suite.server.app.ctx;
  let contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  /** A cabinet page at the width, signed in by the session cookie of the API's SMS sign-in; answers the token too. */
  async function signIn(phone: string, width: number, hash = '#/') {
    const token = await apiSignIn(url(), phone);
    const context = await suite.browser.newContext({ viewport: { width, height: 1000 } });
    contexts.push(context);
    await context.addCookies([
      { name: 'auth-token', value: token, url: url(), httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    // the machine may be loaded by other suites: waits are generous, never a measure of speed
    page.setDefaultTimeout(60_000);
    await visit(page, `${url()}/cabinet/${hash}`);
    return { page, token };
  }

  /** the menu's items by name (a phone's menu is behind its button) */
  async function menuItems(page: Page, width: number) {
    if (width < 600) await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('menuitem', { name: 'Профиль' }).waitFor();
    return page.getByRole('menuitem').allTextContents();
  }

  const api = async <T>(token: string, path: string) => {
    const res = await fetch(`${url()}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: T }).data;
  };

  const fitsWidth = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  describe.each([375, 1440])('at %i px', (width) => {
    it('shows an agent «Нет доступа» at every owner-only address, with no call of it and no 403, and the owner the screens', async () => {
      const agency = await createAgency(ctx(), `roles-${width}`, `41${width}`);
      const { page } = await signIn(agency.agentPhone, width);
      await page.getByText('Мои объявления').first().waitFor();
      const calls: string[] = [];
      const refused: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.startsWith('/api/')) calls.push(`${r.method()} ${pathname}`);
      });
      page.on('response', (r) => {
        if (r.status() === 403) refused.push(r.url());
      });

      // by address: the first typed into a new page, the others in the running cabinet
      for (const [index, [hash]] of OWNER_SCREENS.entries()) {
        if (index === 0) await visit(page, `${url()}/cabinet/${hash}`);
        else await page.evaluate((h) => (window.location.hash = h), hash);
        await page.getByRole('heading', { level: 1, name: 'Нет доступа' }).waitFor();
        await page.getByText('Этот раздел открывает только владелец агентства.').waitFor();
      }
      await shot(page, `cabinet-no-access-${width}`, { fullPage: true });
      await fitsWidth(page, width);
      // the way back: the dashboard, with no notice of a refusal following it
      await page.getByRole('link', { name: 'На главную' }).click();
      await page.getByText('Мои объявления').first().waitFor();
      expect(new URL(page.url()).hash).toBe('#/');
      expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
      expect(refused).toEqual([]);
      expect(calls.filter((c) => OWNER_CALLS.test(c))).toEqual([]);

      const agentMenu = await menuItems(page, width);
      expect(agentMenu).toEqual(expect.arrayContaining(['Объявления', 'Моё агентство', 'Профиль']));
      for (const item of OWNER_MENU) expect(agentMenu).not.toContain(item);

      // the owner opens each of them, and the menu names them
      const { page: owner } = await signIn(agency.ownerPhone, width);
      await owner.getByText('Мои объявления').first().waitFor();
      for (const [hash, shows] of OWNER_SCREENS) {
        await owner.evaluate((h) => (window.location.hash = h), hash);
        await shows(owner).first().waitFor();
        expect(await owner.getByRole('heading', { level: 1, name: 'Нет доступа' }).count()).toBe(0);
      }
      await owner.evaluate(() => (window.location.hash = '#/'));
      await owner.getByText('Мои объявления').first().waitFor();
      await menuItems(owner, width);
      // the resources' items show once canAccess has answered
      await owner.getByRole('menuitem', { name: 'Сотрудники' }).waitFor();
      expect(await owner.getByRole('menuitem').allTextContents()).toEqual(expect.arrayContaining(OWNER_MENU));
    });

    it('lets an agent change their own name, photo, phone by an SMS code, e-mail and the tariff notice', async () => {
      const agency = await createAgency(ctx(), `profile-${width}`, `42${width}`);
      const { page, token } = await signIn(agency.agentPhone, width);
      await page.getByText('Мои объявления').first().waitFor();
      await menuItems(page, width);
      await page.getByRole('menuitem', { name: 'Профиль' }).click();
      await page.getByRole('heading', { name: 'Фото' }).waitFor();
      expect(new URL(page.url()).hash).toBe('#/profile');

      const name = `Агент Профиль ${width}`;
      await page.getByLabel('ФИО').fill(name);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Имя сохранено').waitFor();

      await page
        .getByLabel('Файл фото')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await page.locator(`img[alt="${name}"]`).waitFor();

      const tariffNotice = page.getByLabel('Уведомления об окончании тарифа');
      expect(await tariffNotice.isChecked()).toBe(true);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/profile/notification-setting') && r.ok()),
        tariffNotice.uncheck(),
      ]);

      const email = `agent-${width}@example.ru`;
      await page.getByLabel('Новый адрес').fill(email);
      await page.getByRole('button', { name: 'Изменить почту' }).click();
      await page.getByText(`Письмо со ссылкой отправлено на ${email}`).waitFor();
      await page.getByText('Не подтверждена').waitFor();

      const newPhone = `7956${String(width).padStart(6, '0')}2`;
      await page.getByRole('button', { name: 'Изменить номер' }).click();
      await page.getByLabel('Новый номер').fill(newPhone.slice(1));
      await page.getByRole('button', { name: 'Получить код' }).click();
      await page.getByText('Новый код можно получить через', { exact: false }).waitFor();
      await typeCode(page, await outboxCode(url(), newPhone));
      await page.getByRole('button', { name: 'Изменить номер' }).waitFor();
      await page
        .getByText(`+7 (956) ${newPhone.slice(4, 7)}-${newPhone.slice(7, 9)}-${newPhone.slice(9)}`)
        .waitFor();
      await shot(page, `cabinet-profile-${width}`, { fullPage: true });
      await fitsWidth(page, width);

      // what the page shows is what the account holds
      const profile = await api<{
        name: string;
        phone: string;
        email: string;
        avatar: string | null;
        settings: Record<string, boolean>;
      }>(token, '/api/profile');
      expect(profile).toMatchObject({ name, phone: newPhone, email });
      expect(profile.avatar).toMatch(/^\/storage\/avatars\//);
      expect(profile.settings).toEqual({
        canReceiveNotifications: true,
        canReceiveSmsNotifications: true,
        canReceiveEmailNotifications: true,
        canReceiveTariffNotifications: false,
      });
    });

    it('opens the cabinet’s profile from the site’s /account/agency/profile', async () => {
      const agency = await createAgency(ctx(), `site-profile-${width}`, `43${width}`);
      const { page } = await signIn(agency.ownerPhone, width);
      await visit(page, `${url()}/account/agency/profile`);
      await page.waitForURL('**/cabinet/#/profile');
      await page.getByRole('heading', { name: 'Фото' }).waitFor();
      expect(await page.getByLabel('ФИО').inputValue()).toBe(`Владелец site-profile-${width}`);
    });

    it('offers each listing the actions of its status in its menu, «Отменить» closing it', async () => {
      const agency = await createAgency(ctx(), `menu-${width}`, `44${width}`);
      const published = `menu-pub-${width}`;
      const declined = `menu-dec-${width}`;
      await createPublication(ctx(), agency.agent, { id: published, price: 7_100_000, publishedDaysAgo: 2 });
      await createPublication(ctx(), agency.agent, { id: declined, price: 7_200_000, publishedDaysAgo: 3 });
      await handleCommand(ctx().eventStore, publicationStream(declined), publicationDecider, {
        type: 'DeclinePublication',
        actor: { userId: 'moderator-e2e', role: MODERATOR_ROLE, agencyId: null },
        reason: 'Нет фото квартиры',
      });
      await ctx().projections.whenCaughtUp();
      const { page, token } = await signIn(agency.agentPhone, width, '#/publications');
      const changes: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/change-status')) changes.push(`${r.method()} ${r.url()}`);
      });
      const menu = page.getByRole('menu', { name: 'Действия с объявлением' });
      const items = () => menu.getByRole('menuitem').allTextContents();

      // 1: edit, the tariff, back to the drafts, hide, delete — and «Отменить», which closes the menu
      await page.getByTestId(`row-menu-${published}`).click();
      await menu.getByRole('menuitem', { name: 'Отменить' }).waitFor();
      expect(await items()).toEqual([
        'Отредактировать',
        'Изменить ставку',
        'В черновики',
        'Скрыть',
        'Удалить',
        'Отменить',
      ]);
      await shot(page, `cabinet-listing-menu-${width}`, { fullPage: true });
      await menu.getByRole('menuitem', { name: 'Отменить' }).click();
      await menu.waitFor({ state: 'detached' });
      expect(new URL(page.url()).hash).toMatch(/^#\/publications(\?|$)/);

      await page.getByTestId(`row-menu-${published}`).click();
      await menu.getByRole('menuitem', { name: 'В черновики' }).click();
      await page.getByText('Объявление перенесено в черновики').waitFor();
      await page.getByTestId(`row-menu-${published}`).waitFor({ state: 'detached' });
      expect(changes).toEqual([
        expect.stringMatching(
          new RegExp(
            `^PATCH .*/api/agency/${agency.agencyId}/publications/change-status\\?status=2&.*${published}`,
          ),
        ),
      ]);
      const moved = await api<{ status: number }>(
        token,
        `/api/agency/${agency.agencyId}/publications/${published}`,
      );
      expect(moved.status).toBe(2);

      // 2: «Продолжить заполнение» opens its form
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Черновики' }).click();
      await page.getByTestId(`row-menu-${published}`).click();
      await menu.waitFor();
      expect(await items()).toEqual(['Продолжить заполнение', 'Удалить', 'Отменить']);
      await menu.getByRole('menuitem', { name: 'Продолжить заполнение' }).click();
      await page.waitForURL(`**/cabinet/#/publications/${published}`);
      await page.getByLabel('Заголовок').first().waitFor();

      // 4: «Отредактировать» a declined listing
      await page.evaluate(() => window.history.back());
      await page.getByRole('tab', { name: 'Отклонённые' }).click();
      await page.getByText('Нет фото квартиры').waitFor();
      await page.getByTestId(`row-menu-${declined}`).click();
      await menu.waitFor();
      expect(await items()).toEqual(['Отредактировать', 'Удалить', 'Отменить']);
      await menu.getByRole('menuitem', { name: 'Отредактировать' }).click();
      await page.waitForURL(`**/cabinet/#/publications/${declined}`);
      await page.getByLabel('Заголовок').first().waitFor();
      await fitsWidth(page, width);
    });
  });
});
