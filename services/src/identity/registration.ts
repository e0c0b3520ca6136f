import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@estate/events';
import { USERS, type UserDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { DomainError } from '../core/errors';
import { PHONE_TAKEN_MESSAGE, phoneDecider, phoneStream, handlePhone } from './phone';
import { userStream, type EmailLink, type UserCommand, handleUser } from './user';

type RegisterUser = UserCommand & { type: 'RegisterUser' };

/** Binds the phone to the account first (the phone stream refuses a second owner), then records the account. */
export async function registerUser(ctx: AppContext, command: RegisterUser) {
  await handlePhone(
    ctx.eventStore,
    command.phone,
    { type: 'BindPhone', phone: command.phone, userId: command.userId },
    { actor: 'system' },
  );
  return handleUser(ctx.eventStore, command.userId, command, { actor: 'system' });
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

/**
 * Records the confirmed sign-up's account. A sign-up from the site records a confirmation link for
 * its address with it (one append: the letter follows the fact, see reactors.ts); the seed's
 * invented addresses get none.
 */
export async function finishSignUp(
  ctx: AppContext,
  userId: string,
  phone: string,
  details: { name: string; email: string | null; newsletter: boolean },
  options: { role?: Role; emailLink?: EmailLink } = {},
) {
  return handleUser(
    ctx.eventStore,
    userId,
    {
      type: 'RegisterUser',
      userId,
      phone,
      role: options.role ?? ROLES.USER,
      agencyId: null,
      ...details,
      emailLink: options.emailLink,
    },
    { actor: userId },
  );
}
