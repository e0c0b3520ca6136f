import type { EventData } from '@estate/events';
import { z } from 'zod';

const pageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** product.md section 3, Chat: an item of the chat list, seen by one of its members (or the agency's owner). */
export const chatListItemDto = z.object({
  id: z.string(),
  uuid: z.string(),
  lastMessageCreatedAt: z.string().nullable(),
  lastMessageText: z.string().nullable(),
  /** the messages of the other side the caller's side has not read */
  unreadMessageCount: z.number().int(),
  chatMemberId: z.string().nullable(),
  chatMemberName: z.string(),
  chatMemberAvatarPath: z.string().nullable(),
  chatMemberAgencyName: z.string().nullable(),
  bookingDailyRentAdRequestId: z.string().nullable(),
  ad: z.object({
    id: z.string(),
    title: z.string(),
    price: z.number(),
    image: z.string().nullable(),
    characteristics: z.object({ roomCount: z.number().nullable(), totalArea: z.number().nullable() }),
    categories: z.object({ dealCategory: z.string(), propertyType: z.number().int() }),
  }),
});
export type ChatListItemDto = z.infer<typeof chatListItemDto>;
export const chatListAnswer = z.object({ data: z.array(chatListItemDto), meta: pageMeta });

/**
 * What a booking's message tells of its request as it stands now (product.md section 3, Chat:
 * focused, clientInfo, dateInfo, guestsInfo, price, status); null on a text message, and on a
 * message pushed live (the list answers it).
 */
export const bookingMessageInfo = {
  /** the request's newest message in the chat: the one its card and actions go with (the older ones are its history) */
  focused: z.boolean().nullable(),
  /** the guest who asked */
  clientInfo: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }).nullable(),
  dateInfo: z
    .object({ startDate: z.string(), endDate: z.string(), nightsCount: z.number().int() })
    .nullable(),
  guestsInfo: z
    .object({
      adultCount: z.number().int(),
      childCount: z.number().int(),
      allGuestsCount: z.number().int(),
    })
    .nullable(),
  /** roubles for the whole stay */
  price: z.number().nullable(),
  /** product.md: true when the message matches the request's current status */
  status: z.boolean().nullable(),
};
type BookingMessageInfo = { [K in keyof typeof bookingMessageInfo]: z.infer<(typeof bookingMessageInfo)[K]> };
const NO_BOOKING_INFO: BookingMessageInfo = {
  focused: null,
  clientInfo: null,
  dateInfo: null,
  guestsInfo: null,
  price: null,
  status: null,
};

/** product.md section 3, Chat: a message, in the chat's order */
export const chatMessageDto = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** the author (null: a guest without an account, or the system) */
  client: z.object({ id: z.string() }).nullable(),
  kind: z.enum(['text', 'booking-sent', 'booking-accepted', 'booking-rejected', 'booking-canceled']),
  bookingDailyRentAdRequestId: z.string().nullable(),
  replyMessageIds: z.array(z.string()),
  /** the caller's own message */
  isMine: z.boolean(),
  ...bookingMessageInfo,
});
export type ChatMessageDto = z.infer<typeof chatMessageDto>;

/**
 * A message as the calls and the sockets show it, from what the log says of it (all but whose it
 * is, which depends on who asks). A message recorded before replies (v1) replies to nothing.
 */
export const messageOf = (
  m: Omit<EventData<'ChatMessagePosted'>, 'chatId' | 'replyMessageIds'> & { replyMessageIds?: string[] },
  createdAt: string,
): Omit<ChatMessageDto, 'isMine'> => ({
  id: m.messageId,
  text: m.text,
  createdAt,
  client: m.authorId ? { id: m.authorId } : null,
  kind: m.kind,
  bookingDailyRentAdRequestId: m.bookingRequestId,
  replyMessageIds: m.replyMessageIds ?? [],
  ...NO_BOOKING_INFO,
});
export const chatMessagesAnswer = z.object({ data: z.array(chatMessageDto), meta: pageMeta });

export const messageSentAnswer = z.object({ data: z.object({ chatId: z.string(), messageId: z.string() }) });
export const messagesReadAnswer = z.object({ data: z.object({ success: z.boolean() }) });
