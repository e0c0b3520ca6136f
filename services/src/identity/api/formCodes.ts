import { randomBytes } from 'node:crypto';
import { defineRoute } from '../../core/route';
import { checkBot, sendCode, verifyCode } from '../codes';
import { codeSentAnswer, trustTokenAnswer } from '../dto';
import { formCodeBody, formVerifyBody, parseAuth } from '../inputs';
import { hashToken } from '../sessions';

/**
 * A request form's phone check (a booking, a callback): a code, then a token that proves the phone
 * for 24 hours in the `trust-token` header (trust.ts checks it).
 */
const tags = ['Формы'];

export const sendFormCode = defineRoute({
  method: 'post',
  path: '/api/sms-code/send',
  tags,
  summary: 'Код для проверки телефона в заявке',
  auth: 'public',
  body: formCodeBody,
  parseBody: parseAuth,
  errors: [429, 503],
  response: codeSentAnswer,
  async handle({ ctx, body: { phone }, req }) {
    await checkBot(ctx, req);
    return { data: await sendCode(ctx, req, { phone, purpose: 'form' }) };
  },
});

export const verifyFormCode = defineRoute({
  method: 'post',
  path: '/api/sms-code/verify',
  tags,
  summary: 'Проверка кода: токен доверия телефону на сутки',
  auth: 'public',
  body: formVerifyBody,
  parseBody: parseAuth,
  errors: [429],
  response: trustTokenAnswer,
  async handle({ ctx, body: { phone, smsCode }, req }) {
    await checkBot(ctx, req);
    const token = randomBytes(32).toString('base64url');
    await verifyCode(ctx, req, { phone, purpose: 'form', code: smsCode, trustTokenHash: hashToken(token) });
    return { data: { token, phone } };
  },
});

export const formCodeRoutes = [sendFormCode, verifyFormCode];
