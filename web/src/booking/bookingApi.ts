import { api, botToken, type AnswerOf, type BookingDetailDto } from '@estate/client';

/** The calls of a daily-rent booking: the phone's SMS check (the spec's sms-code calls), the request, the guest's own page. */
/** as the API answers it: inferred from the server's schema, never copied */
export type BookingAnswer = BookingDetailDto;
/** the request as its POST answers it (without the messages: a new request has none) */
export type SentBooking = AnswerOf<'post', '/api/booking/daily-rent/{publicationId}'>['data'];
export type BookingInput = {
  name: string;
  phone: string;
  email: string | null;
  startDate: string;
  endDate: string;
  adultCount: number;
  childCount: number;
};

/** The header the request carries its phone's trust token in, and the header the guest's page carries its key in. */
const TRUST_HEADER = 'trust-token';
const KEY_HEADER = 'booking-key';

/** The code is sent; endTime (when a new one may be asked) moved onto this device's clock by the server's own time. */
export async function sendFormCode(phone: string): Promise<string> {
  const { data } = await api.post('/api/sms-code/send', {
    body: { phone, 'g-recaptcha-response': await botToken('sms_code') },
  });
  return data.serverTime
    ? new Date(Date.now() + Date.parse(data.endTime) - Date.parse(data.serverTime)).toISOString()
    : data.endTime;
}

export async function verifyFormCode(phone: string, smsCode: string): Promise<string> {
  const { data } = await api.post('/api/sms-code/verify', {
    body: { phone, smsCode, 'g-recaptcha-response': await botToken('sms_verify') },
  });
  return data.token;
}

export async function sendBooking(
  publicationId: string,
  input: BookingInput,
  trustToken: string | null,
): Promise<SentBooking> {
  const { data } = await api.post('/api/booking/daily-rent/{publicationId}', {
    path: { publicationId },
    headers: trustToken ? { [TRUST_HEADER]: trustToken } : {},
    body: { publicationId, ...input, 'g-recaptcha-response': await botToken('booking') },
  });
  return data;
}

export const guestBooking = (requestId: string, key: string) =>
  api.get('/api/booking/daily-rent/guest/{requestId}', {
    path: { requestId },
    headers: { [KEY_HEADER]: key },
  });

export const cancelGuestBooking = (requestId: string, key: string, text: string) =>
  api.post('/api/booking/daily-rent/guest/{requestId}/cancel', {
    path: { requestId },
    headers: { [KEY_HEADER]: key },
    body: { text },
  });

/**
 * api.md: after a successful SMS check the token and the phone are stored in cookies, so the next
 * form from this phone needs no new code; the server keeps the token good for a day.
 */
const TRUST_COOKIE = 'trust-token';
const TRUST_PHONE_COOKIE = 'trust-phone';
const cookie = (name: string) =>
  document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export function storedTrust(phone: string): string | null {
  return cookie(TRUST_PHONE_COOKIE) === phone ? decodeURIComponent(cookie(TRUST_COOKIE) ?? '') || null : null;
}
export function storeTrust(phone: string, token: string | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const life = token ? 'max-age=86400' : 'max-age=0';
  document.cookie = `${TRUST_COOKIE}=${encodeURIComponent(token ?? '')}; ${life}; path=/; SameSite=Strict${secure}`;
  document.cookie = `${TRUST_PHONE_COOKIE}=${token ? phone : ''}; ${life}; path=/; SameSite=Strict${secure}`;
}
