import { currentUser } from '../../core/access';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { changeUser } from '../account';
import { checkBot, sendCode, verifyCode } from '../codes';
import { codeSentAnswer, phoneChangedAnswer } from '../dto';
import { changePhoneBody, confirmChangePhoneBody, parseAuth } from '../inputs';
import { handlePhone } from '../phone';
import { assertPhoneFree } from '../registration';

/** Moving an account to a new phone: a code to the new number, then the move and the old number's release. */
const tags = ['Авторизация'];

export const changePhone = defineRoute({
  method: 'post',
  path: '/api/auth/change-phone',
  tags,
  summary: 'Смена телефона: код на новый номер',
  auth: 'signed-in',
  body: changePhoneBody,
  parseBody: parseAuth,
  errors: [429, 503],
  response: codeSentAnswer,
  async handle({ ctx, body: { newPhone }, req }) {
    const user = currentUser(req);
    await checkBot(ctx, req);
    if (newPhone === user.phone)
      throw new DomainError('INVALID_DATA', undefined, { newPhone: ['Это ваш текущий номер'] });
    await assertPhoneFree(ctx, newPhone, 'newPhone', user.userId);
    return {
      data: await sendCode(ctx, req, { phone: newPhone, purpose: 'change-phone', userId: user.userId }),
    };
  },
});

export const confirmChangePhone = defineRoute({
  method: 'post',
  path: '/api/auth/confirm-change-phone',
  tags,
  summary: 'Смена телефона: подтверждение кодом',
  auth: 'signed-in',
  body: confirmChangePhoneBody,
  parseBody: parseAuth,
  errors: [429],
  response: phoneChangedAnswer,
  async handle({ ctx, body: { newPhone, smsCode }, req }) {
    const user = currentUser(req);
    await verifyCode(ctx, req, {
      phone: newPhone,
      purpose: 'change-phone',
      code: smsCode,
      userId: user.userId,
    });
    await changeUser(ctx, user.userId, { type: 'ChangePhone', newPhone });
    // the old number is free for someone else only once the account has moved to the new one
    await handlePhone(
      ctx.eventStore,
      user.phone,
      { type: 'ReleasePhone', phone: user.phone, userId: user.userId },
      { actor: user.userId },
    );
    return { data: { phone: newPhone } };
  },
});

export const phoneChangeRoutes = [changePhone, confirmChangePhone];
