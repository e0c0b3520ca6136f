import { randomBytes, randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@estate/events';
import { USERS, type UserDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { fold, handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { queueEmail } from '../notifications/queue';
import { hashToken } from './sessions';
import { PHONE_TAKEN_MESSAGE, phoneDecider, phoneStream } from './phone';
import { userDecider, userStream, type UserCommand } from './user';

type RegisterUser = UserCommand & { type: 'RegisterUser' };

/** Binds the phone to the account first (the phone stream refuses a second owner), then records the account. */
export async function registerUser(ctx: AppContext, command: RegisterUser) {
  await handleCommand(
    ctx.eventStore,
    phoneStream(command.phone),
    phoneDecider,
    { type: 'BindPhone', phone: command.phone, userId: command.userId },
    { actor: 'system' },
  );
  return handleCommand(ctx.eventStore, userStream(command.userId), userDecider, command, { actor: 'system' });
}

/** Refuses a phone that already has an account (read model first: cheap, and it knows accounts made before phones had streams). */
export async function assertPhoneFree(
  ctx: AppContext,
  phone: string,
  field: 'phone' | 'newPhone',
  exceptUserId?: string,
) {
  const owner = await ctx.readStore.collection<UserDocument>(USERS).findOne({ phone });
  if (owner && owner._id !== exceptUserId)
    throw new DomainError('INVALID_DATA', undefined, { [field]: [PHONE_TAKEN_MESSAGE] });
}

/**
 * The id the confirmed sign-up gets: a new one, or the id the phone was already bound to when an
 * earlier confirmation stopped between binding the phone and recording the account.
 */
export async function accountIdForSignUp(ctx: AppContext, phone: string): Promise<string> {
  const phoneState = fold(phoneDecider, await ctx.eventStore.readStream(phoneStream(phone)));
  if (phoneState.ownerId && (await ctx.eventStore.readStream(userStream(phoneState.ownerId))).length === 0)
    return phoneState.ownerId;
  return randomUUID();
}

export async function finishSignUp(
  ctx: AppContext,
  userId: string,
  phone: string,
  details: { name: string; email: string | null; newsletter: boolean },
  role: Role = ROLES.USER,
) {
  return handleCommand(
    ctx.eventStore,
    userStream(userId),
    userDecider,
    { type: 'RegisterUser', userId, phone, role, agencyId: null, ...details },
    { actor: userId },
  );
}

/**
 * A confirmation link carries the account id (to find its stream) and 256 random bits; the
 * account records only the hash of the whole link token.
 */
export function newEmailToken(userId: string) {
  const token = `${Buffer.from(userId).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashToken(token) };
}

export function userIdOfEmailToken(token: string): string | null {
  const [encoded, secret] = token.split('.');
  if (!encoded || !secret) return null;
  const userId = Buffer.from(encoded, 'base64url').toString();
  return /^[\w-]{1,64}$/.test(userId) ? userId : null;
}

/** Records a new confirmation link for the account's current address and queues the letter. */
export async function sendEmailConfirmation(ctx: AppContext, userId: string) {
  const { token, tokenHash } = newEmailToken(userId);
  const result = await handleCommand(
    ctx.eventStore,
    userStream(userId),
    userDecider,
    { type: 'SendEmailConfirmation', tokenHash, now: ctx.clock() },
    { actor: userId },
  );
  const sent = result.events[0];
  if (sent?.type !== 'EmailConfirmationSent') return result;
  // the configured address, never the request's Host header (a forged Host would send the token elsewhere)
  const link = `${ctx.config.PUBLIC_URL}/confirm-email?token=${encodeURIComponent(token)}`;
  await queueEmail(
    ctx,
    {
      to: sent.data.email,
      subject: 'Подтвердите адрес электронной почты',
      text: `Здравствуйте!\n\nЧтобы подтвердить адрес ${sent.data.email}, перейдите по ссылке:\n${link}\n\nСсылка действует 3 дня. Если вы не указывали этот адрес, просто удалите письмо.`,
      html: `<p>Здравствуйте!</p><p>Чтобы подтвердить адрес <b>${escapeHtml(sent.data.email)}</b>, перейдите по ссылке:</p><p><a href="${escapeHtml(link)}">Подтвердить почту</a></p><p>Ссылка действует 3 дня. Если вы не указывали этот адрес, просто удалите письмо.</p>`,
    },
    `email-confirm-${tokenHash}`,
  );
  return result;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
