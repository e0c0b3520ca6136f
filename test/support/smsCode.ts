import type { Page } from 'playwright-core';
import { visit } from './browser';

/** The newest code the server's development outbox holds for a phone, as the person would read it on their phone. */
export async function outboxCode(baseUrl: string, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev/sms?phone=${phone}`);
    const { data } = (await response.json()) as { data: { text: string }[] };
    const code = /\b(\d{4})\b/.exec(data[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${phone}`);
}

/** Types a code into the four digit fields, as a person does. */
export async function typeCode(page: Page, code: string) {
  await page.getByLabel('Цифра 1').click();
  await page.keyboard.type(code, { delay: 30 });
}

/** Signs in through the HTTP API (the SMS flow with the outbox's code); answers the session token. */
export async function apiSignIn(baseUrl: string, phone: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/api/auth/send-login-sms-code', { phone, 'g-recaptcha-response': 'test' });
  if (!sent.ok) throw new Error(`code not sent: ${sent.status}`);
  const login = await post('/api/auth/login', { phone, smsCode: await outboxCode(baseUrl, phone) });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * Confirms a phone as a request form does (a code by SMS, checked at /api/sms-code/verify); answers
 * the trust token a form sends in its `trust-token` header, good for a day.
 */
export async function apiTrustPhone(baseUrl: string, phone: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, 'g-recaptcha-response': 'test' }),
    });
  const sent = await post('/api/sms-code/send', { phone });
  if (!sent.ok) throw new Error(`code not sent: ${sent.status}`);
  const verified = await post('/api/sms-code/verify', { phone, smsCode: await outboxCode(baseUrl, phone) });
  if (!verified.ok) throw new Error(`code not accepted: ${verified.status}`);
  return ((await verified.json()) as { data: { token: string } }).data.token;
}

/**
 * The code step of a sign-in form open on the page (the site's modal, the cabinet's page): the phone
 * typed as a person types it (`typed`, the digits by default), «Получить код по СМС», and, once the
 * countdown shows (the code is in the outbox by then), the code typed.
 */
export async function enterWithCode(page: Page, baseUrl: string, phone: string, typed = phone) {
  await page.getByLabel('Телефон').fill(typed);
  await page.getByRole('button', { name: 'Получить код по СМС' }).click();
  await page.getByText('Новый код можно получить через', { exact: false }).waitFor();
  await typeCode(page, await outboxCode(baseUrl, phone));
}

/** Signs in on the public site through its modal: phone, 'Получить код по СМС', the code from the outbox. */
export async function siteSignIn(page: Page, baseUrl: string, phone: string, masked: string) {
  await page.getByRole('button', { name: 'Вход и регистрация' }).click();
  await enterWithCode(page, baseUrl, phone, masked);
  await page.getByRole('link', { name: 'Личный кабинет' }).waitFor();
}

/**
 * Signs in to the cabinet on its own page (past the resend pause of an earlier code to the phone,
 * on the server's clock): done once the menu shows «Мои объявления».
 */
export async function cabinetSignIn(
  page: Page,
  server: { url: string; clock: { advance(ms: number): void } },
  phone: string,
) {
  server.clock.advance(31_000);
  await visit(page, `${server.url}/cabinet/`);
  await enterWithCode(page, server.url, phone);
  await page.getByText('Мои объявления').first().waitFor();
}
