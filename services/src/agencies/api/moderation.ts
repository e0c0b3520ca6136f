import { MODERATOR_ROLE } from '@estate/events';
import { actorOf } from '../../core/access';
import { defineRoute } from '../../core/route';
import { approveRealtorRequest, rejectRealtorRequest } from '../commands';
import { moderationQueueAnswer, realtorRequestAnswer } from '../dto';
import { applicantParams, rejectBody } from '../inputs';
import { realtorRequestOf, realtorRequestView, requestsUnderReview } from '../views';

/** The moderator's side of the realtor requests: the queue, an approval, a rejection with its reason. */
const tags = ['Заявка риелтора'];

export const listRealtorRequests = defineRoute({
  method: 'get',
  path: '/api/moderation/realtor-requests',
  tags,
  summary: 'Заявки риелторов на рассмотрении (модератор)',
  auth: [MODERATOR_ROLE],
  response: moderationQueueAnswer,
  async handle({ ctx }) {
    const docs = await requestsUnderReview(ctx);
    return { data: docs.map((d) => ({ userId: d._id, ...realtorRequestView(d) })) };
  },
});

export const approveRequest = defineRoute({
  method: 'post',
  path: '/api/moderation/realtor-requests/{userId}/approve',
  tags,
  summary: 'Одобрить заявку',
  auth: [MODERATOR_ROLE],
  params: applicantParams,
  errors: [422],
  response: realtorRequestAnswer,
  async handle({ ctx, params: { userId }, req }) {
    await approveRealtorRequest(ctx, actorOf(req), userId);
    return { data: realtorRequestView(await realtorRequestOf(ctx, userId)) };
  },
});

export const rejectRequest = defineRoute({
  method: 'post',
  path: '/api/moderation/realtor-requests/{userId}/reject',
  tags,
  summary: 'Отклонить заявку с причиной',
  auth: [MODERATOR_ROLE],
  params: applicantParams,
  body: rejectBody,
  errors: [422],
  response: realtorRequestAnswer,
  async handle({ ctx, params: { userId }, body: { reason }, req }) {
    await rejectRealtorRequest(ctx, actorOf(req), userId, reason);
    return { data: realtorRequestView(await realtorRequestOf(ctx, userId)) };
  },
});

export const moderationRoutes = [listRealtorRequests, approveRequest, rejectRequest];
