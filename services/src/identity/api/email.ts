import { USERS, type UserDocument } from '@estate/projections';
import { currentUser } from '../../core/access';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { changeUser } from '../account';
import { emailChangedAnswer, successAnswer } from '../dto';
import { newEmailLink, userIdOfEmailToken } from '../emailLinks';
import { changeEmailBody, emailTokenBody, sessionTokenBody } from '../inputs';
import { hashToken } from '../sessions';
import { userStream } from '../user';

/**
 * The account's e-mail address: a change records a confirmation link with it, asking again records
 * another, and following one (the site's /confirmation-email page) confirms the address. The
 * letters follow the recorded links (reactors.ts); a request only decides and appends.
 */
const tags = ['Авторизация'];

export const changeEmail = defineRoute({
  method: 'post',
  path: '/api/auth/change-email',
  tags,
  summary: 'Смена почты: письмо со ссылкой подтверждения',
  auth: 'signed-in',
  body: changeEmailBody,
  errors: [429],
  response: emailChangedAnswer,
  async handle({ ctx, body: { newEmail }, req }) {
    const user = currentUser(req);
    await ctx.limits.consume('emailsPerUser', user.userId);
    await changeUser(ctx, user.userId, {
      type: 'ChangeEmail',
      email: newEmail,
      emailLink: newEmailLink(ctx, user.userId),
    });
    const account = await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: user.userId });
    return { data: { email: account?.email ?? newEmail, isVerifiedEmail: account?.emailVerified ?? false } };
  },
});

export const sendConfirmEmail = defineRoute({
  method: 'post',
  // the spec's client writes it with a slash at the end, which Express's routing takes as the same path
  path: '/api/auth/send-confirm-email',
  tags,
  summary: 'Письмо со ссылкой подтверждения почты ещё раз',
  description:
    'Сессия — из cookie, заголовка Authorization или поля token тела, как его шлёт клиент спецификации.',
  auth: 'signed-in',
  body: sessionTokenBody,
  errors: [422, 429],
  response: successAnswer,
  async handle({ ctx, req }) {
    const user = currentUser(req);
    await ctx.limits.consume('emailsPerUser', user.userId);
    await changeUser(ctx, user.userId, { type: 'SendEmailConfirmation', ...newEmailLink(ctx, user.userId) });
    return { data: { success: true } };
  },
});

export const confirmEmail = defineRoute({
  method: 'post',
  path: '/api/auth/confirm-email',
  tags,
  summary: 'Подтверждение почты по ссылке из письма',
  description: 'token — из адреса страницы /confirmation-email, на которую ведёт письмо.',
  auth: 'public',
  body: emailTokenBody,
  response: successAnswer,
  async handle({ ctx, body: { token } }) {
    const userId = userIdOfEmailToken(token);
    const invalid = new DomainError(
      'INVALID_DATA',
      'Ссылка недействительна. Запросите новую ссылку в профиле.',
    );
    if (!userId || (await ctx.eventStore.readStream(userStream(userId))).length === 0) throw invalid;
    await changeUser(ctx, userId, { type: 'ConfirmEmail', tokenHash: hashToken(token), now: ctx.clock() });
    return { data: { success: true } };
  },
});

export const emailRoutes = [changeEmail, sendConfirmEmail, confirmEmail];
