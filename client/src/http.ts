/**
 * The one fetch wrapper of the site and the cabinet. Every call sends the session cookie (the
 * server's HttpOnly `auth-token`, which no script reads), JSON unless the body is a FormData, and
 * turns any failure into an ApiError carrying the spec's envelope `{ errorCode, message, errors }`.
 */

/** The spec's error envelope (api.md): field errors are lists of Russian messages by field name. */
export type ErrorEnvelope = { errorCode: number; message: string; errors?: Record<string, string[]> };

/** The spec's texts for the sign-in codes 1–5 (api.md section 7); the server's message otherwise. */
export const AUTH_TEXTS: Readonly<Record<number, string>> = {
  1: 'Некорректные данные',
  2: 'Пользователь не найден',
  3: 'Не удалось отправить СМС - код',
  4: 'Неверный номер',
  5: 'Введен неправильный код',
};
export const TOO_MANY = 'Превышен лимит запросов, пожалуйста попробуйте позже.';
/** errorCode 34 is the spec's "nothing found": an empty page, not a failure. */
export const NO_RESULTS = 34;

/** An answer other than 2xx, or no answer at all (status 0): what every call of both front ends throws. */
export class ApiError extends Error {
  readonly errorCode: number;
  readonly errors: Record<string, string[]>;
  constructor(
    readonly status: number,
    readonly body: ErrorEnvelope,
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.errorCode = body.errorCode;
    this.errors = body.errors ?? {};
  }

  /** The text a form shows: the spec's texts for codes 1–5, the server's own 429 texts (how long to wait), else its message. */
  get text(): string {
    if (this.status === 429) return this.body.message || TOO_MANY;
    return (Object.hasOwn(AUTH_TEXTS, this.errorCode) && AUTH_TEXTS[this.errorCode]) || this.message;
  }

  /** A field's errors joined by '. ', as the spec shows them under the field. */
  field(name: string): string | undefined {
    return Object.hasOwn(this.errors, name) ? this.errors[name].join('. ') : undefined;
  }
}

/** Any failure as an ApiError: a script error or a lost connection becomes the "no answer" one. */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, envelopeOf(0, null));

const isEnvelope = (body: unknown): body is ErrorEnvelope =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as ErrorEnvelope).errorCode === 'number' &&
  typeof (body as ErrorEnvelope).message === 'string';

/** Whatever the server (or a proxy in front of it) answered, as the envelope: a bare 502 page has none. */
export function envelopeOf(status: number, body: unknown): ErrorEnvelope {
  if (isEnvelope(body)) return body;
  return { errorCode: 500, message: status ? `Ошибка сервера (${status})` : 'Нет связи с сервером' };
}

export type ApiInit = Omit<RequestInit, 'body'> & {
  /** an object is sent as JSON; a FormData (an upload) as it is */
  body?: unknown;
  /** a session token for API clients (`Authorization: Bearer`); the site and the cabinet use the cookie */
  token?: string | null;
};

export type ApiResponse<T> = { status: number; headers: Headers; json: T };

/** One call: the answer's status, headers and parsed JSON, or an ApiError. */
export async function request<T = unknown>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  const { body, token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof FormData || typeof body === 'string') payload = body;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined && !(body instanceof FormData) && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...rest, headers, body: payload, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, envelopeOf(0, null));
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, envelopeOf(response.status, json));
  return { status: response.status, headers: response.headers, json: json as T };
}

/** One call, its JSON answer only. */
export const apiCall = async <T = unknown>(path: string, init: ApiInit = {}): Promise<T> =>
  (await request<T>(path, init)).json;

/** A query string from defined values; lists as `name[]=a&name[]=b`, as the spec's client sends them. */
export function query(
  params: Record<string, string | number | boolean | null | undefined | (string | number)[]>,
) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(`${name}[]`, String(item)));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
