import { defineRoute } from '../../core/route';
import { DomainError } from '../../core/errors';
import { checkBot, sendCode, verifyCode } from '../codes';
import { codeSentAnswer, sessionAnswer } from '../dto';
import { newEmailLink } from '../emailLinks';
import { loginBody, parseAuth, registrationBody } from '../inputs';
import { accountIdForSignUp, assertPhoneFree, finishSignUp } from '../registration';
import { signedIn } from '../sessions';

/**
 * Signing up: the details wait on the phone's stream with a registration code; the code confirms
 * the phone, makes the account (with a confirmation link for its address, which reactors.ts mails)
 * and signs in.
 */
const tags = ['Авторизация'];

export const register = defineRoute({
  method: 'post',
  path: '/api/auth/registration',
  tags,
  summary: 'Регистрация: код подтверждения телефона',
  auth: 'public',
  body: registrationBody,
  parseBody: parseAuth,
  errors: [429, 503],
  response: codeSentAnswer,
  async handle({ ctx, body: { name, phone, email, newsletter }, req }) {
    await checkBot(ctx, req);
    await assertPhoneFree(ctx, phone, 'phone');
    const registration = { name, email, newsletter: newsletter ?? false };
    return { data: await sendCode(ctx, req, { phone, purpose: 'registration', registration }) };
  },
});

export const confirmPhone = defineRoute({
  method: 'post',
  path: '/api/auth/confirm-phone',
  tags,
  summary: 'Подтверждение телефона при регистрации: вход',
  description: 'data.token; также cookie auth-token. Указанной почте уходит письмо со ссылкой подтверждения.',
  auth: 'public',
  body: loginBody,
  parseBody: parseAuth,
  errors: [429],
  response: sessionAnswer,
  async handle({ ctx, body: { phone, smsCode }, req, res }) {
    await assertPhoneFree(ctx, phone, 'phone');
    const userId = await accountIdForSignUp(ctx, phone);
    const result = await verifyCode(ctx, req, { phone, purpose: 'registration', code: smsCode, userId });
    const details = result.state.registration;
    if (!details) throw new DomainError('WRONG_CODE');
    const registered = await finishSignUp(ctx, userId, phone, details, {
      emailLink: details.email ? newEmailLink(ctx, userId) : undefined,
    });
    await ctx.projections.whenCaughtUp(registered.position);
    return { data: await signedIn(ctx, res, userId) };
  },
});

export const signUpRoutes = [register, confirmPhone];
