import { randomUUID } from 'node:crypto';
import { SAVED_SEARCHES_PER_USER } from '@estate/events';
import { SAVED_SEARCHES, type SavedSearchDocument } from '@estate/projections';
import { z } from 'zod';
import { currentUser } from '../core/access';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { defineRoute } from '../core/route';
import {
  savedSearchAnswer,
  savedSearchDeleted,
  savedSearchList,
  unsubscribedAnswer,
  type SavedSearchDto,
} from './dto';
import { queryOf } from './filters';
import {
  createSavedSearchBody,
  savedSearchParams,
  unsubscribeBody,
  unsubscribeQuery,
  updateSavedSearchBody,
} from './inputs';
import { accountUrl, readUnsubscribeToken } from './links';
import { type SavedSearchCommand, handleSavedSearches } from './savedSearch';

/**
 * The saved searches of a signed-in user (`/api/saved-searches`; not in the spec, the shapes are in
 * docs/decisions.md) and the unsubscribe link of their alerts, which needs no sign-in.
 */
const tags = ['Сохранённые поиски'];

const searches = (ctx: AppContext) => ctx.readStore.collection<SavedSearchDocument>(SAVED_SEARCHES);
const NOT_FOUND = () => new DomainError('NOT_FOUND', 'Сохранённый поиск не найден');

const dtoOf = (doc: SavedSearchDocument): SavedSearchDto => ({
  id: doc._id,
  name: doc.name,
  filters: doc.filters,
  alerts: doc.alerts,
  paused: doc.paused,
  newCount: doc.newCount,
  matchedCount: doc.matchedCount,
  lastVisitAt: doc.lastVisitAt,
  lastMatchAt: doc.lastMatchAt,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** the caller's own search; another user's is not found, so its id tells nothing */
async function ownSearch(ctx: AppContext, userId: string, searchId: string) {
  const doc = await searches(ctx).findOne({ _id: searchId });
  if (!doc || doc.deleted || doc.userId !== userId) throw NOT_FOUND();
  return doc;
}

async function run(ctx: AppContext, userId: string, command: SavedSearchCommand) {
  const result = await handleSavedSearches(ctx.eventStore, userId, command, {
    actor: userId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return result;
}

async function answerOf(ctx: AppContext, searchId: string) {
  const doc = await searches(ctx).findOne({ _id: searchId });
  if (!doc) throw NOT_FOUND();
  return { data: dtoOf(doc) };
}

export const listSavedSearches = defineRoute({
  method: 'get',
  path: '/api/saved-searches',
  tags,
  summary: 'Сохранённые поиски пользователя, новые первыми, с числом новых объявлений с последнего открытия',
  auth: 'signed-in',
  response: savedSearchList,
  async handle({ ctx, req }) {
    const { userId } = currentUser(req);
    const docs = await searches(ctx).find({ userId, deleted: false }, { sort: { createdAt: -1, _id: 1 } });
    return { data: docs.map(dtoOf), meta: { total: docs.length, limit: SAVED_SEARCHES_PER_USER } };
  },
});

export const createSavedSearch = defineRoute({
  method: 'post',
  path: '/api/saved-searches',
  tags,
  summary: 'Сохранить поиск каталога с названием и уведомлениями',
  description:
    'filters — тело поиска каталога (POST /api/publications без limit и offset), в том числе bounds (область карты) и geo_lat, geo_lon, radius. ' +
    `alerts: frequency instant | daily | weekly, email, sms (СМС — только instant и daily, не больше 3 в день). Не больше ${SAVED_SEARCHES_PER_USER} поисков (422).`,
  auth: 'signed-in',
  body: createSavedSearchBody,
  status: 201,
  errors: [422],
  response: savedSearchAnswer,
  async handle({ ctx, req, body }) {
    const { userId } = currentUser(req);
    queryOf(body.filters); // the catalogue's own checks of the filters, answered under `filters.`
    const searchId = randomUUID();
    await run(ctx, userId, {
      type: 'SaveSearch',
      userId,
      searchId,
      name: body.name,
      filters: JSON.parse(JSON.stringify(body.filters)) as Record<string, unknown>,
      alerts: body.alerts,
    });
    return answerOf(ctx, searchId);
  },
});

export const readSavedSearch = defineRoute({
  method: 'get',
  path: '/api/saved-searches/{id}',
  tags,
  summary: 'Сохранённый поиск пользователя',
  auth: 'signed-in',
  params: savedSearchParams,
  errors: [404],
  response: savedSearchAnswer,
  async handle({ ctx, req, params }) {
    return { data: dtoOf(await ownSearch(ctx, currentUser(req).userId, params.id)) };
  },
});

export const updateSavedSearch = defineRoute({
  method: 'patch',
  path: '/api/saved-searches/{id}',
  tags,
  summary: 'Переименовать, изменить уведомления, приостановить (paused: true) или возобновить поиск',
  auth: 'signed-in',
  params: savedSearchParams,
  body: updateSavedSearchBody,
  errors: [404],
  response: savedSearchAnswer,
  async handle({ ctx, req, params, body }) {
    const { userId } = currentUser(req);
    await ownSearch(ctx, userId, params.id);
    const searchId = params.id;
    if (body.name !== undefined)
      await run(ctx, userId, { type: 'RenameSearch', userId, searchId, name: body.name });
    if (body.alerts)
      await run(ctx, userId, { type: 'ChangeSearchAlerts', userId, searchId, alerts: body.alerts });
    if (body.paused === true)
      await run(ctx, userId, { type: 'PauseSearch', userId, searchId, via: 'account' });
    if (body.paused === false) await run(ctx, userId, { type: 'ResumeSearch', userId, searchId });
    return answerOf(ctx, searchId);
  },
});

export const deleteSavedSearch = defineRoute({
  method: 'delete',
  path: '/api/saved-searches/{id}',
  tags,
  summary: 'Удалить сохранённый поиск',
  auth: 'signed-in',
  params: savedSearchParams,
  errors: [404],
  response: savedSearchDeleted,
  async handle({ ctx, req, params }) {
    const { userId } = currentUser(req);
    await ownSearch(ctx, userId, params.id);
    await run(ctx, userId, { type: 'DeleteSearch', userId, searchId: params.id });
    return { data: { id: params.id, deleted: true as const } };
  },
});

export const visitSavedSearch = defineRoute({
  method: 'post',
  path: '/api/saved-searches/{id}/visit',
  tags,
  summary: 'Пользователь открыл поиск: счётчик новых объявлений начинается с нуля',
  auth: 'signed-in',
  params: savedSearchParams,
  errors: [404],
  response: savedSearchAnswer,
  async handle({ ctx, req, params }) {
    const { userId } = currentUser(req);
    await ownSearch(ctx, userId, params.id);
    await run(ctx, userId, { type: 'VisitSearch', userId, searchId: params.id });
    return answerOf(ctx, params.id);
  },
});

/** pauses the search a token names; a forged token is refused, a deleted search is not found */
async function unsubscribe(ctx: AppContext, token: string) {
  const named = readUnsubscribeToken(ctx.config, token);
  if (!named) throw new DomainError('FORBIDDEN', 'Ссылка для отписки недействительна');
  const doc = await searches(ctx).findOne({ _id: named.searchId });
  if (!doc || doc.deleted || doc.userId !== named.userId) throw NOT_FOUND();
  await run(ctx, named.userId, {
    type: 'PauseSearch',
    userId: named.userId,
    searchId: named.searchId,
    via: 'unsubscribe',
  });
  return doc;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, text: string, link: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5}</style></head>` +
  `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link)}">Мои сохранённые поиски</a></p></body></html>`;

export const unsubscribePage = defineRoute({
  method: 'get',
  path: '/api/saved-searches/unsubscribe',
  tags,
  summary: 'Ссылка «Отключить уведомления» из письма: приостанавливает поиск без входа (страница HTML)',
  description: 'token — подписанная ссылка из письма (HMAC). Поддельная ссылка — 403, удалённый поиск — 404.',
  auth: 'public',
  query: unsubscribeQuery,
  errors: [403, 404],
  produces: 'text/html',
  response: z.string(),
  async handle({ ctx, query, res }) {
    // a forged or stale link is answered in the API's envelope (403, 404), as every call's error is
    const doc = await unsubscribe(ctx, query.token);
    res
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        page(
          'Уведомления отключены',
          `Уведомления по поиску «${doc.name}» больше не приходят. Включить их снова можно в личном кабинете.`,
          accountUrl(ctx.config),
        ),
      );
  },
});

export const unsubscribeCall = defineRoute({
  method: 'post',
  path: '/api/saved-searches/unsubscribe',
  tags,
  summary: 'Отключить уведомления поиска по ссылке из письма, без входа (тот же token)',
  auth: 'public',
  body: unsubscribeBody,
  errors: [403, 404],
  response: unsubscribedAnswer,
  async handle({ ctx, body }) {
    const doc = await unsubscribe(ctx, body.token);
    return { data: { id: doc._id, name: doc.name, paused: true as const } };
  },
});

/** the unsubscribe routes before `{id}`, so their path is not read as an id */
export const savedSearchRoutes = [
  unsubscribePage,
  unsubscribeCall,
  listSavedSearches,
  createSavedSearch,
  readSavedSearch,
  updateSavedSearch,
  deleteSavedSearch,
  visitSavedSearch,
];
