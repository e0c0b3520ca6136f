import type { StoredEvent } from '@estate/events';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { userDecider, userStream } from '../identity';
import { queueEmail, queueSms } from '../notifications';
import { publicationDecider } from './decide';
import { publicationStream } from './publication';
import { isDemoFact } from '../core/demo';

export const DECLINE_REACTOR = 'publications-declined';

/** What the author is told when a moderator declines their listing: the reason and where to fix it. */
export function declineMessage(
  publicUrl: string,
  publication: { id: string; title: string },
  reason: string,
) {
  const page = `${publicUrl}/cabinet/#/publications/${encodeURIComponent(publication.id)}/show`;
  return {
    sms: `Объявление «${publication.title}» отклонено модератором. Причина — в кабинете: ${page}`,
    subject: 'Объявление отклонено модератором',
    text: `Здравствуйте!\n\nОбъявление «${publication.title}» отклонено модератором.\nПричина: ${reason}\n\nИсправьте объявление и опубликуйте его снова:\n${page}`,
  };
}

/**
 * What follows the publications' facts: a declined listing is told to its author by SMS and e-mail,
 * as far as their notification switches allow. The listing and the account are read as they were
 * when the decline was recorded; each message's job id comes from the event's id, so a redelivered
 * event sends nothing twice.
 */
export const publicationReactors = (ctx: AppContext) => [
  defineReactor({
    name: DECLINE_REACTOR,
    handles: ['PublicationDeclined'],
    async react(event) {
      if (isDemoFact(event)) return;
      const until = (events: StoredEvent[]) => events.filter((e) => e.position <= event.position);
      const publication = fold(
        publicationDecider,
        until(await ctx.eventStore.readStream(publicationStream(event.data.publicationId))),
      );
      if (!publication.exists) return;
      const author = fold(
        userDecider,
        until(await ctx.eventStore.readStream(userStream(publication.authorId))),
      );
      if (!author.registered || !author.settings.canReceiveNotifications) return;
      const message = declineMessage(
        ctx.config.PUBLIC_URL,
        { id: publication.id, title: publication.details.title },
        event.data.reason,
      );
      if (author.settings.canReceiveSmsNotifications)
        await queueSms(ctx, { to: author.phone, text: message.sms }, effectId(DECLINE_REACTOR, event, 'sms'));
      if (author.email && author.settings.canReceiveEmailNotifications)
        await queueEmail(
          ctx,
          { to: author.email, subject: message.subject, text: message.text },
          effectId(DECLINE_REACTOR, event, 'email'),
        );
    },
  }),
];
