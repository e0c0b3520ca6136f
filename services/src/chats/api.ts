import { randomUUID } from 'node:crypto';
import { MODERATOR_ROLE, PUBLICATION_STATUS, ROLES } from '@estate/events';
import {
  CATALOGUE,
  CHAT_AGENCIES,
  CHAT_PEOPLE,
  CHAT_THREAD,
  CHATS,
  dayOf,
  type CatalogueDocument,
  type ChatAgencyDocument,
  type ChatDocument,
  type ChatPersonDocument,
  type ChatSide,
  type ChatThreadDocument,
} from '@estate/projections';
import type { Request } from 'express';
import { currentUser, type AuthenticatedUser } from '../core/access';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { pageMeta } from '../core/http';
import { defineRoute } from '../core/route';
import { interactionOf, publishInteractions } from '../statistics';
import type { Logger } from '../core/logger';
import { type ChatCommand, type ChatEvent, handleChat } from './chat';
import {
  chatListAnswer,
  chatMessagesAnswer,
  messageSentAnswer,
  messageOf,
  messagesReadAnswer,
  type ChatListItemDto,
} from './dto';
import {
  chatCategoryParams,
  chatPageParams,
  chatParams,
  messagePageQuery,
  sendMessageBody,
  type ChatCategory,
} from './inputs';
import { chatStartOf } from './listing';
import { withBookingInfo } from './bookingInfo';

/** Chats about listings (api.md section 7, Chat): the lists, a chat's messages, sending, reading. */
const tags = ['Чаты'];
const CHAT_PAGE = 30;

const chats = (ctx: AppContext) => ctx.readStore.collection<ChatDocument>(CHATS);
const NOT_FOUND = () => new DomainError('NOT_FOUND', 'Чат не найден');

/** the agency whose chats an owner reads (the chats of its listings); none for anyone else */
const ownedAgency = (user: AuthenticatedUser) =>
  user.role === ROLES.AGENCY_OWNER && !user.inactive ? user.agencyId : null;

/** The chats a caller sees in a category: as the visitor, as the listing's author, as its agency's owner. */
function chatFilter(user: AuthenticatedUser, category: ChatCategory): Record<string, unknown> {
  const agencyId = ownedAgency(user);
  const asVisitor = { visitorId: user.userId };
  const asAuthor = [{ authorId: user.userId }, ...(agencyId ? [{ agencyId }] : [])];
  switch (category) {
    case 'my-questions':
      return asVisitor;
    case 'my-listings':
      return { $or: asAuthor };
    case 'bookings':
      return { $or: [asVisitor, ...asAuthor], bookingRequestId: { $ne: null } };
    default:
      return { $or: [asVisitor, ...asAuthor] };
  }
}

/** The caller's side of a chat, or null for someone who may not read it (a moderator reads as neither). */
function sideOf(chat: ChatDocument, user: AuthenticatedUser): ChatSide | 'moderator' | null {
  if (chat.visitorId === user.userId) return 'visitor';
  if (chat.authorId === user.userId) return 'author';
  if (chat.agencyId !== null && ownedAgency(user) === chat.agencyId) return 'author';
  if (user.role === MODERATOR_ROLE) return 'moderator';
  return null;
}

/** The chat a caller may read; any other (an outsider's guess included) is not found. */
async function readableChat(ctx: AppContext, req: Request, chatId: string) {
  const user = currentUser(req);
  const chat = await chats(ctx).findOne({ _id: chatId });
  const side = chat ? sideOf(chat, user) : null;
  if (!chat || !side) throw NOT_FOUND();
  return { chat, side, user };
}

async function listItems(ctx: AppContext, docs: ChatDocument[], user: AuthenticatedUser) {
  const counterparts = docs.map((c) => (c.visitorId === user.userId ? c.authorId : c.visitorId));
  const people = await ctx.readStore
    .collection<ChatPersonDocument>(CHAT_PEOPLE)
    .find({ _id: { $in: counterparts.filter((id): id is string => id !== null) } });
  const personOf = new Map(people.map((p) => [p._id, p]));
  const agencies = await ctx.readStore
    .collection<ChatAgencyDocument>(CHAT_AGENCIES)
    .find({ _id: { $in: people.flatMap((p) => (p.agencyId ? [p.agencyId] : [])) } });
  const agencyOf = new Map(agencies.map((a) => [a._id, a.name]));
  return docs.map((chat, i): ChatListItemDto => {
    const counterpart = counterparts[i] ? personOf.get(counterparts[i]) : undefined;
    const side = sideOf(chat, user);
    return {
      id: chat._id,
      uuid: chat._id,
      lastMessageCreatedAt: chat.lastMessage?.at ?? null,
      lastMessageText: chat.lastMessage?.text ?? null,
      unreadMessageCount: side === 'visitor' || side === 'author' ? chat.unread[side] : 0,
      chatMemberId: counterparts[i],
      // a booking guest without an account has no name in the chats' copy of people
      chatMemberName: counterpart?.name ?? 'Гость',
      chatMemberAvatarPath: counterpart?.avatar ?? null,
      chatMemberAgencyName: counterpart?.agencyId ? (agencyOf.get(counterpart.agencyId) ?? null) : null,
      bookingDailyRentAdRequestId: chat.bookingRequestId,
      ad: {
        id: chat.publicationId,
        title: chat.listing.title,
        price: chat.listing.price,
        image: chat.listing.image,
        characteristics: { roomCount: chat.listing.roomCount, totalArea: chat.listing.totalArea },
        categories: { dealCategory: chat.listing.dealCategory, propertyType: chat.listing.propertyType },
      },
    };
  });
}

const listPage = async (ctx: AppContext, req: Request, page: number, category: ChatCategory) => {
  const user = currentUser(req);
  const { items, total } = await chats(ctx).findPage(chatFilter(user, category), {
    sort: { lastActivityAt: -1, _id: 1 },
    skip: (page - 1) * CHAT_PAGE,
    limit: CHAT_PAGE,
  });
  return { data: await listItems(ctx, items, user), meta: pageMeta(page, CHAT_PAGE, total) };
};

export const listChats = defineRoute({
  method: 'get',
  path: '/api/chats/{page}',
  tags,
  summary: 'Все чаты пользователя, последние первыми (30 на странице, страницы с 1)',
  auth: 'signed-in',
  params: chatPageParams,
  response: chatListAnswer,
  handle: ({ ctx, params: { page }, req }) => listPage(ctx, req, page, 'all'),
});

export const listChatsOfCategory = defineRoute({
  method: 'get',
  path: '/api/chats/{page}/{category}',
  tags,
  summary: 'Чаты пользователя одной категории, последние первыми (30 на странице)',
  description:
    'Категории: all — все; my-listings — о моих объявлениях (владелец агентства — об объявлениях агентства); my-questions — начатые мной о чужих объявлениях; bookings — чаты заявок на посуточную аренду.',
  auth: 'signed-in',
  params: chatCategoryParams,
  response: chatListAnswer,
  handle: ({ ctx, params: { page, category }, req }) => listPage(ctx, req, page, category),
});

export const listMessages = defineRoute({
  method: 'get',
  path: '/api/chats/{id}/message-list',
  tags,
  summary: 'Сообщения чата: страница 1 — самые новые (15), каждая страница — по порядку',
  auth: 'signed-in',
  params: chatParams,
  query: messagePageQuery,
  errors: [404],
  response: chatMessagesAnswer,
  async handle({ ctx, params: { id }, query: { limit, offset }, req }) {
    const { user } = await readableChat(ctx, req, id);
    const { items, total } = await ctx.readStore
      .collection<ChatThreadDocument>(CHAT_THREAD)
      .findPage({ chatId: id }, { sort: { seq: -1 }, skip: (offset - 1) * limit, limit });
    const messages = await withBookingInfo(
      ctx,
      id,
      [...items].reverse().map((m) => messageOf({ ...m, messageId: m._id }, m.at)),
    );
    const data = messages.map((m) => ({ ...m, isMine: m.client?.id === user.userId }));
    return { data, meta: pageMeta(offset, limit, total) };
  },
});

/**
 * A chat a message began counts as a response for the listing's statistics ('Отклики'), at the app's
 * clock (the demo's history moves it back); a lost count never fails the message.
 */
export async function countNewChat(
  ctx: AppContext,
  events: readonly ChatEvent[],
  userId: string,
  log: Logger = ctx.logger,
): Promise<void> {
  const started = events.find((e) => e.type === 'ChatStarted');
  if (!started || started.type !== 'ChatStarted') return;
  const at = ctx.clock().toISOString();
  await publishInteractions(ctx, [
    interactionOf.chat(started.data.chatId, userId, started.data.publicationId, at),
  ]).catch((error) => log.warn({ err: error, day: dayOf(at) }, 'chat not counted'));
}

export const sendMessage = defineRoute({
  method: 'post',
  path: '/api/chats/send-message',
  tags,
  summary: 'Отправить сообщение: первое об объявлении (chatId: null) начинает чат с его автором',
  description:
    'Только текст (1–2 000 символов после обрезки пробелов); replyMessageIds — сообщения этого же чата. Не больше 20 сообщений в минуту от пользователя (429).',
  auth: 'signed-in',
  body: sendMessageBody,
  status: 201,
  errors: [404, 422, 429],
  response: messageSentAnswer,
  async handle({ ctx, body, req }) {
    const user = currentUser(req);
    await ctx.limits.consume('chatMessagesPerUser', user.userId);
    const messageId = randomUUID();
    let command: ChatCommand;
    if (body.chatId === null) {
      const listing = await ctx.readStore
        .collection<CatalogueDocument>(CATALOGUE)
        .findOne({ _id: body.adId });
      if (!listing || listing.status !== PUBLICATION_STATUS.PUBLISHED)
        throw new DomainError('NOT_FOUND', 'Объявление не найдено');
      if (listing.authorId === user.userId)
        throw new DomainError(
          'ACTION_NOT_ALLOWED',
          'Это ваше объявление: написать можно только другому автору',
        );
      const start = chatStartOf(listing, user.userId);
      command = {
        type: 'SendMessage',
        chatId: start.chatId,
        messageId,
        authorId: user.userId,
        text: body.text,
        replyMessageIds: body.replyMessageIds,
        start,
      };
    } else {
      command = {
        type: 'SendMessage',
        chatId: body.chatId,
        messageId,
        authorId: user.userId,
        text: body.text,
        replyMessageIds: body.replyMessageIds,
        start: null,
      };
    }
    const result = await handleChat(ctx.eventStore, command.chatId, command, {
      actor: user.userId,
    });
    await ctx.projections.whenCaughtUp(result.position);
    await countNewChat(ctx, result.events, user.userId, req.log);
    return { data: { chatId: command.chatId, messageId } };
  },
});

export const readMessages = defineRoute({
  method: 'patch',
  path: '/api/chats/{id}/read-messages',
  tags,
  summary: 'Отметить сообщения собеседника прочитанными',
  auth: 'signed-in',
  params: chatParams,
  errors: [404],
  response: messagesReadAnswer,
  async handle({ ctx, params: { id }, req }) {
    const { chat, side, user } = await readableChat(ctx, req, id);
    // the agency's owner and a moderator read without marking: the unread counts are the members'
    if (side === 'moderator' || (chat.visitorId !== user.userId && chat.authorId !== user.userId))
      return { data: { success: true } };
    const result = await handleChat(
      ctx.eventStore,
      id,
      { type: 'ReadMessages', chatId: id, readerId: user.userId },
      { actor: user.userId },
    );
    await ctx.projections.whenCaughtUp(result.position);
    return { data: { success: true } };
  },
});

/** the list's two paths come last: `/api/chats/{id}/message-list` would otherwise be a page with a category */
export const chatRoutes = [listMessages, sendMessage, readMessages, listChats, listChatsOfCategory];
