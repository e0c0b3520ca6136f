import type { StoredEvent } from '@estate/events';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { userDecider, userStream } from '../identity';
import { queueEmail, queueSms } from '../notifications';
import { realtorRequestDecider, realtorRequestStream, type RealtorRequest } from './realtorRequest';
import { isDemoFact } from '../core/demo';

export const REALTOR_DECISION_REACTOR = 'agencies-realtor-decision';

/** What the user is told of the moderator's decision: an SMS, and a letter to the request's address. */
export function decisionMessage(
  publicUrl: string,
  request: RealtorRequest,
  decision: { approved: true } | { approved: false; reason: string },
) {
  const agency = `«${request.details?.name ?? ''}»`;
  const page = `${publicUrl}/account/user/realtor-request`;
  const greeting = request.contactName ? `Здравствуйте, ${request.contactName}!` : 'Здравствуйте!';
  if (decision.approved)
    return {
      sms: `Заявка агентства ${agency} одобрена. Нажмите «Перейти в кабинет» на странице заявки: ${page}`,
      subject: 'Заявка риелтора одобрена',
      text: `${greeting}\n\nЗаявка агентства ${agency} в базу риелторов одобрена. Откройте страницу заявки и нажмите «Перейти в кабинет», чтобы открыть кабинет агентства:\n${page}`,
    };
  return {
    sms: `Заявка агентства ${agency} отклонена. Причина — на странице заявки: ${page}`,
    subject: 'Заявка риелтора отклонена',
    text: `${greeting}\n\nЗаявка агентства ${agency} в базу риелторов отклонена.\nПричина: ${decision.reason}\n\nИсправьте заявку и отправьте её снова:\n${page}`,
  };
}

/**
 * What follows the agencies' facts: the moderator's decision on a realtor request is told to the
 * user by SMS and e-mail, as far as their notification switches allow. The request and the account
 * are read as they were when the decision was recorded; each message's job id comes from the
 * event's id, so a redelivered event sends nothing twice.
 */
export const agencyReactors = (ctx: AppContext) => [
  defineReactor({
    name: REALTOR_DECISION_REACTOR,
    handles: ['RealtorRequestApproved', 'RealtorRequestRejected'],
    async react(event) {
      if (isDemoFact(event)) return;
      const { userId } = event.data;
      const until = (events: StoredEvent[]) => events.filter((e) => e.position <= event.position);
      const request = fold(
        realtorRequestDecider,
        until(await ctx.eventStore.readStream(realtorRequestStream(userId))),
      );
      const user = fold(userDecider, until(await ctx.eventStore.readStream(userStream(userId))));
      if (!user.registered || !user.settings.canReceiveNotifications) return;
      const message = decisionMessage(
        ctx.config.PUBLIC_URL,
        request,
        event.type === 'RealtorRequestApproved'
          ? { approved: true }
          : { approved: false, reason: event.data.reason },
      );
      if (user.settings.canReceiveSmsNotifications)
        await queueSms(
          ctx,
          { to: user.phone, text: message.sms },
          effectId(REALTOR_DECISION_REACTOR, event, 'sms'),
        );
      const email = request.details?.email ?? user.email;
      if (email && user.settings.canReceiveEmailNotifications)
        await queueEmail(
          ctx,
          { to: email, subject: message.subject, text: message.text },
          effectId(REALTOR_DECISION_REACTOR, event, 'email'),
        );
    },
  }),
];
