import { CATALOGUE, USERS, type CatalogueDocument, type UserDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { defineReactor, effectId, type ReactorEvent } from '../core/reactors/reactor';
import { queueEmail, queueSms } from '../notifications';
import { hashToken } from '../identity';
import { bookingOf } from './commands';
import { chatListingOf, type BookingMessageKind, type ChatStart, handleChat } from '../chats';
import { periodText } from './dates';
import { guestKeyOf, guestPagePath } from './guestLinks';
import { isDemoFact } from '../core/demo';
import { derivedId } from '../core/ids';

export const BOOKING_CHAT_REACTOR = 'booking-chat';
export const BOOKING_NOTICES_REACTOR = 'booking-notices';

type BookingFact = ReactorEvent<
  'BookingRequested' | 'BookingAccepted' | 'BookingRejected' | 'BookingCancelled'
>;
type Recipient = { phone: string; email: string | null; settings?: UserDocument['settings'] };

/** The request a later fact is about: read from its stream, the record of what was asked. */
async function requestOf(ctx: AppContext, requestId: string) {
  const booking = await bookingOf(ctx, requestId);
  if (!booking.exists) throw new Error(`booking ${requestId} has no request`);
  return booking.request;
}

/** The chat message a fact posts on the request's thread (kind, text and author), or none. */
async function messageOf(
  ctx: AppContext,
  event: BookingFact,
): Promise<{ chatId: string; kind: BookingMessageKind; text: string; authorId: string | null }> {
  switch (event.type) {
    case 'BookingRequested': {
      const { chatId, startDate, endDate, adultCount, childCount, guest } = event.data;
      const text = `Заявка на бронирование ${periodText(startDate, endDate)}, гостей: ${adultCount + childCount}`;
      return { chatId, kind: 'booking-sent', text, authorId: guest.userId };
    }
    case 'BookingAccepted': {
      const { chatId } = await requestOf(ctx, event.data.requestId);
      return { chatId, kind: 'booking-accepted', text: 'Заявка принята. Ждём вас!', authorId: event.data.by };
    }
    case 'BookingRejected': {
      const { chatId } = await requestOf(ctx, event.data.requestId);
      const text = `Заявка отклонена: ${event.data.reason}`;
      return { chatId, kind: 'booking-rejected', text, authorId: event.data.by };
    }
    case 'BookingCancelled': {
      const { chatId } = await requestOf(ctx, event.data.requestId);
      const { reason, by, byGuest } = event.data;
      // through the guest's link: by nobody with an account
      const byLink = byGuest && by === 'guest';
      return byLink
        ? { chatId, kind: 'booking-canceled', text: `Заявка отменена гостем: ${reason}`, authorId: null }
        : { chatId, kind: 'booking-canceled', text: `Заявка отменена: ${reason}`, authorId: by };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Tells a person about a request by SMS and e-mail, as far as their notification switches allow; each effect's job id comes from the fact's id. */
async function notify(
  ctx: AppContext,
  event: BookingFact,
  who: 'host' | 'guest',
  to: Recipient,
  subject: string,
  text: string,
) {
  const settings = to.settings ?? {
    canReceiveNotifications: true,
    canReceiveSmsNotifications: true,
    canReceiveEmailNotifications: true,
  };
  if (!settings.canReceiveNotifications) return;
  if (settings.canReceiveSmsNotifications)
    await queueSms(ctx, { to: to.phone, text }, effectId(BOOKING_NOTICES_REACTOR, event, `${who}-sms`));
  if (to.email && settings.canReceiveEmailNotifications)
    await queueEmail(
      ctx,
      { to: to.email, subject, text },
      effectId(BOOKING_NOTICES_REACTOR, event, `${who}-email`),
    );
}

/** the chat a booking request begins: its guest (null without an account) and the listing's author */
async function chatStartOf(ctx: AppContext, event: ReactorEvent<'BookingRequested'>): Promise<ChatStart> {
  const { chatId, publicationId, guest, authorId, agencyId, requestId, listing } = event.data;
  const doc = await ctx.readStore.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: publicationId });
  return {
    chatId,
    publicationId,
    visitorId: guest.userId,
    authorId,
    agencyId,
    // the listing now; gone from the catalogue, what the request recorded of it
    listing: doc
      ? chatListingOf(doc)
      : {
          title: listing?.title ?? '',
          image: listing?.image ?? null,
          price: listing?.pricePerNight ?? 0,
          roomCount: null,
          totalArea: null,
          dealCategory: 'dailyRent',
          propertyType: 1,
        },
    bookingRequestId: requestId,
  };
}

/** The listing's title for a request recorded before requests carried their listing's snapshot (BookingRequested v2). */
async function titleOf(ctx: AppContext, publicationId: string) {
  const publication = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .findOne({ _id: publicationId }, { projection: { title: 1 } });
  return publication?.title ?? '';
}

/**
 * What follows the booking facts, at least once and idempotent by the fact's id: the message on
 * the request's chat thread (its id is derived from the fact's, and the chat decider ignores a
 * known one), and the SMS and e-mails (their job ids are derived from the fact's, and the queue
 * ignores a second add). Two reactors, each on its own checkpoint, so a provider that is down holds
 * back the SMS and never the chat.
 */
export const bookingReactors = (ctx: AppContext) => [
  defineReactor({
    name: BOOKING_CHAT_REACTOR,
    handles: ['BookingRequested', 'BookingAccepted', 'BookingRejected', 'BookingCancelled'],
    async react(event) {
      const { chatId, kind, text, authorId } = await messageOf(ctx, event);
      // the request begins its chat when the guest and the author have none yet about the listing
      const start = event.type === 'BookingRequested' ? await chatStartOf(ctx, event) : null;
      await handleChat(
        ctx.eventStore,
        chatId,
        {
          type: 'PostBookingMessage',
          chatId,
          messageId: derivedId(effectId(BOOKING_CHAT_REACTOR, event, 'message')),
          authorId,
          kind,
          text,
          bookingRequestId: event.data.requestId,
          start,
        },
        { actor: authorId ?? 'guest', causationId: event.eventId },
      );
    },
  }),
  defineReactor({
    name: BOOKING_NOTICES_REACTOR,
    handles: ['BookingRequested', 'BookingAccepted', 'BookingRejected'],
    async react(event) {
      if (isDemoFact(event)) return;
      switch (event.type) {
        case 'BookingRequested': {
          const {
            requestId,
            publicationId,
            authorId,
            startDate,
            endDate,
            guest,
            guestKeyHash,
            listing: publication,
          } = event.data;
          const period = periodText(startDate, endDate);
          const host = await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: authorId });
          if (host)
            await notify(
              ctx,
              event,
              'host',
              host,
              'Новая заявка на бронирование',
              `Новая заявка на «${publication?.title ?? (await titleOf(ctx, publicationId))}» ${period}. Ответьте гостю в личном кабинете.`,
            );
          if (!guestKeyHash) return;
          const key = guestKeyOf(ctx.config, requestId);
          if (hashToken(key) !== guestKeyHash) {
            // the server's key changed since the request was recorded (in development a restart makes
            // a new one): a link made now would open nothing; the answer to the request carried it
            ctx.logger.warn(
              { requestId, eventId: event.eventId },
              'guest link made with another key: no SMS',
            );
            return;
          }
          const link = `${ctx.config.PUBLIC_URL}${guestPagePath(requestId, key)}`;
          await queueSms(
            ctx,
            {
              to: guest.phone,
              text: `Заявка на бронирование ${period} отправлена. Статус и отмена: ${link}`,
            },
            effectId(BOOKING_NOTICES_REACTOR, event, 'guest-link-sms'),
          );
          return;
        }
        case 'BookingAccepted': {
          const { guest, startDate, endDate } = await requestOf(ctx, event.data.requestId);
          await notify(
            ctx,
            event,
            'guest',
            guest,
            'Бронирование подтверждено',
            `Бронирование ${periodText(startDate, endDate)} подтверждено.`,
          );
          return;
        }
        case 'BookingRejected': {
          const { guest } = await requestOf(ctx, event.data.requestId);
          await notify(
            ctx,
            event,
            'guest',
            guest,
            'Заявка на бронирование отклонена',
            `К сожалению, заявка отклонена: ${event.data.reason}`,
          );
          return;
        }
        default: {
          const unknown: never = event;
          return unknown;
        }
      }
    },
  }),
];
