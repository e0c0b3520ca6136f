import { ROLES } from '@estate/events';
import { currentUser } from '../../core/access';
import { defineRoute } from '../../core/route';
import { confirmRealtorRequest } from '../confirmAgency';
import { confirmedAnswer } from '../dto';

/**
 * After the moderator's approval, «Перейти в кабинет» confirms the request: the agency is opened
 * and the user becomes its owner (the workflow of confirmAgency.ts). The same confirmation again
 * answers the same agency.
 */
export const confirmRealtorRequestRoute = defineRoute({
  method: 'post',
  path: '/api/realtor-database-request/confirm',
  tags: ['Заявка риелтора'],
  summary: 'После одобрения: создать агентство, пользователь становится его владельцем',
  auth: [ROLES.USER],
  errors: [422],
  response: confirmedAnswer,
  async handle({ ctx, req }) {
    return { data: await confirmRealtorRequest(ctx, currentUser(req).userId) };
  },
});

export const confirmRoutes = [confirmRealtorRequestRoute];
