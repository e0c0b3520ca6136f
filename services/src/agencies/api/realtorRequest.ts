import { ROLES } from '@estate/events';
import { currentUser } from '../../core/access';
import { defineRoute } from '../../core/route';
import { submitRealtorRequest, withdrawRealtorRequest } from '../commands';
import { realtorRequestAnswer } from '../dto';
import { realtorForm, toDetails } from '../inputs';
import { realtorRequestOf, realtorRequestView } from '../views';

/** A user's own realtor request (api.md: Realtor request): read it, send or update it, withdraw it. */
const tags = ['Заявка риелтора'];

export const getRealtorRequest = defineRoute({
  method: 'get',
  path: '/api/realtor-database-request',
  tags,
  summary: 'Заявка текущего пользователя: data.status (1 на рассмотрении, 2 одобрена, 3 отклонена, 4 нет)',
  auth: 'signed-in',
  response: realtorRequestAnswer,
  async handle({ ctx, req }) {
    return { data: realtorRequestView(await realtorRequestOf(ctx, currentUser(req).userId)) };
  },
});

/**
 * Sending creates the request when there is none (or it was rejected) and updates it under review:
 * the spec's POST and PATCH are the same call.
 */
const sendRoute = (method: 'post' | 'patch', summary: string) =>
  defineRoute({
    method,
    path: '/api/realtor-database-request',
    tags,
    summary,
    auth: [ROLES.USER],
    body: realtorForm,
    errors: [422],
    response: realtorRequestAnswer,
    async handle({ ctx, body: form, req }) {
      const { userId } = currentUser(req);
      await submitRealtorRequest(ctx, userId, form.name, toDetails(form));
      return { data: realtorRequestView(await realtorRequestOf(ctx, userId)) };
    },
  });

export const sendRealtorRequest = sendRoute('post', 'Отправить заявку (создаёт или обновляет по статусу)');
export const updateRealtorRequest = sendRoute('patch', 'Обновить заявку');

export const withdrawRequest = defineRoute({
  method: 'delete',
  path: '/api/realtor-database-request',
  tags,
  summary: 'Удалить заявку',
  auth: [ROLES.USER],
  errors: [422],
  response: realtorRequestAnswer,
  async handle({ ctx, req }) {
    await withdrawRealtorRequest(ctx, currentUser(req).userId);
    return { data: { status: 4 } };
  },
});

export const realtorRequestRoutes = [
  getRealtorRequest,
  sendRealtorRequest,
  updateRealtorRequest,
  withdrawRequest,
];
