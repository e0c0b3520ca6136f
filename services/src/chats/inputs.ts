import { CHAT_TEXT_LIMIT } from '@estate/events';
import { z } from 'zod';
import { writtenText } from '../core/text';

/**
 * The chat lists' categories (api.md leaves them to the product; docs/decisions.md): every chat of
 * the caller, those about the caller's listings (an owner: the agency's), those the caller began
 * about others' listings, and those of a booking request.
 */
export const CHAT_CATEGORIES = ['all', 'my-listings', 'my-questions', 'bookings'] as const;
export type ChatCategory = (typeof CHAT_CATEGORIES)[number];

const chatId = z.string().min(1).max(64);

export const chatPageParams = z.object({
  page: z.coerce.number({ error: 'Номер страницы — число' }).int().min(1).max(10_000),
});
export const chatCategoryParams = chatPageParams.extend({
  category: z.enum(CHAT_CATEGORIES, 'Категория: all, my-listings, my-questions или bookings'),
});
export const chatParams = z.object({ id: chatId });
export const messagePageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(15),
  offset: z.coerce.number().int().min(1).default(1),
});

/** plain text only: it is stored and shown as text, never as HTML */
export const sendMessageBody = z.object({
  adId: z.string().min(1, 'Укажите объявление').max(64),
  text: writtenText('Введите сообщение')
    .min(1, 'Введите сообщение')
    .max(CHAT_TEXT_LIMIT, 'Не больше 2 000 символов'),
  chatId: chatId.nullable().default(null),
  replyMessageIds: z.array(z.string().min(1).max(64)).max(10, 'Не больше 10 сообщений').default([]),
});
