import { MODERATOR_ROLE } from '@estate/events';
import {
  BOOKING_REQUESTS,
  CHAT_THREAD,
  COMPLAINTS,
  FAVOURITES,
  LEADS,
  SAVED_SEARCHES,
} from '@estate/projections';
import { actorOf, currentUser } from '../../core/access';
import type { AppContext } from '../../core/context';
import { defineRoute } from '../../core/route';
import { checkBot, sendCode, verifyCode } from '../codes';
import { codeSentAnswer, personalExportAnswer, successAnswer } from '../dto';
import { erasePerson, SELF_ERASURE_REASON } from '../erasure';
import {
  eraseAccountBody,
  eraseCodeBody,
  erasedUserParams,
  moderatorErasureBody,
  parseAuth,
} from '../inputs';
import { profileOf } from '../profile';
import { clearAuthCookie } from '../sessions';

/** A person's own data: a copy of it, and its erasure (by the person with an SMS code, or by a moderator on request). */
const tags = ['Профиль'];

export const sendEraseCode = defineRoute({
  method: 'post',
  path: '/api/profile/delete/send-code',
  tags,
  summary: 'Удаление аккаунта: код на телефон аккаунта',
  auth: 'signed-in',
  body: eraseCodeBody,
  parseBody: parseAuth,
  errors: [429, 503],
  response: codeSentAnswer,
  async handle({ ctx, req }) {
    const user = currentUser(req);
    await checkBot(ctx, req);
    return {
      data: await sendCode(ctx, req, { phone: user.phone, purpose: 'erase-account', userId: user.userId }),
    };
  },
});

export const deleteProfile = defineRoute({
  method: 'post',
  path: '/api/profile/delete',
  tags,
  summary: 'Удаление аккаунта и всех персональных данных (подтверждение кодом из SMS)',
  auth: 'signed-in',
  body: eraseAccountBody,
  parseBody: parseAuth,
  errors: [429],
  response: successAnswer,
  async handle({ ctx, body: { smsCode }, req, res }) {
    const user = currentUser(req);
    await verifyCode(ctx, req, {
      phone: user.phone,
      purpose: 'erase-account',
      code: smsCode,
      userId: user.userId,
    });
    await eraseAndSettle(ctx, user.userId, { by: user.userId, reason: SELF_ERASURE_REASON });
    clearAuthCookie(ctx, res);
    return { data: { success: true } };
  },
});

export const eraseUserByRequest = defineRoute({
  method: 'post',
  path: '/api/moderation/users/{userId}/erase',
  tags: ['Модерация'],
  summary: 'Удалить персональные данные пользователя по его запросу (модератор)',
  auth: [MODERATOR_ROLE],
  params: erasedUserParams,
  body: moderatorErasureBody,
  errors: [404],
  response: successAnswer,
  async handle({ ctx, params: { userId }, body: { reason }, req }) {
    await eraseAndSettle(ctx, userId, { by: actorOf(req).userId, reason });
    return { data: { success: true } };
  },
});

/** The erasure, then its reactor (the keys forgotten again, the read models rebuilt) where it runs in this process. */
async function eraseAndSettle(ctx: AppContext, userId: string, request: { by: string; reason: string }) {
  const position = await erasePerson(ctx, userId, request);
  if (position !== null) await ctx.reactors.whenCaughtUp(position);
}

export const exportPersonalData = defineRoute({
  method: 'get',
  path: '/api/profile/export',
  tags,
  summary: 'Выгрузка всех данных пользователя (JSON)',
  auth: 'signed-in',
  response: personalExportAnswer,
  async handle({ ctx, req, res }) {
    const caller = currentUser(req);
    const { userId } = caller;
    const all = (collection: string, filter: Record<string, unknown>) =>
      ctx.readStore.collection(collection).find(filter);
    res.setHeader('Content-Disposition', 'attachment; filename="my-data.json"');
    return {
      data: {
        exportedAt: ctx.clock().toISOString(),
        profile: await profileOf(ctx, caller),
        favourites: await all(FAVOURITES, { userId }),
        savedSearches: await all(SAVED_SEARCHES, { userId }),
        bookings: await all(BOOKING_REQUESTS, { 'guest.userId': userId }),
        chatMessages: await all(CHAT_THREAD, { authorId: userId }),
        requests: await all(LEADS, { userId }),
        complaints: await all(COMPLAINTS, { userId }),
      },
    };
  },
});

export const erasureRoutes = [exportPersonalData, sendEraseCode, deleteProfile, eraseUserByRequest];
