import { randomUUID } from 'node:crypto';
import { MODERATOR_ROLE, type EventData } from '@estate/events';
import { LEADS, type LeadDocument } from '@estate/projections';
import type { Request } from 'express';
import { currentUser } from '../core/access';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { simpleRestPage } from '../core/http';
import { defineRoute } from '../core/route';
import { checkBot, clientIp, requireConfirmedPhone, TRUST_TOKEN_HEADER } from '../identity';
import {
  LEAD_KIND_NAMES,
  LEAD_STATUS_NAMES,
  leadActionAnswer,
  leadDetailDto,
  leadList,
  leadSentAnswer,
  type LeadDetailDto,
  type LeadDto,
} from './dto';
import {
  answerBody,
  doneBody,
  leadListQuery,
  leadParams,
  noteBody,
  sendRequestBody,
  type SendRequestBody,
} from './inputs';
import { leadIdFor, periodOf, sameLeadAs } from './duplicates';
import { type LeadCommand, type LeadHandler, handleLead } from './lead';

/** The request forms' leads (api.md Forms) and the moderators' work on them (`/api/cabinet/leads`). */
const formTags = ['Формы'];
const tags = ['Модерация: заявки'];
const MODERATORS = [MODERATOR_ROLE] as const;

const leads = (ctx: AppContext) => ctx.readStore.collection<LeadDocument>(LEADS);

/** api.md: "A stored campaign label is appended to the text" */
export const textWithLabel = (text: string, label: string | null) =>
  label ? `${text ? `${text}\n\n` : ''}Метка кампании: ${label}` : text;

function leadOf(body: SendRequestBody, leadId: string, req: Request): EventData<'LeadReceived'> {
  return {
    leadId,
    kind: body.kind,
    name: body.name,
    phone: body.phone,
    text: textWithLabel(body.text, body.campaignLabel),
    titlePage: body.titlePage,
    campaignLabel: body.campaignLabel,
    selection: body.kind === 'house-selection' ? body.selection : null,
    valuation: body.kind === 'valuation' ? body.valuation : null,
    userId: req.user?.userId ?? null,
    phoneConfirmedBy: req.user?.phone === body.phone ? 'account' : 'sms',
  };
}

export const sendRequest = defineRoute({
  method: 'post',
  path: '/api/send-request',
  tags: formTags,
  summary:
    'Заявка с формы сайта: звонок, ипотека, вопрос, подбор квартиры, счёт, инвестиции, подписка, оценка',
  description:
    `kind — вид заявки (по умолчанию callback); для house-selection обязателен selection, для valuation — valuation. ` +
    `Метка кампании (campaignLabel) дописывается к тексту. Проверка на робота (g-recaptcha-response) и телефон, ` +
    `подтверждённый кодом из СМС (заголовок ${TRUST_TOKEN_HEADER} из /api/sms-code/verify; вошедшему со своим номером ` +
    'не нужен, иначе errorCode 6). Лимиты (429): заявок в час с одного IP — LEADS_LIMIT_PER_IP (10), в сутки на телефон — LEADS_LIMIT_PER_PHONE (5). ' +
    'Письмо о заявке уходит на почту заявок после записи. Та же заявка повторно (тот же телефон, вид и текст в течение 10 минут) ' +
    'не создаёт второй: ответ — первая заявка.',
  auth: 'public',
  body: sendRequestBody,
  status: 201,
  errors: [403, 429],
  response: leadSentAnswer,
  async handle({ ctx, body, req }) {
    await checkBot(ctx, req);
    await requireConfirmedPhone(ctx, req, body.phone);
    // the same request again is answered with the first's lead, and counts against no limit
    const period = periodOf(ctx.clock());
    const same = await sameLeadAs(ctx, body, period);
    if (same) return { data: { id: same, kind: body.kind, status: 'new' as const } };
    await ctx.limits.consume('leadsPerIp', clientIp(req));
    await ctx.limits.consume('leadsPerPhone', body.phone);
    const leadId = leadIdFor(body, period);
    await handleLead(
      ctx.eventStore,
      leadId,
      { type: 'ReceiveLead', lead: leadOf(body, leadId, req) },
      { actor: req.user?.userId ?? null },
    );
    return { data: { id: leadId, kind: body.kind, status: 'new' as const } };
  },
});

const dtoOf = ({ _id, revision: _r, history: _h, ...lead }: LeadDocument): LeadDto => ({
  id: _id,
  ...lead,
  kindName: LEAD_KIND_NAMES[lead.kind],
  statusName: LEAD_STATUS_NAMES[lead.status],
});
const detailOf = (doc: LeadDocument): LeadDetailDto => ({ ...dtoOf(doc), history: doc.history });

async function leadById(ctx: AppContext, id: string) {
  const doc = await leads(ctx).findOne({ _id: id });
  if (!doc) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
  return doc;
}

export const listLeads = defineRoute({
  method: 'get',
  path: '/api/cabinet/leads',
  tags,
  summary: 'Заявки с форм сайта (модератор; react-admin simple-rest): массив, заголовок Content-Range',
  description:
    'filter: kind, status, phone (цифры номера), takenBy (id модератора); sort: receivedAt, updatedAt, status, kind, name, id.',
  auth: MODERATORS,
  query: leadListQuery,
  response: leadList,
  async handle({ ctx, query, res }) {
    const { kind, status, phone, takenBy } = query.filter;
    const page = await simpleRestPage(
      leads(ctx),
      {
        ...(kind ? { kind } : {}),
        ...(status ? { status } : {}),
        ...(phone ? { phone } : {}),
        ...(takenBy ? { 'takenBy.id': takenBy } : {}),
      },
      query,
      'leads',
      res,
    );
    return page.map(dtoOf);
  },
});

export const readLead = defineRoute({
  method: 'get',
  path: '/api/cabinet/leads/{id}',
  tags,
  summary: 'Заявка с историей: кто взял в работу, заметки, кто закрыл (модератор)',
  auth: MODERATORS,
  params: leadParams,
  errors: [404],
  response: leadDetailDto,
  handle: async ({ ctx, params: { id } }) => detailOf(await leadById(ctx, id)),
});

/** a moderator's action: decided on the lead's stream, answered from the read model that has seen it */
async function act(ctx: AppContext, req: Request, command: ModeratorCommand) {
  const result = await handleLead(ctx.eventStore, command.leadId, command, {
    actor: currentUser(req).userId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return { data: detailOf(await leadById(ctx, command.leadId)) };
}
type ModeratorCommand = Exclude<LeadCommand, { type: 'ReceiveLead' }>;

const handlerOf = (req: Request): LeadHandler => {
  const user = currentUser(req);
  return { userId: user.userId, name: user.name, role: user.role };
};

const action = (verb: 'take' | 'spam', summary: string, type: 'TakeLead' | 'MarkLeadSpam') =>
  defineRoute({
    method: 'post',
    path: `/api/cabinet/leads/{id}/${verb}`,
    tags,
    summary,
    auth: MODERATORS,
    params: leadParams,
    errors: [404, 422],
    response: leadActionAnswer,
    handle: ({ ctx, params: { id }, req }) => act(ctx, req, { type, leadId: id, by: handlerOf(req) }),
  });

export const takeLead = action(
  'take',
  'Взять заявку в работу (или перехватить у другого модератора)',
  'TakeLead',
);

export const completeLead = defineRoute({
  method: 'post',
  path: '/api/cabinet/leads/{id}/done',
  tags,
  summary: 'Отметить заявку выполненной (с ответом человеку или без)',
  description:
    'answer — ответ человеку, оставившему заявку (до 500 символов): уходит СМС на телефон заявки и письмом, ' +
    'если известна почта (аккаунт с этим подтверждённым телефоном), с учётом его настроек уведомлений.',
  auth: MODERATORS,
  params: leadParams,
  body: doneBody,
  errors: [404, 422],
  response: leadActionAnswer,
  handle: ({ ctx, params: { id }, body: { answer }, req }) =>
    act(ctx, req, {
      type: 'CompleteLead',
      leadId: id,
      by: handlerOf(req),
      ...(answer ? { answer: { answerId: randomUUID(), text: answer } } : {}),
    }),
});
export const markLeadSpam = action('spam', 'Отметить заявку как спам', 'MarkLeadSpam');

export const addLeadNote = defineRoute({
  method: 'post',
  path: '/api/cabinet/leads/{id}/notes',
  tags,
  summary: 'Заметка о звонке по заявке (в любом статусе)',
  auth: MODERATORS,
  params: leadParams,
  body: noteBody,
  status: 201,
  errors: [404],
  response: leadActionAnswer,
  handle: ({ ctx, params: { id }, body: { text }, req }) =>
    act(ctx, req, { type: 'AddLeadNote', leadId: id, noteId: randomUUID(), text, by: handlerOf(req) }),
});

export const answerLead = defineRoute({
  method: 'post',
  path: '/api/cabinet/leads/{id}/answer',
  tags,
  summary: 'Ответить человеку, оставившему заявку: СМС на телефон заявки и письмо, если известна почта',
  description:
    'Почта — аккаунта, которому принадлежит подтверждённый телефон заявки (или вошедшего отправителя); ' +
    'его настройки уведомлений соблюдаются. Заявке со статусом «Спам» ответ не отправляется (422).',
  auth: MODERATORS,
  params: leadParams,
  body: answerBody,
  status: 201,
  errors: [404, 422],
  response: leadActionAnswer,
  handle: ({ ctx, params: { id }, body: { text }, req }) =>
    act(ctx, req, {
      type: 'AnswerLead',
      leadId: id,
      answer: { answerId: randomUUID(), text },
      by: handlerOf(req),
    }),
});

export const leadRoutes = [
  sendRequest,
  listLeads,
  readLead,
  takeLead,
  completeLead,
  markLeadSpam,
  addLeadNote,
  answerLead,
];
