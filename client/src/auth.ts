import type { ClientConfigDto, CodeSentDto, ProfileDto } from './types';
import { ApiError } from './http';
import { api } from './api';

/**
 * The account calls both front ends make (api.md section 7): the site's sign-in modal and profile,
 * and the cabinet's sign-in. A failure is an ApiError the forms show under their fields.
 */

const configFallback: ClientConfigDto = {
  recaptchaSiteKey: null,
  devOutbox: false,
  mapTiles: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© участники OpenStreetMap',
  },
};
let config: Promise<ClientConfigDto> | null = null;
/** The public settings (the reCAPTCHA key, whether the development outbox is listed), asked once. */
export const clientConfig = () =>
  (config ??= api
    .get('/api/client-config')
    .then((answer) => answer.data)
    .catch(() => configFallback));

declare global {
  interface Window {
    grecaptcha?: {
      ready(cb: () => void): void;
      execute(key: string, options: { action: string }): Promise<string>;
    };
  }
}

let script: Promise<void> | null = null;
/** An invisible reCAPTCHA v3 token; without a site key (development) the server accepts any token. */
export async function botToken(action: string): Promise<string> {
  const { recaptchaSiteKey: key } = await clientConfig();
  if (!key) return 'development';
  script ??= new Promise<void>((resolve, reject) => {
    const tag = document.createElement('script');
    tag.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`;
    tag.onload = () => window.grecaptcha!.ready(resolve);
    tag.onerror = () => reject(new Error('reCAPTCHA не загрузилась'));
    document.head.appendChild(tag);
  });
  await script;
  return window.grecaptcha!.execute(key, { action });
}

/** A form's body with its bot-check token in the spec's field. */
export const withBotToken = async <T extends object>(action: string, body: T) => ({
  ...body,
  'g-recaptcha-response': await botToken(action),
});

type CodeSent = { data: Pick<CodeSentDto, 'endTime'> };

/** endTime moved onto this device's clock: the server says how far ahead it is, the device's own clock may be wrong. */
async function onLocalClock(answer: Promise<{ data: CodeSentDto }>): Promise<CodeSent> {
  const { data } = await answer;
  return {
    data: {
      endTime: new Date(Date.now() + Date.parse(data.endTime) - Date.parse(data.serverTime)).toISOString(),
    },
  };
}

export const sendLoginCode = async (phone: string) =>
  onLocalClock(api.post('/api/auth/send-login-sms-code', { body: await withBotToken('login', { phone }) }));

export const login = (phone: string, smsCode: string) =>
  api.post('/api/auth/login', { body: { phone, smsCode } });

export const register = async (details: {
  name: string;
  phone: string;
  email: string;
  newsletter: boolean;
}) => onLocalClock(api.post('/api/auth/registration', { body: await withBotToken('registration', details) }));

export const confirmPhone = (phone: string, smsCode: string) =>
  api.post('/api/auth/confirm-phone', { body: { phone, smsCode } });

export const changePhone = async (newPhone: string) =>
  onLocalClock(
    api.post('/api/auth/change-phone', { body: await withBotToken('change_phone', { newPhone }) }),
  );

export const confirmChangePhone = (newPhone: string, smsCode: string) =>
  api.post('/api/auth/confirm-change-phone', { body: { newPhone, smsCode } });

/** The server ends the session and clears the cookie. */
export const logout = () => api.post('/api/auth/logout');

/** The code that confirms the account's erasure, by SMS to the account's own phone. */
export const sendEraseCode = async () =>
  onLocalClock(api.post('/api/profile/delete/send-code', { body: await withBotToken('erase_account', {}) }));

/** Erases the account and its personal data for good; the server ends the session and clears the cookie. */
export const eraseAccount = (smsCode: string) => api.post('/api/profile/delete', { body: { smsCode } });

/** Who is signed in: the profile, or null when nobody is (401; the server clears a dead cookie itself). */
export async function profile(): Promise<ProfileDto | null> {
  try {
    return (await api.get('/api/profile')).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Confirms the address by the token the letter's link carries to /confirmation-email. */
export const confirmEmail = (token: string) => api.post('/api/auth/confirm-email', { body: { token } });

/** Development only: the code the outbox recorded, shown beside the code fields (the route is absent in production). */
export async function devCode(phone: string): Promise<string | null> {
  if (!(await clientConfig()).devOutbox) return null;
  const messages = await api.get('/api/dev/sms', { query: { phone } }).then(
    (answer) => answer.data,
    () => [],
  );
  return /\b(\d{4})\b/.exec(messages[0]?.text ?? '')?.[1] ?? null;
}
