import type { EventData, EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import { derivedId } from '../core/ids';

export type ChatEvent = EventOf<'ChatStarted'> | EventOf<'ChatMessagePosted'> | EventOf<'ChatMessagesRead'>;
export type ChatStart = EventData<'ChatStarted'>;
export type BookingMessageKind =
  'booking-sent' | 'booking-accepted' | 'booking-rejected' | 'booking-canceled';

export type ChatCommand =
  /**
   * A person's message. The first one about a listing carries `start` (the members and the
   * listing): the chat begins with it, in the same append.
   */
  | {
      type: 'SendMessage';
      chatId: string;
      messageId: string;
      authorId: string;
      text: string;
      replyMessageIds: string[];
      start: ChatStart | null;
    }
  /** a step of a booking request on its chat (bookings' reactor); its id is derived from the step's event */
  | {
      type: 'PostBookingMessage';
      chatId: string;
      messageId: string;
      authorId: string | null;
      kind: BookingMessageKind;
      text: string;
      bookingRequestId: string;
      start: ChatStart | null;
    }
  | { type: 'ReadMessages'; chatId: string; readerId: string };

export type Message = { id: string; authorId: string | null };
export type Chat = {
  members: Pick<ChatStart, 'visitorId' | 'authorId'> | null;
  messages: Message[];
  ids: ReadonlySet<string>;
  /** each reader's last message read, by its place in `messages` */
  readUpTo: ReadonlyMap<string, number>;
};

export const chatStream = (chatId: string) => `chat-${chatId}`;

/**
 * The chat of a visitor about a listing: one id for the pair, so a second "first message" about
 * the same listing finds the chat the first one began, and a booking by the same visitor joins it.
 */
export const chatIdOf = (publicationId: string, visitorId: string): string =>
  derivedId('chat', publicationId, visitorId);

/** a member's unread messages: the other side's, after the last one the member read */
export function unreadMessagesOf(chat: Chat, memberId: string): Message[] {
  const read = chat.readUpTo.get(memberId) ?? -1;
  return chat.messages.filter((m, i) => i > read && m.authorId !== memberId);
}

export const unreadOf = (chat: Chat, memberId: string) => unreadMessagesOf(chat, memberId).length;

export const isMember = (chat: Chat, userId: string) =>
  chat.members !== null && (chat.members.visitorId === userId || chat.members.authorId === userId);

const NOT_FOUND = () => new DomainError('NOT_FOUND', 'Чат не найден');

function evolve(chat: Chat, event: ChatEvent): Chat {
  switch (event.type) {
    case 'ChatStarted':
      return { ...chat, members: { visitorId: event.data.visitorId, authorId: event.data.authorId } };
    case 'ChatMessagePosted': {
      const { messageId, authorId } = event.data;
      return {
        ...chat,
        messages: [...chat.messages, { id: messageId, authorId }],
        ids: new Set(chat.ids).add(messageId),
      };
    }
    case 'ChatMessagesRead': {
      const at = chat.messages.findIndex((m) => m.id === event.data.upToMessageId);
      return { ...chat, readUpTo: new Map(chat.readUpTo).set(event.data.readerId, at) };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** the chat's start when it has none yet and the command brings one */
const startOf = (chat: Chat, start: ChatStart | null): ChatEvent[] =>
  chat.members === null && start ? [{ type: 'ChatStarted', data: start }] : [];

function decide(command: ChatCommand, chat: Chat): ChatEvent[] {
  switch (command.type) {
    case 'SendMessage': {
      const { chatId, messageId, authorId, text, replyMessageIds, start } = command;
      if (chat.ids.has(messageId)) return []; // the same message again (a retried request)
      const started = startOf(chat, start);
      const members = chat.members ?? (start && { visitorId: start.visitorId, authorId: start.authorId });
      if (!members) throw NOT_FOUND();
      // an outsider learns nothing of the chat: the same answer as for one that does not exist
      if (members.visitorId !== authorId && members.authorId !== authorId) throw NOT_FOUND();
      const foreign = replyMessageIds.filter((id) => !chat.ids.has(id));
      if (foreign.length)
        throw new DomainError('INVALID_DATA', 'Можно ответить только на сообщения этого чата', {
          replyMessageIds: ['Можно ответить только на сообщения этого чата'],
        });
      return [
        ...started,
        {
          type: 'ChatMessagePosted',
          data: {
            chatId,
            messageId,
            authorId,
            kind: 'text',
            text,
            bookingRequestId: null,
            replyMessageIds: [...new Set(replyMessageIds)],
          },
        },
      ];
    }
    case 'PostBookingMessage': {
      if (chat.ids.has(command.messageId)) return [];
      const { type: _type, start, ...message } = command;
      return [
        ...startOf(chat, start),
        { type: 'ChatMessagePosted', data: { ...message, replyMessageIds: [] } },
      ];
    }
    case 'ReadMessages': {
      if (!isMember(chat, command.readerId)) throw NOT_FOUND();
      // the newest message of the other member not yet read; none: nothing to record
      const last = unreadMessagesOf(chat, command.readerId).at(-1);
      if (!last) return [];
      return [
        {
          type: 'ChatMessagesRead',
          data: { chatId: command.chatId, readerId: command.readerId, upToMessageId: last.id },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/**
 * A conversation about a listing (`chat-<chatId>`) between the visitor who asked and the
 * listing's author: only they write in it; a reply names messages of the same chat; a message
 * whose id the chat holds is answered with no event, so a retried request or a redelivered booking
 * step posts nothing twice.
 */
export const chatDecider: Decider<ChatCommand, Chat, ChatEvent> = {
  initialState: () => ({ members: null, messages: [], ids: new Set(), readUpTo: new Map() }),
  evolve,
  decide,
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleChat = commandHandler(chatDecider, chatStream);
