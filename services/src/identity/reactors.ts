import type { AppContext } from '../core/context';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { queueEmail } from '../notifications';
import { confirmationLink, emailLinkToken } from './emailLinks';
import { hashToken } from './sessions';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The letter that carries a confirmation link (product.md: "e-mail change with a confirmation link"). */
export function confirmationLetter(email: string, link: string) {
  return {
    to: email,
    subject: 'Подтвердите адрес электронной почты',
    text: `Здравствуйте!\n\nЧтобы подтвердить адрес ${email}, перейдите по ссылке:\n${link}\n\nСсылка действует 3 дня. Если вы не указывали этот адрес, просто удалите письмо.`,
    html: `<p>Здравствуйте!</p><p>Чтобы подтвердить адрес <b>${escapeHtml(email)}</b>, перейдите по ссылке:</p><p><a href="${escapeHtml(link)}">Подтвердить почту</a></p><p>Ссылка действует 3 дня. Если вы не указывали этот адрес, просто удалите письмо.</p>`,
  };
}

export const EMAIL_CONFIRMATION_REACTOR = 'identity-email-confirmation';
/** Forgets an erased person's keys and has this process's read models rebuilt without them (identity/erasure.ts). */
export const PERSONAL_DATA_ERASURE_REACTOR = 'personal-data-erasure';

/**
 * What follows the identity facts: the confirmation letter of every link recorded (a sign-up with an
 * address, a change of address, a request for the letter again). The token is derived again from
 * the link's id with the server's key; the letter's job id comes from the event's id, so a
 * redelivered event queues no second letter.
 */
export const identityReactors = (ctx: AppContext) => [
  defineReactor({
    name: PERSONAL_DATA_ERASURE_REACTOR,
    handles: ['PersonErased'],
    async react(event) {
      // the request forgot them already; again here after a crash in between (forgetting is idempotent)
      await ctx.personalData.forget(event.data.subjects);
      for (const settle of ctx.personalData.afterErasure) await settle();
    },
  }),
  defineReactor({
    name: EMAIL_CONFIRMATION_REACTOR,
    handles: ['EmailConfirmationSent'],
    async react(event) {
      const { userId, email, linkId, tokenHash } = event.data;
      if (!linkId) return; // recorded before links had ids: its request mailed it
      const token = emailLinkToken(ctx.config, userId, linkId);
      if (hashToken(token) !== tokenHash) {
        // the key changed since the link was recorded (in development a restart makes a new one):
        // a letter with this link could not confirm anything, and the user can ask for a new one
        ctx.logger.warn(
          { userId, eventId: event.eventId },
          'confirmation link made with another key: no letter',
        );
        return;
      }
      await queueEmail(
        ctx,
        confirmationLetter(email, confirmationLink(ctx.config, token)),
        effectId(EMAIL_CONFIRMATION_REACTOR, event, 'letter'),
      );
    },
  }),
];
