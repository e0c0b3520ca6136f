import { actorOf, currentUser, mayManagePublication, STAFF, staffScope } from '../../core/access';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { bookingDetailOf, bookingPage, displayFilter, requestDocument, requestsOf } from '../answers';
import { todayOf } from '../dates';
import { bookingCountsAnswer, bookingDetailAnswer, bookingListAnswer } from '../dto';
import { agentListQuery, period, requestParams, userListQuery } from '../inputs';
import { DISPLAY_STATUS_NAMES, USER_STATUS } from '../status';
import { BASE, tags } from './paths';

/** The lists of requests: the agency's by display status, the guest's own by the user status set, and one request with its messages. */

const inPeriod = (q: { startDate: string; endDate: string }) => ({
  startDate: { $lt: q.endDate },
  endDate: { $gt: q.startDate },
});

export const agencyList = defineRoute({
  method: 'get',
  path: `${BASE}/list-for-agent`,
  tags,
  summary: 'Заявки агентства: статус отображения 1–5, период, limit 15, offset с 1',
  auth: STAFF,
  query: agentListQuery,
  response: bookingListAnswer,
  async handle({ ctx, query: q, req }) {
    const byStatus = q.status ? displayFilter(q.status, todayOf(ctx.clock())) : {};
    return bookingPage(ctx, { $and: [staffScope(actorOf(req)), inPeriod(q), byStatus] }, q);
  },
});

export const agencyCounts = defineRoute({
  method: 'get',
  path: `${BASE}/count`,
  tags,
  summary: 'Сколько заявок в каждом статусе отображения 1–5',
  auth: STAFF,
  query: period,
  response: bookingCountsAnswer,
  async handle({ ctx, query: q, req }) {
    const base = { ...staffScope(actorOf(req)), ...inPeriod(q) };
    const today = todayOf(ctx.clock());
    const counts = await Promise.all(
      [1, 2, 3, 4, 5].map(async (status) => ({
        status,
        name: DISPLAY_STATUS_NAMES[status],
        count: await requestsOf(ctx).countDocuments({ $and: [base, displayFilter(status, today)] }),
      })),
    );
    return { data: counts };
  },
});

export const userList = defineRoute({
  method: 'get',
  path: `${BASE}/list-for-user`,
  tags,
  summary: 'Заявки гостя: status 1 отправлена, 2 принята, 3 отменена, 4 отклонена',
  auth: 'signed-in',
  query: userListQuery,
  response: bookingListAnswer,
  async handle({ ctx, query: q, req }) {
    const user = currentUser(req);
    const byStatus = q.status
      ? {
          status: {
            $in: Object.entries(USER_STATUS)
              .filter(([, n]) => n === q.status)
              .map(([s]) => s),
          },
        }
      : {};
    return bookingPage(ctx, { $and: [{ 'guest.userId': user.userId, ...inPeriod(q) }, byStatus] }, q);
  },
});

export const requestDetail = defineRoute({
  method: 'get',
  path: `${BASE}/list/{requestId}`,
  tags,
  summary: 'Заявка с сообщениями: её гостю и тем, кто ведёт объявление',
  auth: 'signed-in',
  params: requestParams,
  errors: [404],
  response: bookingDetailAnswer,
  async handle({ ctx, params: { requestId }, req }) {
    const user = currentUser(req);
    const doc = await requestDocument(ctx, requestId);
    if (doc.guest.userId !== user.userId && !mayManagePublication(actorOf(req), doc))
      throw new DomainError('FORBIDDEN');
    return { data: await bookingDetailOf(ctx, doc) };
  },
});

export const listRoutes = [agencyList, agencyCounts, userList, requestDetail];
