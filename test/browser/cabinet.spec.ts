import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer } from '../support/server';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser | null;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser('agency cabinet');
  if (!browser) return;
  server = await startTestServer({ listings: 40 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = async (phone: string) => {
  page = await browser!.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${server.url}/cabinet/`);
  await page.getByLabel('Телефон').fill(phone);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Мои объявления').first().waitFor();
};
afterEach(async () => {
  await page?.close();
});

describe('agency cabinet in Chromium', () => {
  it('lists the agency’s active publications with prices in roubles', async () => {
    if (!browser) return console.warn('SKIPPED: agency cabinet browser test (no Chromium)');
    await signIn('79990000001');
    await page.goto(`${server.url}/cabinet/#/publications`);
    const firstRow = page.locator('tbody tr').first();
    await firstRow.waitFor();
    expect(await firstRow.textContent()).toMatch(/₽/);
    expect(await firstRow.textContent()).toContain('Активно');
  });

  it('creates a draft, finds it under Черновики and publishes it into Активные', async () => {
    if (!browser) return console.warn('SKIPPED: agency cabinet browser test (no Chromium)');
    await signIn('79990000011');
    await page.goto(`${server.url}/cabinet/#/publications/create`);
    await page.getByLabel('Тип сделки').click();
    await page.getByRole('option', { name: 'Продажа' }).click();
    await page.getByLabel('Заголовок').fill('Браузерный тест: 2-комн. квартира, 61 м²');
    await page.getByLabel('Цена, ₽').fill('15300000');
    await page.getByLabel('Город').click();
    await page.getByRole('option', { name: 'Казань' }).click();
    await page.getByLabel('Адрес').fill('Казань, ул. Баумана, 7');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Черновик').first().waitFor();

    await page.goto(`${server.url}/cabinet/#/publications`);
    await page.getByRole('tab', { name: 'Черновики' }).click();
    const draft = page.locator('tbody tr', { hasText: 'Браузерный тест' });
    await draft.waitFor();
    await draft.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByText('Объявление опубликовано').waitFor();
    await page.getByRole('tab', { name: 'Активные', exact: true }).click();
    await page.locator('tbody tr', { hasText: 'Браузерный тест' }).waitFor();
  });

  it('refuses a plain user with a clear message', async () => {
    if (!browser) return console.warn('SKIPPED: agency cabinet browser test (no Chromium)');
    page = await browser.newPage();
    await page.goto(`${server.url}/cabinet/`);
    await page.getByLabel('Телефон').fill('79990000100');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Кабинет агентства доступен сотрудникам агентств', { exact: false }).waitFor();
  });
});
