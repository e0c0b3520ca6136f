import { USERS, type UserDocument } from '@estate/projections';
import { currentUser } from '../../core/access';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { devOutboxServed } from '../../notifications';
import { changeUser } from '../account';
import { checkBot, clientIp, sendCode, verifyCode } from '../codes';
import { clientConfigAnswer, codeSentAnswer, sessionAnswer, successAnswer } from '../dto';
import { loginBody, parseAuth, sendLoginCodeBody } from '../inputs';
import { clearAuthCookie, signedIn } from '../sessions';

/** Signing in by a code sent to the account's phone, and out again (api.md section 7, Authentication). */
const tags = ['Авторизация'];

export const clientConfig = defineRoute({
  method: 'get',
  path: '/api/client-config',
  tags,
  summary: 'Публичные настройки для сайта и кабинета',
  auth: 'public',
  response: clientConfigAnswer,
  handle({ ctx }) {
    return {
      data: {
        recaptchaSiteKey: ctx.config.RECAPTCHA_SITE_KEY ?? null,
        devOutbox: devOutboxServed(ctx),
        mapTiles: { url: ctx.config.MAP_TILE_URL, attribution: ctx.config.MAP_ATTRIBUTION },
      },
    };
  },
});

export const sendLoginCode = defineRoute({
  method: 'post',
  path: '/api/auth/send-login-sms-code',
  tags,
  summary: 'Код для входа по СМС',
  description: 'endTime — когда можно запросить новый код; serverTime — часы сервера в тот же миг.',
  auth: 'public',
  body: sendLoginCodeBody,
  parseBody: parseAuth,
  errors: [429, 503],
  response: codeSentAnswer,
  async handle({ ctx, body: { phone }, req }) {
    await checkBot(ctx, req);
    // before the lookup: the call must not enumerate accounts freely
    await ctx.limits.consume('smsPerIp', clientIp(req));
    const user = await ctx.readStore.collection<UserDocument>(USERS).findOne({ phone });
    if (!user) throw new DomainError('USER_NOT_FOUND');
    const sent = await sendCode(ctx, req, { phone, purpose: 'login', userId: user._id }, { ipCounted: true });
    return { data: sent };
  },
});

export const login = defineRoute({
  method: 'post',
  path: '/api/auth/login',
  tags,
  summary: 'Вход по коду из СМС',
  description: 'data.token; также cookie auth-token (HttpOnly, 30 дней без использования, не больше года).',
  auth: 'public',
  body: loginBody,
  parseBody: parseAuth,
  errors: [429],
  response: sessionAnswer,
  async handle({ ctx, body: { phone, smsCode }, req, res }) {
    const result = await verifyCode(ctx, req, { phone, purpose: 'login', code: smsCode });
    const accepted = result.events.find((e) => e.type === 'PhoneCodeAccepted');
    const userId = accepted?.type === 'PhoneCodeAccepted' ? accepted.data.userId : null;
    const account = userId && (await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: userId }));
    if (!userId || !account) throw new DomainError('USER_NOT_FOUND');
    return { data: await signedIn(ctx, res, userId) };
  },
});

export const logout = defineRoute({
  method: 'post',
  path: '/api/auth/logout',
  tags,
  summary: 'Выход: токен больше не действует',
  auth: 'signed-in',
  response: successAnswer,
  async handle({ ctx, req, res }) {
    const user = currentUser(req);
    await changeUser(ctx, user.userId, { type: 'EndSession', tokenHash: user.tokenHash });
    clearAuthCookie(ctx, res);
    return { data: { success: true } };
  },
});

export const signInRoutes = [clientConfig, sendLoginCode, login, logout];
