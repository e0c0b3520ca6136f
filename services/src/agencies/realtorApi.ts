import { legalEntity, MODERATOR_ROLE, ROLES, type AgencyDetails } from '@estate/events';
import {
  AGENCIES,
  escapeRegex,
  REALTOR_REQUESTS,
  type AgencyDocument,
  type RealtorRequestDocument,
} from '@estate/projections';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { handleCommand, type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { INN_TAKEN, NAME_TAKEN } from './agencyKey';
import { confirmRealtorRequest } from './confirmAgency';
import {
  REALTOR_STATUS_CODE,
  REALTOR_STATUS_NAMES,
  realtorRequestDecider,
  realtorRequestStream,
  type RealtorRequestCommand,
} from './realtorRequest';
import { currentUser, requireRole, actorOf, type Actor } from '../core/access';

const required = z.string({ error: 'Обязательное поле' }).trim().min(1, 'Обязательное поле');
const digitsOrEmpty = (length: string, re: RegExp) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(re, length))
    .or(z.literal(''))
    .optional();
/** The spec's realtor form: only non-empty fields are sent; INN is needed except for a private realtor, KPP only for a legal entity. */
export const realtorForm = z
  .object({
    name: required.pipe(z.string().min(3, 'Обязательное поле')).pipe(z.string().max(200)),
    agencyName: required.pipe(z.string().max(200)),
    email: required.pipe(z.email('Введите корректный адрес почты')),
    legalEntity: z.coerce.number().pipe(legalEntity).default(1),
    inn: digitsOrEmpty('ИНН — 10 или 12 цифр', /^\d{10}(\d{2})?$/),
    kpp: digitsOrEmpty('КПП — 9 цифр', /^\d{9}$/),
    accountNumber: digitsOrEmpty('Расчётный счёт — 20 цифр', /^\d{20}$/),
    siteLink: z.string().trim().max(300).optional(),
  })
  .superRefine((form, issue) => {
    if (form.legalEntity !== 3 && !form.inn)
      issue.addIssue({ code: 'custom', path: ['inn'], message: 'Обязательное поле' });
    if (form.legalEntity !== 1 && form.kpp)
      issue.addIssue({
        code: 'custom',
        path: ['kpp'],
        message: 'КПП указывается только для юридического лица',
      });
  });

export const toDetails = (form: z.infer<typeof realtorForm>): AgencyDetails => ({
  name: form.agencyName,
  legalEntity: form.legalEntity as 1 | 2 | 3,
  inn: form.inn || null,
  kpp: form.kpp || null,
  accountNumber: form.accountNumber || null,
  siteLink: form.siteLink || null,
  email: form.email,
  description: null,
});

/** A name or INN another agency (or another pending request) already has is refused at once, with the field it concerns. */
export async function assertAgencyKeysFree(
  ctx: AppContext,
  details: AgencyDetails,
  exceptUserId?: string,
  exceptAgencyId?: string,
) {
  const agencies = ctx.readStore.collection<AgencyDocument>(AGENCIES);
  const requests = ctx.readStore.collection<RealtorRequestDocument>(REALTOR_REQUESTS);
  const sameName = { $regex: `^${escapeRegex(details.name.trim())}$`, $options: 'i' };
  const nameAgency = await agencies.findOne({ name: sameName });
  const nameRequest = await requests.findOne({
    'details.name': sameName,
    status: { $in: ['review', 'approved'] },
    _id: { $ne: exceptUserId ?? '' },
  });
  if ((nameAgency && nameAgency._id !== exceptAgencyId) || nameRequest)
    throw new DomainError('INVALID_DATA', NAME_TAKEN, { agencyName: [NAME_TAKEN] });
  if (details.inn) {
    const innAgency = await agencies.findOne({ inn: details.inn });
    const innRequest = await requests.findOne({
      'details.inn': details.inn,
      status: { $in: ['review', 'approved'] },
      _id: { $ne: exceptUserId ?? '' },
    });
    if ((innAgency && innAgency._id !== exceptAgencyId) || innRequest)
      throw new DomainError('INVALID_DATA', INN_TAKEN, { inn: [INN_TAKEN] });
  }
}

const runRequest = async (
  ctx: AppContext,
  userId: string,
  command: RealtorRequestCommand,
  actor: string,
  meta: CommandContext = {},
) => {
  const result = await handleCommand(
    ctx.eventStore,
    realtorRequestStream(userId),
    realtorRequestDecider,
    command,
    { ...meta, actor },
  );
  await ctx.projections.whenCaughtUp(result.position);
  return result;
};

/** A user's realtor request (sent or replaced): a taken agency name or INN is refused at once. */
export async function submitRealtorRequest(
  ctx: AppContext,
  userId: string,
  contactName: string,
  details: AgencyDetails,
) {
  await assertAgencyKeysFree(ctx, details, userId);
  return runRequest(ctx, userId, { type: 'SubmitRealtorRequest', userId, contactName, details }, userId);
}

/** A moderator's approval of the request under review (the seed's carries its correlation: no one is told). */
export const approveRealtorRequest = (
  ctx: AppContext,
  moderator: Actor,
  userId: string,
  meta: CommandContext = {},
) =>
  runRequest(
    ctx,
    userId,
    { type: 'ApproveRealtorRequest', actor: moderator, userId },
    moderator.userId,
    meta,
  );

/** A moderator's refusal of the request under review, with the reason the user is told. */
export const rejectRealtorRequest = (ctx: AppContext, moderator: Actor, userId: string, reason: string) =>
  runRequest(
    ctx,
    userId,
    { type: 'RejectRealtorRequest', actor: moderator, userId, reason },
    moderator.userId,
  );

/** The realtor request calls of api.md, and the moderator's side of them. */
export function realtorRoutes(ctx: AppContext): Router {
  const router = Router();
  const requests = ctx.readStore.collection<RealtorRequestDocument>(REALTOR_REQUESTS);
  const run = (userId: string, command: RealtorRequestCommand, actor: string) =>
    runRequest(ctx, userId, command, actor);
  const toDto = (doc: RealtorRequestDocument | null) => {
    const status = REALTOR_STATUS_CODE[doc?.status ?? 'none'];
    if (!doc || doc.status === 'none' || !doc.details) return { status };
    const d = doc.details;
    return {
      status,
      statusName: REALTOR_STATUS_NAMES[status],
      reason: doc.reason,
      agencyId: doc.agencyId,
      name: doc.contactName,
      agencyName: d.name,
      legalEntity: d.legalEntity,
      inn: d.inn,
      kpp: d.kpp,
      accountNumber: d.accountNumber,
      siteLink: d.siteLink,
      email: d.email,
    };
  };
  const route = (method: 'get' | 'post' | 'patch' | 'delete', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path,
      tags: ['Заявка риелтора'],
      summary,
      security: [{ bearer: [] }],
      responses: { 200: { description: 'data' } },
    });
  const user = requireRole(ROLES.USER);

  route(
    'get',
    '/api/realtor-database-request',
    'Заявка текущего пользователя: data.status (1 на рассмотрении, 2 одобрена, 3 отклонена, 4 нет)',
  );
  router.get('/api/realtor-database-request', async (req, res) => {
    res.json({ data: toDto(await requests.findOne({ _id: currentUser(req).userId })) });
  });

  route('post', '/api/realtor-database-request', 'Отправить заявку (создаёт или обновляет по статусу)');
  route('patch', '/api/realtor-database-request', 'Обновить заявку');
  const submit = async (req: Request, res: Response) => {
    const me = currentUser(req);
    const form = parse(realtorForm, req.body);
    await submitRealtorRequest(ctx, me.userId, form.name, toDetails(form));
    res.json({ data: toDto(await requests.findOne({ _id: me.userId })) });
  };
  router.post('/api/realtor-database-request', user, submit);
  router.patch('/api/realtor-database-request', user, submit);

  route('delete', '/api/realtor-database-request', 'Удалить заявку');
  router.delete('/api/realtor-database-request', user, async (req, res) => {
    const me = currentUser(req);
    await run(me.userId, { type: 'WithdrawRealtorRequest', userId: me.userId }, me.userId);
    res.json({ data: { status: 4 } });
  });

  route(
    'post',
    '/api/realtor-database-request/confirm',
    'После одобрения: создать агентство, пользователь становится его владельцем',
  );
  router.post('/api/realtor-database-request/confirm', user, async (req, res) => {
    res.json({ data: await confirmRealtorRequest(ctx, currentUser(req).userId) });
  });

  const moderator = requireRole(MODERATOR_ROLE);
  route('get', '/api/moderation/realtor-requests', 'Заявки риелторов на рассмотрении (модератор)');
  router.get('/api/moderation/realtor-requests', moderator, async (_req, res) => {
    const docs = await requests.find({ status: 'review' }, { sort: { updatedAt: 1 } });
    res.json({ data: docs.map((d) => ({ userId: d._id, ...toDto(d) })) });
  });
  route('post', '/api/moderation/realtor-requests/{userId}/approve', 'Одобрить заявку');
  router.post('/api/moderation/realtor-requests/:userId/approve', moderator, async (req, res) => {
    await approveRealtorRequest(ctx, actorOf(req), String(req.params.userId));
    res.json({ data: toDto(await requests.findOne({ _id: String(req.params.userId) })) });
  });
  route('post', '/api/moderation/realtor-requests/{userId}/reject', 'Отклонить заявку с причиной');
  router.post('/api/moderation/realtor-requests/:userId/reject', moderator, async (req, res) => {
    const { reason } = parse(
      z.object({ reason: z.string().trim().min(3, 'Укажите причину отклонения').max(1000) }),
      req.body,
    );
    await rejectRealtorRequest(ctx, actorOf(req), String(req.params.userId), reason);
    res.json({ data: toDto(await requests.findOne({ _id: String(req.params.userId) })) });
  });
  return router;
}
