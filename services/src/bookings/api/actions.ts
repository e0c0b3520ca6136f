import type { Request } from 'express';
import { actorOf, STAFF, type Actor } from '../../core/access';
import type { AppContext } from '../../core/context';
import { defineRoute } from '../../core/route';
import { acceptBooking } from '../acceptBooking';
import { bookingDtoOf, requestDocument } from '../answers';
import { cancelBooking } from '../cancelBooking';
import { checkOutGuest, rejectBooking } from '../commands';
import { bookingAnswer } from '../dto';
import { answerParams, idempotencyKeyOf, reasonBody, requestParams } from '../inputs';
import { BASE, tags } from './paths';

/**
 * What the host (and, for a cancellation, the guest) does with a request: accept it (a workflow
 * across the calendar and the request), reject it, cancel it (a workflow across the request and
 * the calendar), check the guest out. Each runs the command or the workflow and answers the request
 * as the read model then shows it; the messages, SMS and e-mails follow the facts (reactors.ts).
 */

/** the request as the read model shows it once the action is done */
const requestAnswer = async (ctx: AppContext, requestId: string) => ({
  data: bookingDtoOf(ctx, await requestDocument(ctx, requestId)),
});

const idempotency =
  'Заголовок Idempotency-Key (необязательно): повтор с тем же ключом продолжает и завершает то же действие.';

export const acceptRequest = defineRoute({
  method: 'post',
  path: `${BASE}/{publicationId}/{requestId}/accept`,
  tags,
  summary: 'Принять заявку: даты бронируются',
  description: `Сначала даты занимаются в календаре объявления, затем заявка принимается; если заявку принять нельзя, даты освобождаются. ${idempotency}`,
  auth: STAFF,
  params: answerParams,
  errors: [404, 409, 422],
  response: bookingAnswer,
  async handle({ ctx, params: { publicationId, requestId }, req }) {
    await acceptBooking(ctx, actorOf(req), publicationId, requestId, {
      idempotencyKey: idempotencyKeyOf(req),
    });
    return requestAnswer(ctx, requestId);
  },
});

/**
 * A request ended with a reason the other side is told (text): the host's rejection, or either
 * side's cancellation; `end` runs its command or workflow.
 */
const endedWithReason = (
  doc: { path: string; summary: string; description?: string },
  end: (ctx: AppContext, actor: Actor, requestId: string, reason: string, req: Request) => Promise<unknown>,
) =>
  defineRoute({
    method: 'post',
    ...doc,
    tags,
    auth: 'signed-in',
    params: requestParams,
    body: reasonBody,
    errors: [404, 422],
    response: bookingAnswer,
    async handle({ ctx, params: { requestId }, body: { text }, req }) {
      await end(ctx, actorOf(req), requestId, text, req);
      return requestAnswer(ctx, requestId);
    },
  });

export const rejectRequest = endedWithReason(
  { path: `${BASE}/{requestId}/reject`, summary: 'Отклонить заявку с причиной (text)' },
  (ctx, actor, requestId, reason) => rejectBooking(ctx, actor, requestId, reason),
);

export const cancelRequest = endedWithReason(
  {
    path: `${BASE}/{requestId}/cancel`,
    summary: 'Отменить заявку с причиной (text): гость или агентство',
    description: `Заявка отменяется, затем её даты освобождаются. ${idempotency}`,
  },
  (ctx, actor, requestId, reason, req) => cancelBooking(ctx, actor, requestId, reason, idempotencyKeyOf(req)),
);

export const checkOut = defineRoute({
  method: 'post',
  path: `${BASE}/{requestId}/check-out`,
  tags,
  summary: 'Гость выехал',
  auth: 'signed-in',
  params: requestParams,
  errors: [404, 422],
  response: bookingAnswer,
  async handle({ ctx, params: { requestId }, req }) {
    await checkOutGuest(ctx, actorOf(req), requestId);
    return requestAnswer(ctx, requestId);
  },
});

export const actionRoutes = [acceptRequest, rejectRequest, cancelRequest, checkOut];
