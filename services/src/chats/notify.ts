import type { StoredEvent } from '@estate/events';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { userDecider, userStream } from '../identity';
import { queueEmail, queueSms } from '../notifications';
import { chatDecider, chatStream, unreadMessagesOf } from './chat';
import { isOnline } from './presence';
import { isDemoFact } from '../core/demo';

export const CHAT_ABSENT_REACTOR = 'chats-absent';

/** What the absent member is told: who wrote about which listing, the start of the text, and the link. */
export function absentMessage(publicUrl: string, chat: { id: string; title: string }, text: string) {
  const link = `${publicUrl}/chat?chatId=${encodeURIComponent(chat.id)}`;
  const preview = text.length > 100 ? `${text.slice(0, 100)}...` : text;
  return {
    sms: `Новое сообщение об объявлении «${chat.title}»: ${link}`,
    subject: `Новое сообщение об объявлении «${chat.title}»`,
    text: `Здравствуйте!\n\nВам написали об объявлении «${chat.title}»:\n\n${preview}\n\nОтветить: ${link}`,
  };
}

/**
 * Whether a message opens a new quiet period for its recipient: the first of the recipient's unread
 * messages, or the first after a whole period since the first unread one. Decided from the chat's
 * stream alone, so a redelivered message decides the same.
 */
export function opensQuietPeriod(unreadTimes: string[], at: string, periodSeconds: number): boolean {
  if (unreadTimes.length === 0) return true;
  const period = periodSeconds * 1000;
  const first = Date.parse(unreadTimes[0]);
  const windowOf = (time: string) => Math.floor((Date.parse(time) - first) / period);
  return windowOf(at) > windowOf(unreadTimes[unreadTimes.length - 1]);
}

/**
 * A member with no chat socket open anywhere is told of a new message by SMS and e-mail, as their
 * notification switches allow, once per quiet period of a streak of unread messages; job ids come
 * from the message's event, so a redelivered fact sends nothing twice. The booking steps have their
 * own notices (bookings' reactor).
 */
export const chatNoticeReactors = (ctx: AppContext) => [
  defineReactor({
    name: CHAT_ABSENT_REACTOR,
    handles: ['ChatMessagePosted'],
    async react(event) {
      if (isDemoFact(event) || event.data.kind !== 'text') return;
      const stream = await ctx.eventStore.readStream(chatStream(event.data.chatId));
      const before = stream.filter((e) => e.position < event.position);
      const chat = fold(chatDecider, before);
      if (!chat.members) return;
      const { visitorId, authorId } = chat.members;
      const recipientId = event.data.authorId === visitorId ? authorId : visitorId;
      if (!recipientId || recipientId === event.data.authorId) return;
      // the recipient's unread messages before this one, with their times
      const times = new Map(
        stream
          .filter((e) => e.type === 'ChatMessagePosted')
          .map((e: StoredEvent) => [(e.data as { messageId: string }).messageId, e.occurredAt]),
      );
      const unread = unreadMessagesOf(chat, recipientId).map((m) => times.get(m.id)!);
      if (!opensQuietPeriod(unread, event.occurredAt, ctx.config.CHAT_QUIET_SECONDS)) return;
      if (await isOnline(ctx, recipientId)) return;
      const recipient = fold(userDecider, await ctx.eventStore.readStream(userStream(recipientId)));
      if (!recipient.registered || !recipient.settings.canReceiveNotifications) return;
      const started = stream.find((e) => e.type === 'ChatStarted');
      const title = (started?.data as { listing?: { title: string } } | undefined)?.listing?.title ?? '';
      const message = absentMessage(ctx.config.PUBLIC_URL, { id: event.data.chatId, title }, event.data.text);
      if (recipient.settings.canReceiveSmsNotifications)
        await queueSms(
          ctx,
          { to: recipient.phone, text: message.sms },
          effectId(CHAT_ABSENT_REACTOR, event, 'sms'),
        );
      if (recipient.email && recipient.settings.canReceiveEmailNotifications)
        await queueEmail(
          ctx,
          { to: recipient.email, subject: message.subject, text: message.text },
          effectId(CHAT_ABSENT_REACTOR, event, 'email'),
        );
    },
  }),
];
