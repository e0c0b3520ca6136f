import { chatEvents } from '@estate/events/catalogue/chats';
import type { EventData } from '@estate/events';
import { defineProjection, eventTypesOf } from '../projection';

export const CHATS = 'chats';
export const CHAT_THREAD = 'chat_thread';
export const CHAT_PEOPLE = 'chat_people';
export const CHAT_AGENCIES = 'chat_agencies';

/** who wrote a message: the visitor who asked (or a guest without an account), or the listing's side */
export type ChatSide = 'visitor' | 'author';

/** A conversation as the chat lists show it. */
export type ChatDocument = {
  _id: string;
  /** revision of the chat stream last applied: the idempotency guard */
  revision: number;
  publicationId: string;
  visitorId: string | null;
  authorId: string;
  agencyId: string | null;
  listing: EventData<'ChatStarted'>['listing'];
  bookingRequestId: string | null;
  startedAt: string;
  lastMessage: { id: string; text: string; at: string; authorId: string | null } | null;
  /** the start, then the last message's time: the lists' order */
  lastActivityAt: string;
  messageCount: number;
  /** the messages each side has not read yet (the other side's, after its last read) */
  unread: Record<ChatSide, number>;
};

/** A message of a chat, in the chat's order (`seq`, the stream's revision). */
export type ChatThreadDocument = {
  _id: string;
  chatId: string;
  seq: number;
  side: ChatSide;
} & Omit<EventData<'ChatMessagePosted'>, 'messageId' | 'chatId'> & { at: string };

/** The chats' own copy of the people in them: a list shows the counterpart's name, avatar and agency. */
export type ChatPersonDocument = {
  _id: string;
  name: string;
  avatar: string | null;
  agencyId: string | null;
};
export type ChatAgencyDocument = { _id: string; name: string };

/** the side of a message's author: the visitor's, or (the author, another of the agency's staff) the listing's */
const sideOf = (chat: Pick<ChatDocument, 'visitorId'>, authorId: string | null): ChatSide =>
  authorId === null || authorId === chat.visitorId ? 'visitor' : 'author';

/**
 * The chats (`chat-<id>` streams): each chat with its last message and each side's unread count,
 * its messages in order, and its own copy of the people and agencies the lists name. A message of
 * a chat recorded before chats began (a booking step without ChatStarted) is kept in the thread,
 * and the chat is listed from its start only.
 */
export const chatsProjection = defineProjection({
  name: 'chats',
  version: 1,
  collections: {
    [CHATS]: [
      { key: { visitorId: 1, lastActivityAt: -1 } },
      { key: { authorId: 1, lastActivityAt: -1 } },
      { key: { agencyId: 1, lastActivityAt: -1 } },
    ],
    [CHAT_THREAD]: [{ key: { chatId: 1, seq: -1 } }],
    [CHAT_PEOPLE]: [],
    [CHAT_AGENCIES]: [],
  },
  handles: [
    ...eventTypesOf(chatEvents),
    'UserRegistered',
    'UserNameChanged',
    'UserAvatarChanged',
    'UserRoleChanged',
    'AgencyRegistered',
    'AgencyProfileChanged',
  ],
  async apply(event, store) {
    const chats = store.collection<ChatDocument>(CHATS);
    const people = store.collection<ChatPersonDocument>(CHAT_PEOPLE);
    const agencies = store.collection<ChatAgencyDocument>(CHAT_AGENCIES);
    switch (event.type) {
      case 'ChatStarted': {
        const { chatId, ...start } = event.data;
        if (await chats.findOne({ _id: chatId })) return; // applied already
        await chats.insertOne({
          _id: chatId,
          revision: event.revision,
          ...start,
          startedAt: event.occurredAt,
          lastMessage: null,
          lastActivityAt: event.occurredAt,
          messageCount: 0,
          unread: { visitor: 0, author: 0 },
        });
        return;
      }
      case 'ChatMessagePosted': {
        const { chatId, messageId, ...message } = event.data;
        const chat = await chats.findOne({ _id: chatId });
        const side = sideOf(chat ?? { visitorId: null }, message.authorId);
        await store
          .collection<ChatThreadDocument>(CHAT_THREAD)
          .replaceOne(
            { _id: messageId },
            { _id: messageId, chatId, seq: event.revision, side, ...message, at: event.occurredAt },
            { upsert: true },
          );
        if (!chat || chat.revision >= event.revision) return;
        const other: ChatSide = side === 'visitor' ? 'author' : 'visitor';
        await chats.updateOne(
          { _id: chatId },
          {
            $set: {
              revision: event.revision,
              lastMessage: {
                id: messageId,
                text: message.text,
                at: event.occurredAt,
                authorId: message.authorId,
              },
              lastActivityAt: event.occurredAt,
              messageCount: chat.messageCount + 1,
              unread: { ...chat.unread, [other]: chat.unread[other] + 1 },
            },
          },
        );
        return;
      }
      case 'ChatMessagesRead': {
        const { chatId, readerId, upToMessageId } = event.data;
        const chat = await chats.findOne({ _id: chatId });
        if (!chat || chat.revision >= event.revision) return;
        const thread = store.collection<ChatThreadDocument>(CHAT_THREAD);
        const upTo = await thread.findOne({ _id: upToMessageId });
        const side = sideOf(chat, readerId);
        // what the reader has not read: the other side's messages after the one read
        const unread = await thread.countDocuments({
          chatId,
          seq: { $gt: upTo?.seq ?? -1 },
          side: side === 'visitor' ? 'author' : 'visitor',
        });
        await chats.updateOne(
          { _id: chatId },
          { $set: { revision: event.revision, unread: { ...chat.unread, [side]: unread } } },
        );
        return;
      }
      case 'UserRegistered': {
        const { userId, name, agencyId } = event.data;
        await people.replaceOne(
          { _id: userId },
          { _id: userId, name, avatar: null, agencyId },
          { upsert: true },
        );
        return;
      }
      case 'UserNameChanged':
        await people.updateOne({ _id: event.data.userId }, { $set: { name: event.data.name } });
        return;
      case 'UserAvatarChanged':
        await people.updateOne({ _id: event.data.userId }, { $set: { avatar: event.data.avatar } });
        return;
      case 'UserRoleChanged':
        await people.updateOne({ _id: event.data.userId }, { $set: { agencyId: event.data.agencyId } });
        return;
      case 'AgencyRegistered':
        await agencies.replaceOne(
          { _id: event.data.agencyId },
          { _id: event.data.agencyId, name: event.data.name },
          { upsert: true },
        );
        return;
      case 'AgencyProfileChanged':
        await agencies.replaceOne(
          { _id: event.data.agencyId },
          { _id: event.data.agencyId, name: event.data.details.name },
          { upsert: true },
        );
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
