import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer } from '../support/server';
import { outboxCode, typeCode } from '../support/smsCode';
import { DEMO_PHONES } from '../../services/src/seed';

/**
 * The moderators' back-office (issue 17, item 4) at a phone's and a desktop's width: the demo
 * moderator finds a demo lead, takes it and marks it done; declines a complained-about listing with
 * a reason; writes a blog post with a heading and a list and publishes it (the site then serves it).
 */
let app: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser | null;
let page: Page;
const SHOTS = process.env.SCREENSHOT_DIR ?? '.cache/screenshots';
jest.setTimeout(300_000);

beforeAll(async () => {
  browser = await launchBrowser('moderation');
  if (!browser) return;
  app = await startTestServer({ listings: 20 });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async () => {
  await page?.close();
});

const url = () => app.url;

/** Signs in on the cabinet's own page by SMS code; a moderator lands on the leads. */
async function signIn(width: number) {
  page = await browser!.newPage({ viewport: { width, height: 1000 } });
  page.setDefaultTimeout(15_000);
  app.clock.advance(31_000); // past the resend pause of the previous sign-in with this phone
  await page.goto(`${url()}/cabinet/`);
  await page.getByLabel('Телефон').fill(DEMO_PHONES.moderator);
  await page.getByRole('button', { name: 'Получить код по СМС' }).click();
  await page.getByText('Новый код можно получить через', { exact: false }).waitFor();
  await typeCode(page, await outboxCode(url(), DEMO_PHONES.moderator));
  await page.getByText('Лиды: заявки с сайта').first().waitFor();
}

const shot = (name: string, width: number) =>
  page.screenshot({ path: `${SHOTS}/moderation-${name}-${width}.png`, fullPage: true });

/** the menu of a phone is behind its button */
async function openMenuItem(name: string, width: number) {
  if (width < 600) await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

// each width works on demo data of its own: the phone the first new lead, the desktop the next
const RUNS = [
  { width: 375, lead: 'Алексей', slug: 'moderator-post-phone' },
  { width: 1440, lead: 'Дмитрий', slug: 'moderator-post-desktop' },
];

describe.each(RUNS)('the moderator at $width px', ({ width, lead, slug }) => {
  it('takes a lead, marks it done, declines a listing complained about, publishes a post', async () => {
    if (!browser) return;
    await signIn(width);

    // the leads: find the demo lead, take it, mark it done
    await page.getByText(lead, { exact: false }).first().waitFor();
    await shot('leads', width);
    await page.getByText(lead, { exact: false }).first().click();
    await page
      .getByRole('button', { name: 'Взять в работу' })
      .click()
      .catch(async (error) => {
        await shot('lead-failed', width);
        throw error;
      });
    await page.getByText('Заявка взята в работу').waitFor();
    await page.getByRole('button', { name: 'Выполнена' }).click();
    await page.getByText('Заявка выполнена').waitFor();
    await page.getByText('История').waitFor();
    await shot('lead', width);

    // the complaints: decline the listing of an open one, with the reason its agency reads
    await openMenuItem('Жалобы: объявления', width);
    await page.getByText('Объявления с жалобами').first().waitFor();
    await shot('complained', width);
    await openMenuItem('Жалобы', width);
    const card = page.locator('[data-testid^="complaint-"]').first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Отклонить объявление' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Причина', { exact: false }).fill('Фотографии не соответствуют объекту');
    await shot('decline', width);
    await dialog.getByRole('button', { name: 'Отклонить объявление' }).click();
    await page.getByText('Объявление отклонено').first().waitFor();

    // a post with a heading and a list, published
    await page.goto(`${url()}/cabinet/#/posts/create`);
    await page.getByLabel('Заголовок').fill(`Как выбрать квартиру (${width})`);
    await page.getByLabel('Адрес страницы').fill(slug);
    // an article stands in a rubric: the first of the demo's
    await page.getByLabel('Рубрика').click();
    await page.getByRole('option').first().click();
    const editor = page.locator('.ProseMirror');
    await editor.click();
    // the heading chosen in the toolbar's level select, the list by tiptap's input rule «- »
    await page.getByRole('button', { name: 'Текущий уровень' }).click();
    await page.getByRole('menuitem', { name: 'Заголовок 2' }).click();
    await page.keyboard.type('Что посмотреть');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Несколько советов.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Документы');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Соседи');
    await page.getByLabel('Опубликовать').check();
    await shot('post', width);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page
      .getByText(`Как выбрать квартиру (${width})`)
      .first()
      .waitFor()
      .catch(async (error) => {
        await shot('post-failed', width);
        throw error;
      });
    await shot('posts', width);

    // the site's settings: the contacts' form reads the saved section
    await page.goto(`${url()}/cabinet/#/settings`);
    await page.getByRole('tab', { name: 'Контакты' }).waitFor();
    await page.getByLabel('Электронная почта').waitFor();
    await shot('settings', width);

    const res = await fetch(`${url()}/api/posts/${slug}`);
    expect(res.status).toBe(200);
    const post = (await res.json()) as { data: { description: string } };
    expect(post.data.description).toMatch(/<h2>Что посмотреть<\/h2>/);
    expect(post.data.description).toMatch(/<ul>.*Документы.*Соседи.*<\/ul>/s);
  });
});
