import { randomBytes } from 'node:crypto';
import { USERS, type UserDocument } from '@estate/projections';
import { Router, type Response } from 'express';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { checkBot, clientIp, sendCode, verifyCode } from './codes';
import {
  accountIdForSignUp,
  assertPhoneFree,
  finishSignUp,
  sendEmailConfirmation,
  userIdOfEmailToken,
} from './registration';
import * as body from './schemas';
import { describeRoute, parseAuth } from './schemas';
import { clearAuthCookie, hashToken, setAuthCookie, startSession, userFromToken } from './sessions';
import { phoneDecider, phoneStream } from './phone';
import { devOutboxServed } from '../notifications/devOutboxApi';
import { userDecider, userStream, type UserCommand } from './user';
import { currentUser } from '../core/access';

const TAG = 'Авторизация';

/** Runs a command on the caller's account and waits for the read models, so the next read sees it. */
export async function changeUser(ctx: AppContext, userId: string, command: UserCommand) {
  const result = await handleCommand(ctx.eventStore, userStream(userId), userDecider, command, {
    actor: userId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return result;
}

async function signedIn(ctx: AppContext, res: Response, userId: string) {
  const { token } = await startSession(ctx, userId);
  setAuthCookie(ctx, res, token);
  res.json({ data: { token } });
}

/** The spec's Authentication calls: SMS-code sign-in and sign-up, phone and e-mail change, logout. */
export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const users = ctx.readStore.collection<UserDocument>(USERS);

  describeRoute(ctx, {
    method: 'get',
    path: '/api/client-config',
    tag: TAG,
    summary: 'Публичные настройки для сайта и кабинета',
    answer: 'data.recaptchaSiteKey, data.devOutbox',
  });
  router.get('/api/client-config', (_req, res) => {
    res.json({
      data: { recaptchaSiteKey: ctx.config.RECAPTCHA_SITE_KEY ?? null, devOutbox: devOutboxServed(ctx) },
    });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/send-login-sms-code',
    tag: TAG,
    summary: 'Код для входа по СМС',
    body: body.sendLoginCodeBody,
    answer: 'data.endTime — когда можно запросить новый код',
  });
  router.post('/api/auth/send-login-sms-code', async (req, res) => {
    const { phone } = parseAuth(body.sendLoginCodeBody, req.body);
    await checkBot(ctx, req);
    await ctx.limits.consume('smsPerIp', clientIp(req)); // before the lookup: the call must not enumerate accounts freely
    const user = await users.findOne({ phone });
    if (!user) throw new DomainError('USER_NOT_FOUND');
    res.json({
      data: await sendCode(ctx, req, { phone, purpose: 'login', userId: user._id }, { ipCounted: true }),
    });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/login',
    tag: TAG,
    summary: 'Вход по коду из СМС',
    body: body.loginBody,
    answer: 'data.token; также cookie auth-token (HttpOnly, 30 дней без использования, не больше года)',
  });
  router.post('/api/auth/login', async (req, res) => {
    const { phone, smsCode } = parseAuth(body.loginBody, req.body);
    const result = await verifyCode(ctx, req, { phone, purpose: 'login', code: smsCode });
    const accepted = result.events.find((e) => e.type === 'PhoneCodeAccepted');
    const userId = accepted?.type === 'PhoneCodeAccepted' ? accepted.data.userId : null;
    if (!userId || !(await users.findOne({ _id: userId }))) throw new DomainError('USER_NOT_FOUND');
    await signedIn(ctx, res, userId);
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/registration',
    tag: TAG,
    summary: 'Регистрация: код подтверждения телефона',
    body: body.registrationBody,
    answer: 'data.endTime',
  });
  router.post('/api/auth/registration', async (req, res) => {
    const { name, phone, email, newsletter } = parseAuth(body.registrationBody, req.body);
    await checkBot(ctx, req);
    await assertPhoneFree(ctx, phone, 'phone');
    res.json({
      data: await sendCode(ctx, req, {
        phone,
        purpose: 'registration',
        registration: { name, email, newsletter: newsletter ?? false },
      }),
    });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/confirm-phone',
    tag: TAG,
    summary: 'Подтверждение телефона при регистрации: вход',
    body: body.loginBody,
    answer: 'data.token',
  });
  router.post('/api/auth/confirm-phone', async (req, res) => {
    const { phone, smsCode } = parseAuth(body.loginBody, req.body);
    await assertPhoneFree(ctx, phone, 'phone');
    const userId = await accountIdForSignUp(ctx, phone);
    const result = await verifyCode(ctx, req, { phone, purpose: 'registration', code: smsCode, userId });
    const details = result.state.registration;
    if (!details) throw new DomainError('WRONG_CODE');
    const registered = await finishSignUp(ctx, userId, phone, details);
    await ctx.projections.whenCaughtUp(registered.position);
    if (details.email)
      await sendEmailConfirmation(ctx, userId).catch((error) =>
        req.log.warn({ err: error }, 'confirmation e-mail not queued'),
      );
    await signedIn(ctx, res, userId);
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/change-phone',
    tag: TAG,
    summary: 'Смена телефона: код на новый номер',
    body: body.changePhoneBody,
    auth: true,
    answer: 'data.endTime',
  });
  router.post('/api/auth/change-phone', async (req, res) => {
    const user = currentUser(req);
    const { newPhone } = parseAuth(body.changePhoneBody, req.body);
    await checkBot(ctx, req);
    if (newPhone === user.phone)
      throw new DomainError('INVALID_DATA', undefined, { newPhone: ['Это ваш текущий номер'] });
    await assertPhoneFree(ctx, newPhone, 'newPhone', user.userId);
    res.json({
      data: await sendCode(ctx, req, { phone: newPhone, purpose: 'change-phone', userId: user.userId }),
    });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/confirm-change-phone',
    tag: TAG,
    summary: 'Смена телефона: подтверждение кодом',
    body: body.confirmChangePhoneBody,
    auth: true,
    answer: 'data.phone',
  });
  router.post('/api/auth/confirm-change-phone', async (req, res) => {
    const user = currentUser(req);
    const { newPhone, smsCode } = parseAuth(body.confirmChangePhoneBody, req.body);
    await verifyCode(ctx, req, {
      phone: newPhone,
      purpose: 'change-phone',
      code: smsCode,
      userId: user.userId,
    });
    await changeUser(ctx, user.userId, { type: 'ChangePhone', newPhone });
    // the old number is free for someone else only once the account has moved to the new one
    await handleCommand(
      ctx.eventStore,
      phoneStream(user.phone),
      phoneDecider,
      { type: 'ReleasePhone', phone: user.phone, userId: user.userId },
      { actor: user.userId },
    );
    res.json({ data: { phone: newPhone } });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/change-email',
    tag: TAG,
    summary: 'Смена почты: письмо со ссылкой подтверждения',
    body: body.changeEmailBody,
    auth: true,
    answer: 'data.email, data.isVerifiedEmail',
  });
  router.post('/api/auth/change-email', async (req, res) => {
    const user = currentUser(req);
    const { newEmail } = parse(body.changeEmailBody, req.body);
    await ctx.limits.consume('emailsPerUser', user.userId);
    await changeUser(ctx, user.userId, { type: 'ChangeEmail', email: newEmail });
    const sent = await sendEmailConfirmation(ctx, user.userId).catch((error) => {
      if (error instanceof DomainError && error.kind === 'ACTION_NOT_ALLOWED') return null; // the same, confirmed address again
      throw error;
    });
    if (sent) await ctx.projections.whenCaughtUp(sent.position);
    const doc = await users.findOne({ _id: user.userId });
    res.json({ data: { email: doc?.email ?? newEmail, isVerifiedEmail: doc?.emailVerified ?? false } });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/send-confirm-email',
    tag: TAG,
    summary: 'Письмо со ссылкой подтверждения почты ещё раз',
    auth: true,
    answer: 'data.success',
  });
  router.post(['/api/auth/send-confirm-email', '/api/auth/send-confirm-email/'], async (req, res) => {
    // the spec's client sends its session token in the body of this one call
    const bodyToken = (req.body as { token?: unknown } | undefined)?.token;
    const user = req.user ?? (typeof bodyToken === 'string' ? await userFromToken(ctx, bodyToken) : null);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    await ctx.limits.consume('emailsPerUser', user.userId);
    await sendEmailConfirmation(ctx, user.userId);
    res.json({ data: { success: true } });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/confirm-email',
    tag: TAG,
    summary: 'Подтверждение почты по ссылке из письма',
    body: body.emailTokenBody,
    answer: 'data.success',
  });
  router.post('/api/auth/confirm-email', async (req, res) => {
    const { token } = parse(body.emailTokenBody, req.body);
    const userId = userIdOfEmailToken(token);
    const invalid = new DomainError(
      'INVALID_DATA',
      'Ссылка недействительна. Запросите новую ссылку в профиле.',
    );
    if (!userId || (await ctx.eventStore.readStream(userStream(userId))).length === 0) throw invalid;
    await changeUser(ctx, userId, { type: 'ConfirmEmail', tokenHash: hashToken(token), now: ctx.clock() });
    res.json({ data: { success: true } });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/auth/logout',
    tag: TAG,
    summary: 'Выход: токен больше не действует',
    auth: true,
    answer: 'data.success',
  });
  router.post('/api/auth/logout', async (req, res) => {
    const user = currentUser(req);
    await changeUser(ctx, user.userId, { type: 'EndSession', tokenHash: user.tokenHash });
    clearAuthCookie(ctx, res);
    res.json({ data: { success: true } });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/sms-code/send',
    tag: 'Формы',
    summary: 'Код для проверки телефона в заявке',
    body: body.formCodeBody,
    answer: 'data.endTime',
  });
  router.post('/api/sms-code/send', async (req, res) => {
    const { phone } = parseAuth(body.formCodeBody, req.body);
    await checkBot(ctx, req);
    res.json({ data: await sendCode(ctx, req, { phone, purpose: 'form' }) });
  });

  describeRoute(ctx, {
    method: 'post',
    path: '/api/sms-code/verify',
    tag: 'Формы',
    summary: 'Проверка кода: токен доверия телефону на сутки',
    body: body.formVerifyBody,
    answer: 'data.token',
  });
  router.post('/api/sms-code/verify', async (req, res) => {
    const { phone, smsCode } = parseAuth(body.formVerifyBody, req.body);
    await checkBot(ctx, req);
    const token = randomBytes(32).toString('base64url');
    await verifyCode(ctx, req, { phone, purpose: 'form', code: smsCode, trustTokenHash: hashToken(token) });
    res.json({ data: { token, phone } });
  });

  return router;
}
