import { timingSafeEqual } from 'node:crypto';
import { upcast, type EventData } from '@estate/events';
import type { Request } from 'express';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { phoneStream } from './phone';
import { hashToken } from './sessions';

/**
 * The header a request form sends its phone's trust token in (api.md: "a trust-token header"):
 * the `data.token` of `POST /api/sms-code/verify`, good for 24 hours and for that phone only.
 */
export const TRUST_TOKEN_HEADER = 'trust-token';

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Whether the token proves the phone: the phone's own stream (`phone-7…`) records a form code
 * check that issued a token of this hash, and that check is less than a day old. The stream is the
 * truth, not a read model, so a token works the moment it is answered.
 */
export async function isTrustedPhone(ctx: AppContext, phone: string, token: string): Promise<boolean> {
  if (token.length < 20 || token.length > 200) return false;
  const hash = hashToken(token);
  const now = ctx.clock().toISOString();
  for (const stored of await ctx.eventStore.readStream(phoneStream(phone))) {
    if (stored.type !== 'PhoneCodeAccepted') continue;
    const accepted = upcast(stored.type, stored.schemaVersion, stored.data) as EventData<'PhoneCodeAccepted'>;
    if (
      accepted.trustTokenHash &&
      accepted.trustExpiresAt &&
      accepted.trustExpiresAt > now &&
      sameHash(accepted.trustTokenHash, hash)
    )
      return true;
  }
  return false;
}

/**
 * A form's phone must be confirmed before the form may text or e-mail anyone: a signed-in user
 * sending their own account's phone (confirmed when the account was made or the phone changed)
 * needs nothing more; anyone else sends the trust token of an SMS code check of that phone.
 * Otherwise errorCode 6, on which the spec's client asks for a code.
 */
export async function requireConfirmedPhone(ctx: AppContext, req: Request, phone: string): Promise<void> {
  if (req.user && req.user.phone === phone) return;
  const token = req.get(TRUST_TOKEN_HEADER)?.trim();
  if (!token)
    throw new DomainError('PHONE_NOT_CONFIRMED', undefined, {
      phone: ['Подтвердите номер телефона кодом из СМС'],
    });
  if (!(await isTrustedPhone(ctx, phone, token))) {
    throw new DomainError(
      'PHONE_NOT_CONFIRMED',
      'Подтверждение номера истекло или относится к другому номеру. Запросите новый код.',
      { phone: ['Подтвердите номер телефона кодом из СМС'] },
    );
  }
}
