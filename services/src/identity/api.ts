import { USERS, type UserDocument } from '@estate/projections';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { jsonBody } from '../core/openapi';
import { AUTH_COOKIE, currentUser, SESSION_LIFETIME_SECONDS, startSession } from './sessions';
import { userDecider, userStream } from './user';

/** Digits only, 11 of them starting with 7: '+7 (999) 000-00-01' and '89990000001' both become '79990000001'. */
export const phoneInput = z
  .string()
  .transform((value) => value.replace(/\D/g, '').replace(/^8(?=\d{10}$)/, '7'))
  .pipe(z.string().regex(/^7\d{10}$/, 'Неверный формат телефона'));

const devLoginBody = z.object({ phone: phoneInput });

export function identityRoutes(ctx: AppContext): Router {
  const router = Router();
  const users = ctx.readStore.collection<UserDocument>(USERS);

  ctx.openApi.route({
    method: 'get', path: '/api/profile', tags: ['Профиль'], summary: 'Профиль текущего пользователя', security: [{ bearer: [] }],
    responses: { 200: { description: 'профиль в data' }, 401: jsonBody(ctx.openApi.errorSchema, 'не авторизован') },
  });
  router.get('/api/profile', (req, res) => {
    const user = currentUser(req);
    res.json({
      data: {
        id: user.userId, agencyId: user.agencyId, role: user.role, name: user.name, phone: user.phone, email: user.email,
        isVerifiedEmail: false, status: 'Обычный', premiumPeriod: null, hasReceiveNotifications: true, avatar: null, agencyWalletBalance: 0,
        settings: { canReceiveNotifications: true, canReceiveSmsNotifications: true, canReceiveEmailNotifications: true },
      },
    });
  });

  ctx.openApi.route({
    method: 'post', path: '/api/auth/logout', tags: ['Авторизация'], summary: 'Выход: токен больше не действует', security: [{ bearer: [] }],
    responses: { 200: { description: 'сессия завершена' } },
  });
  router.post('/api/auth/logout', async (req, res) => {
    const user = currentUser(req);
    await handleCommand(ctx.eventStore, userStream(user.userId), userDecider, { type: 'EndSession', tokenHash: user.tokenHash }, { actor: user.userId })
      .then((r) => ctx.projections.whenCaughtUp(r.position));
    res.clearCookie(AUTH_COOKIE).json({ data: { success: true } });
  });

  if (ctx.config.NODE_ENV !== 'production') {
    ctx.openApi.route({
      method: 'post', path: '/api/dev/login', tags: ['Разработка'], summary: 'Вход по телефону без СМС (только вне production)',
      request: { body: jsonBody(devLoginBody) },
      responses: { 200: { description: 'data.token' }, 404: jsonBody(ctx.openApi.errorSchema, 'пользователь не найден') },
    });
    router.post('/api/dev/login', async (req, res) => {
      const { phone } = parse(devLoginBody, req.body);
      const user = await users.findOne({ phone });
      if (!user) throw new DomainError('USER_NOT_FOUND');
      const { token } = await startSession(ctx, user._id);
      res.cookie(AUTH_COOKIE, token, { maxAge: SESSION_LIFETIME_SECONDS * 1000, sameSite: 'lax', httpOnly: false }).json({ data: { token } });
    });
  }
  return router;
}

export async function registerUser(ctx: AppContext, command: Parameters<typeof userDecider.decide>[0] & { type: 'RegisterUser' }) {
  return handleCommand(ctx.eventStore, userStream(command.userId), userDecider, command, { actor: 'system' });
}
