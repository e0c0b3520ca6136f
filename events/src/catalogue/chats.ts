import { z } from 'zod';
import { id } from './shared';

/** A message's text as stored: trimmed, 1–2,000 characters of a person (booking steps up to 4,000). */
export const CHAT_TEXT_LIMIT = 2000;

/**
 * What the chat list shows of the listing the chat is about, as it was when the chat began (the
 * list keeps it even when the listing changes or goes).
 */
export const chatListingSnapshot = z.object({
  title: z.string().max(200),
  image: z.string().max(500).nullable(),
  price: z.number().int().nonnegative(),
  roomCount: z.number().int().nonnegative().nullable(),
  totalArea: z.number().nonnegative().nullable(),
  dealCategory: z.string().max(40),
  propertyType: z.number().int(),
});

/** The `chat-<chatId>` stream: a conversation about one listing between a visitor and its author. */
export const chatEvents = {
  /**
   * The two members: the visitor who asked (null for a booking guest without an account) and the
   * listing's author; the agency (its owner reads the chat too) and the listing as it was.
   */
  ChatStarted: z.object({
    chatId: id,
    publicationId: id,
    visitorId: id.nullable(),
    authorId: id,
    agencyId: id.nullable(),
    listing: chatListingSnapshot,
    bookingRequestId: id.nullable(),
  }),
  /** v2: the messages it answers (of the same chat); v1 messages answer none */
  ChatMessagePosted: z.object({
    chatId: id,
    messageId: id,
    authorId: id.nullable(),
    kind: z.enum(['text', 'booking-sent', 'booking-accepted', 'booking-rejected', 'booking-canceled']),
    text: z.string().max(4000),
    bookingRequestId: id.nullable(),
    replyMessageIds: z.array(id).max(10),
  }),
  /** a member has read the chat up to this message: the messages of the other member before it are read */
  ChatMessagesRead: z.object({ chatId: id, readerId: id, upToMessageId: id }),
};

/** ChatMessagePosted 1 → 2: messages posted before replies existed answer none. */
export const chatMessagePostedV2 = (data: unknown) => ({ ...(data as object), replyMessageIds: [] });
