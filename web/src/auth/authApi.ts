/**
 * The account calls both front ends make (the site's auth modal and profile, the cabinet's sign-in),
 * with the API's error envelope turned into an AuthFailure the forms show under their fields.
 */
export type ErrorBody = { errorCode?: number; message?: string; errors?: Record<string, string[]> };

export class AuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
  /** the spec's texts for codes 1–5, the server's message otherwise */
  get text(): string {
    // the server's own 429 texts say how long to wait (a resend pause, the phone's daily cap on wrong codes)
    if (this.status === 429) return this.body.message ?? TOO_MANY;
    return (
      (this.body.errorCode !== undefined && AUTH_TEXTS[this.body.errorCode]) ||
      this.body.message ||
      'Не удалось выполнить запрос'
    );
  }
  /** field errors joined by '. ', as the spec shows them under each field */
  field(name: string): string | undefined {
    return this.body.errors?.[name]?.join('. ');
  }
}

export const TOO_MANY = 'Превышен лимит запросов, пожалуйста попробуйте позже.';
export const AUTH_TEXTS: Record<number, string> = {
  1: 'Некорректные данные',
  2: 'Пользователь не найден',
  3: 'Не удалось отправить СМС - код',
  4: 'Неверный номер',
  5: 'Введен неправильный код',
};

export async function apiCall<T>(
  path: string,
  init: RequestInit & { token?: string | null } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  if (!(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new AuthFailure(response.status, body as ErrorBody);
  return body as T;
}

type ClientConfig = { recaptchaSiteKey: string | null; devOutbox: boolean };
let config: Promise<ClientConfig> | null = null;
export const clientConfig = () =>
  (config ??= apiCall<{ data: ClientConfig }>('/api/client-config')
    .then((r) => r.data)
    .catch(() => ({ recaptchaSiteKey: null, devOutbox: false })));

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

const withBot = async (action: string, body: object) =>
  JSON.stringify({ ...body, 'g-recaptcha-response': await botToken(action) });
type EndTime = { data: { endTime: string; serverTime?: string } };

/** endTime moved onto this device's clock: the server says how far ahead it is, the device's own clock may be wrong. */
async function onLocalClock(answer: Promise<EndTime>): Promise<EndTime> {
  const { data } = await answer;
  if (!data.serverTime) return { data };
  return {
    data: {
      endTime: new Date(Date.now() + Date.parse(data.endTime) - Date.parse(data.serverTime)).toISOString(),
    },
  };
}
type Token = { data: { token: string } };

export const sendLoginCode = async (phone: string) =>
  onLocalClock(
    apiCall<EndTime>('/api/auth/send-login-sms-code', {
      method: 'POST',
      body: await withBot('login', { phone }),
    }),
  );
export const login = (phone: string, smsCode: string) =>
  apiCall<Token>('/api/auth/login', { method: 'POST', body: JSON.stringify({ phone, smsCode }) });
export const register = async (details: {
  name: string;
  phone: string;
  email: string;
  newsletter: boolean;
}) =>
  onLocalClock(
    apiCall<EndTime>('/api/auth/registration', {
      method: 'POST',
      body: await withBot('registration', details),
    }),
  );
export const confirmPhone = (phone: string, smsCode: string) =>
  apiCall<Token>('/api/auth/confirm-phone', { method: 'POST', body: JSON.stringify({ phone, smsCode }) });
export const changePhone = async (newPhone: string, token?: string | null) =>
  onLocalClock(
    apiCall<EndTime>('/api/auth/change-phone', {
      method: 'POST',
      body: await withBot('change_phone', { newPhone }),
      token,
    }),
  );
export const confirmChangePhone = (newPhone: string, smsCode: string, token?: string | null) =>
  apiCall<{ data: { phone: string } }>('/api/auth/confirm-change-phone', {
    method: 'POST',
    body: JSON.stringify({ newPhone, smsCode }),
    token,
  });

/** Development only: the code the outbox recorded, shown beside the code fields (the route is absent in production). */
export async function devCode(phone: string): Promise<string | null> {
  if (!(await clientConfig()).devOutbox) return null;
  const messages = await apiCall<{ data: { text: string }[] }>(`/api/dev/sms?phone=${phone}`).catch(() => ({
    data: [],
  }));
  return /\b(\d{4})\b/.exec(messages.data[0]?.text ?? '')?.[1] ?? null;
}
