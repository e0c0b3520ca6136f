import type { EventOf } from '@estate/events';
import type { Decider } from '../core/decider';

export type BookingMessageKind =
  'booking-sent' | 'booking-accepted' | 'booking-rejected' | 'booking-canceled';
export type ChatEvent = EventOf<'ChatMessagePosted'>;
export type ChatCommand = {
  type: 'PostBookingMessage';
  chatId: string;
  /** derived from the event it follows (reactors.ts): the same event posts the same message */
  messageId: string;
  authorId: string | null;
  kind: BookingMessageKind;
  text: string;
  bookingRequestId: string;
};
/** the ids of the messages the chat holds */
export type Chat = ReadonlySet<string>;

export const chatStream = (chatId: string) => `chat-${chatId}`;

/**
 * The booking part of a chat (`chat-<chatId>`): a message per step of the request, on the request's
 * thread. A message whose id the chat already holds is answered with no event, so a redelivered
 * fact posts nothing twice.
 */
export const chatDecider: Decider<ChatCommand, Chat, ChatEvent> = {
  initialState: () => new Set(),
  evolve: (chat, event) => new Set(chat).add(event.data.messageId),
  decide(command, chat) {
    if (chat.has(command.messageId)) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'ChatMessagePosted', data }];
  },
};
