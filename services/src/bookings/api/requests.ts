import { defineRoute } from '../../core/route';
import { checkBot, clientIp, requireConfirmedPhone, TRUST_TOKEN_HEADER } from '../../identity';
import { bookingDetailOf, bookingDtoOf, linkKeyFrom, requestByGuestKey, requestDocument } from '../answers';
import { cancelBookingByLink } from '../cancelBooking';
import { bookingDetailAnswer, bookingSentAnswer } from '../dto';
import { guestPagePath } from '../guestLinks';
import {
  BOOKING_KEY_HEADER,
  idempotencyKeyOf,
  publicationParams,
  reasonBody,
  requestBody,
  requestParams,
} from '../inputs';
import { requestBooking } from '../requestBooking';
import { BASE, tags } from './paths';

/**
 * A guest's request for a daily-rent listing, and the request's own page for a guest without an
 * account (authorised by the key of the link alone). The chat message, the host's SMS and e-mail
 * and the guest's link by SMS follow the recorded request (reactors.ts).
 */

export const sendRequest = defineRoute({
  method: 'post',
  path: `${BASE}/{publicationId}`,
  tags,
  summary: 'Заявка на бронирование',
  description:
    `Проверка на робота (g-recaptcha-response) и телефон, подтверждённый кодом из СМС (заголовок ${TRUST_TOKEN_HEADER} из /api/sms-code/verify; ` +
    'вошедшему со своим номером не нужен, иначе errorCode 6). Та же заявка (объявление, даты, телефон), пока она открыта, — та же заявка: ' +
    'ответ 200 с ней же, без новой записи и уведомлений. Гостю без аккаунта — data.guestPage, ссылка на страницу заявки (она же в СМС).',
  auth: 'public',
  params: publicationParams,
  body: requestBody,
  status: 201,
  errors: [403, 404, 409, 422, 429],
  response: bookingSentAnswer,
  async handle({ ctx, params: { publicationId }, body, req, res }) {
    await checkBot(ctx, req);
    await requireConfirmedPhone(ctx, req, body.phone);
    await ctx.limits.consume('bookingsPerIp', clientIp(req));
    // a phone and a listing are counted for new requests only: the same request again costs the host nothing
    const countNew = async () => {
      await ctx.limits.consume('bookingsPerPhone', body.phone);
      await ctx.limits.consume('bookingsPerListing', publicationId);
    };
    const outcome = await requestBooking(
      ctx,
      req.user?.userId ?? null,
      publicationId,
      {
        name: body.name,
        phone: body.phone,
        email: body.email ?? null,
        startDate: body.startDate,
        endDate: body.endDate,
        adultCount: body.adultCount,
        childCount: body.childCount,
      },
      { beforeNew: countNew },
    );
    const doc = await requestDocument(ctx, outcome.requestId);
    const guestPage = outcome.guestKey ? guestPagePath(outcome.requestId, outcome.guestKey) : null;
    const answer = { data: { ...bookingDtoOf(ctx, doc), repeated: !outcome.created, guestPage } };
    if (outcome.created) return answer;
    // the same request again: 200 (the declared 201 is a new one), the answer of the same shape, checked here
    res.status(200).json(bookingSentAnswer.parse(answer));
  },
});

const keyHeader = `Ключ из ссылки гостя — в заголовке ${BOOKING_KEY_HEADER}; неверный ключ — 404, как для заявки, которой нет.`;

export const guestPage = defineRoute({
  method: 'get',
  path: `${BASE}/guest/{requestId}`,
  tags,
  summary: 'Заявка гостя без аккаунта по ключу из его ссылки',
  description: keyHeader,
  auth: 'public',
  params: requestParams,
  errors: [404],
  response: bookingDetailAnswer,
  async handle({ ctx, params: { requestId }, req }) {
    return { data: await bookingDetailOf(ctx, await requestByGuestKey(ctx, requestId, linkKeyFrom(req))) };
  },
});

export const cancelByGuestLink = defineRoute({
  method: 'post',
  path: `${BASE}/guest/{requestId}/cancel`,
  tags,
  summary: 'Отмена заявки гостем без аккаунта по ключу из его ссылки, с причиной (text)',
  description: `${keyHeader} Заголовок Idempotency-Key (необязательно): повтор с тем же ключом завершает ту же отмену.`,
  auth: 'public',
  params: requestParams,
  body: reasonBody,
  errors: [404, 422],
  response: bookingDetailAnswer,
  async handle({ ctx, params: { requestId }, body: { text }, req }) {
    const key = linkKeyFrom(req);
    await cancelBookingByLink(ctx, requestId, key, text, idempotencyKeyOf(req));
    return { data: await bookingDetailOf(ctx, await requestByGuestKey(ctx, requestId, key)) };
  },
});

export const requestRoutes = [sendRequest, guestPage, cancelByGuestLink];
