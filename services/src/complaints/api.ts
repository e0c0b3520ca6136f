import { randomUUID } from 'node:crypto';
import { MODERATOR_ROLE, PUBLICATION_STATUS } from '@estate/events';
import {
  COMPLAINT_LISTINGS,
  COMPLAINTS,
  findPublication,
  type ComplaintDocument,
  type ComplaintListingDocument,
} from '@estate/projections';
import type { Request } from 'express';
import { currentUser } from '../core/access';
import type { AppContext } from '../core/context';
import { loadState } from '../core/decider';
import { DomainError } from '../core/errors';
import { simpleRestPage } from '../core/http';
import { defineRoute } from '../core/route';
import { checkBot, clientIp, requireConfirmedPhone, TRUST_TOKEN_HEADER } from '../identity';
import {
  complaintDecider,
  complaintStream,
  fileComplaintAbout,
  type ComplaintHandler,
  handleComplaint,
} from './complaint';
import { declineListingOnComplaint } from './declineListing';
import {
  COMPLAINT_STATUS_NAMES,
  complaintActionAnswer,
  complaintDetailDto,
  complaintFiledAnswer,
  complaintList,
  complainedPublicationList,
  type ComplaintDetailDto,
  type ComplaintDto,
} from './dto';
import {
  complainedListQuery,
  complaintBody,
  complaintListQuery,
  complaintParams,
  declineBody,
  dismissBody,
  publicationParams,
} from './inputs';

/** Complaints about listings (api.md Complaint) and the moderators' queue of them (`/api/cabinet/complaints`). */
const tags = ['Модерация: жалобы'];
const MODERATORS = [MODERATOR_ROLE] as const;

const complaints = (ctx: AppContext) => ctx.readStore.collection<ComplaintDocument>(COMPLAINTS);

export const fileComplaint = defineRoute({
  method: 'post',
  path: '/api/publications/{id}/complaint',
  tags: ['Объявления'],
  summary: 'Пожаловаться на объявление: телефон, почта, комментарий (10–240 символов), согласие с политикой',
  description:
    'Проверка на робота (g-recaptcha-response) и телефон, подтверждённый кодом из СМС ' +
    `(заголовок ${TRUST_TOKEN_HEADER} из /api/sms-code/verify; вошедшему со своим номером не нужен, иначе errorCode 6). ` +
    'Лимиты (429): жалоб в час с одного IP — COMPLAINTS_LIMIT_PER_IP (10), в сутки на телефон — COMPLAINTS_LIMIT_PER_PHONE (5), ' +
    'в сутки на объявление — COMPLAINTS_LIMIT_PER_LISTING (10). Жалоба попадает в очередь модераторов.',
  auth: 'public',
  params: publicationParams,
  body: complaintBody,
  status: 201,
  errors: [403, 404, 429],
  response: complaintFiledAnswer,
  async handle({ ctx, params: { id }, body, req }) {
    await checkBot(ctx, req);
    // a complaint costs a moderator's time: it comes from a phone someone proved is theirs, as a lead does
    await requireConfirmedPhone(ctx, req, body.phone);
    // a visitor complains about what the site shows: a published listing
    const listing = await findPublication(ctx.readStore, id);
    if (!listing || listing.status !== PUBLICATION_STATUS.PUBLISHED)
      throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    // counted once the phone is confirmed: the errorCode 6 try before the code costs nothing
    await ctx.limits.consume('complaintsPerIp', clientIp(req));
    await ctx.limits.consume('complaintsPerPhone', body.phone);
    await ctx.limits.consume('complaintsPerListing', id);
    const complaintId = randomUUID();
    await fileComplaintAbout(
      ctx.eventStore,
      complaintId,
      listing,
      { phone: body.phone, email: body.email, comment: body.comment, userId: req.user?.userId ?? null },
      { actor: req.user?.userId ?? null },
    );
    return { data: { id: complaintId, status: 'open' as const } };
  },
});

const dtoOf = ({ _id, revision: _r, history: _h, ...complaint }: ComplaintDocument): ComplaintDto => ({
  id: _id,
  ...complaint,
  statusName: COMPLAINT_STATUS_NAMES[complaint.status],
});
const detailOf = (doc: ComplaintDocument): ComplaintDetailDto => ({ ...dtoOf(doc), history: doc.history });

async function complaintById(ctx: AppContext, id: string) {
  const doc = await complaints(ctx).findOne({ _id: id });
  if (!doc) throw new DomainError('NOT_FOUND', 'Жалоба не найдена');
  return doc;
}

const handlerOf = (req: Request): ComplaintHandler => {
  const user = currentUser(req);
  return { userId: user.userId, name: user.name, role: user.role };
};

export const listComplaints = defineRoute({
  method: 'get',
  path: '/api/cabinet/complaints',
  tags,
  summary: 'Жалобы на объявления (модератор; react-admin simple-rest): массив, заголовок Content-Range',
  description:
    'filter: status (open, dismissed, upheld), publicationId; sort: filedAt, updatedAt, status, id.',
  auth: MODERATORS,
  query: complaintListQuery,
  response: complaintList,
  async handle({ ctx, query, res }) {
    const { status, publicationId } = query.filter;
    const page = await simpleRestPage(
      complaints(ctx),
      { ...(status ? { status } : {}), ...(publicationId ? { publicationId } : {}) },
      query,
      'complaints',
      res,
    );
    return page.map(dtoOf);
  },
});

export const readComplaint = defineRoute({
  method: 'get',
  path: '/api/cabinet/complaints/{id}',
  tags,
  summary: 'Жалоба с историей решений (модератор)',
  auth: MODERATORS,
  params: complaintParams,
  errors: [404],
  response: complaintDetailDto,
  handle: async ({ ctx, params: { id } }) => detailOf(await complaintById(ctx, id)),
});

export const listComplainedPublications = defineRoute({
  method: 'get',
  path: '/api/cabinet/complained-publications',
  tags,
  summary: 'Объявления с жалобами: число жалоб, нерассмотренных, последняя (модератор; simple-rest)',
  description:
    'filter: open (true — только с нерассмотренными жалобами), agencyId; sort: lastComplaintAt, openCount, complaintsCount, id.',
  auth: MODERATORS,
  query: complainedListQuery,
  response: complainedPublicationList,
  async handle({ ctx, query, res }) {
    const { open, agencyId } = query.filter;
    const page = await simpleRestPage(
      ctx.readStore.collection<ComplaintListingDocument>(COMPLAINT_LISTINGS),
      { ...(open !== undefined ? { hasOpen: open } : {}), ...(agencyId ? { agencyId } : {}) },
      query,
      'complained-publications',
      res,
    );
    return page.map(({ _id, hasOpen: _open, ...listing }) => ({ id: _id, ...listing }));
  },
});

export const dismissComplaint = defineRoute({
  method: 'post',
  path: '/api/cabinet/complaints/{id}/dismiss',
  tags,
  summary: 'Отклонить жалобу: объявление остаётся как есть (причина — необязательно)',
  auth: MODERATORS,
  params: complaintParams,
  body: dismissBody,
  errors: [404, 422],
  response: complaintActionAnswer,
  async handle({ ctx, params: { id }, body: { reason }, req }) {
    const by = handlerOf(req);
    const result = await handleComplaint(
      ctx.eventStore,
      id,
      { type: 'DismissComplaint', complaintId: id, reason, by },
      { actor: by.userId },
    );
    await ctx.projections.whenCaughtUp(result.position);
    return { data: detailOf(await complaintById(ctx, id)) };
  },
});

export const declineComplainedListing = defineRoute({
  method: 'post',
  path: '/api/cabinet/complaints/{id}/decline',
  tags,
  summary: 'Признать жалобу и отклонить объявление с причиной',
  description:
    'Объявление отклоняется (статус 4) с причиной, которую видит агентство; другие нерассмотренные жалобы на него закрываются тем же решением. ' +
    'Объявление, которое нельзя отклонить (удалено, скрыто), — 404/422, жалоба остаётся открытой.',
  auth: MODERATORS,
  params: complaintParams,
  body: declineBody,
  errors: [404, 422],
  response: complaintActionAnswer,
  async handle({ ctx, params: { id }, body: { reason }, req }) {
    const { userId, name } = handlerOf(req);
    const { state, revision } = await loadState(ctx.eventStore, complaintStream(id), complaintDecider);
    const publicationId = state.publicationId;
    if (!publicationId) throw new DomainError('NOT_FOUND', 'Жалоба не найдена');
    const others = await complaints(ctx).find({ publicationId, status: 'open', _id: { $ne: id } });
    await declineListingOnComplaint(
      ctx,
      {
        complaintId: id,
        publicationId,
        reason,
        moderator: { userId, name },
        others: others.map((c) => c._id),
      },
      revision,
    );
    return { data: detailOf(await complaintById(ctx, id)) };
  },
});

export const complaintRoutes = [
  fileComplaint,
  listComplaints,
  listComplainedPublications,
  readComplaint,
  dismissComplaint,
  declineComplainedListing,
];
