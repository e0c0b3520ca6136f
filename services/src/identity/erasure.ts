import { phoneSubject, userSubject } from '@estate/events';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { DomainError } from '../core/errors';
import { DEV_EMAIL, DEV_SMS, type OutboxDocument } from '../core/notify/outbox';
import { handlePhone } from './phone';
import { handleUser, userDecider, userStream } from './user';

/** Who asked for an erasure: the person themselves, or a moderator acting on their request (with its reason). */
export type ErasureRequest = { by: string; reason: string };
export const SELF_ERASURE_REASON = 'Удаление аккаунта по запросу пользователя';

/**
 * Forgets a person (152-ФЗ art. 21, the GDPR's art. 17): their numbers are released (the same
 * number may sign up anew), `PersonErased` ends their sessions and names the key subjects of their
 * data — their account's and every number's they had — and the keys are forgotten at once; the
 * erasure reactor forgets them again (after a crash in between) and has the read models rebuilt,
 * so every read, search, export and rebuild shows «Пользователь удалён» from then on. The events
 * stay: the agency's listings, bookings' dates and sums and wallet operations remain valid.
 * Answers the position of the erasure, or null when the person was erased already.
 */
export async function erasePerson(
  ctx: AppContext,
  userId: string,
  { by, reason }: ErasureRequest,
): Promise<number | null> {
  const user = fold(userDecider, await ctx.eventStore.readStream(userStream(userId)));
  if (!user.registered) throw new DomainError('USER_NOT_FOUND');
  if (user.erased) return null;
  const phones = [...new Set([user.phone, ...user.formerPhones])].filter(Boolean);
  for (const phone of phones)
    await handlePhone(ctx.eventStore, phone, { type: 'ReleasePhone', phone, userId }, { actor: by });
  const subjects = await Promise.all(
    [userSubject(userId), ...phones.map(phoneSubject)].map((subject) => ctx.personalData.pseudonym(subject)),
  );
  await dropFromDevOutbox(ctx, [...phones, ...phones.map((phone) => phone.slice(1)), user.name, user.email]);
  const result = await handleUser(
    ctx.eventStore,
    userId,
    { type: 'ErasePerson', subjects, by, reason },
    { actor: by },
  );
  await ctx.personalData.forget(subjects);
  ctx.logger.info({ userId, by, position: result.position }, 'person erased');
  return result.position;
}

/**
 * The development outbox keeps what was "sent" in clear (core/notify/outbox.ts): the messages to the
 * person, and the ones about them (a request's letter to the inbox, the host's SMS), go with them.
 */
async function dropFromDevOutbox(ctx: AppContext, values: (string | null)[]) {
  const known = values.filter((value): value is string => Boolean(value));
  for (const name of [DEV_SMS, DEV_EMAIL]) {
    const outbox = ctx.readStore.collection<OutboxDocument>(name);
    for (const message of await outbox.find({})) {
      const text = [message.to, message.subject, message.text, message.html].join('\n');
      if (known.some((value) => text.includes(value))) await outbox.deleteOne({ _id: message._id });
    }
  }
}
