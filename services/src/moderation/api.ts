import { MODERATOR_ROLE } from '@estate/events';
import {
  MODERATION_HISTORY,
  MODERATION_LISTINGS,
  USERS,
  type ModerationHistoryDocument,
  type ModerationListingDocument,
  type UserDocument,
} from '@estate/projections';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { contentRange, simpleRestPage } from '../core/http';
import { defineRoute } from '../core/route';
import {
  MODERATION_ACTION_NAMES,
  moderationHistoryList,
  moderationListingDetailDto,
  moderationListingList,
  PUBLICATION_STATUS_NAMES,
  type ModerationListingDto,
  type ModerationStepDto,
} from './dto';
import { moderationHistoryQuery, moderationListingParams, moderationListingQuery } from './inputs';

/**
 * The moderators' queue of listings awaiting moderation and the moderation history of a listing or
 * a realtor request (issue 17, item 4), read from the `moderation` read model. The actions are the
 * publications' (`/api/moderation/publications/{id}/approve|decline|restore`) and the realtor
 * requests' own calls.
 */
const tags = ['Модерация'];
const MODERATORS = [MODERATOR_ROLE] as const;

const listingDto = ({
  _id,
  revision: _r,
  checkedBy: _c,
  ...doc
}: ModerationListingDocument): ModerationListingDto => ({
  id: _id,
  ...doc,
  statusName: PUBLICATION_STATUS_NAMES[doc.status] ?? String(doc.status),
});

/** the steps, with the names of the people who did them (the users' read model, as they are now) */
async function stepsOf(ctx: AppContext, docs: ModerationHistoryDocument[]): Promise<ModerationStepDto[]> {
  const ids = [...new Set(docs.filter((d) => d.actorId && !d.actorName).map((d) => d.actorId!))];
  const users = ids.length
    ? await ctx.readStore.collection<UserDocument>(USERS).find({ _id: { $in: ids } })
    : [];
  const names = new Map(users.map((u) => [u._id, u.name]));
  return docs.map((d) => ({
    id: d._id,
    subject: d.subject,
    subjectId: d.subjectId,
    at: d.at,
    action: d.action,
    actionName: MODERATION_ACTION_NAMES[d.action],
    actor: d.actorId ? { id: d.actorId, name: d.actorName ?? names.get(d.actorId) ?? null } : null,
    text: d.text,
  }));
}

const historyOf = (ctx: AppContext, subject: ModerationHistoryDocument['subject'], subjectId: string) =>
  ctx.readStore
    .collection<ModerationHistoryDocument>(MODERATION_HISTORY)
    .findPage({ subject, subjectId }, { sort: { position: 1 }, skip: 0, limit: 500 });

export const listModerationListings = defineRoute({
  method: 'get',
  path: '/api/cabinet/moderation-listings',
  tags,
  summary: 'Объявления для модерации: ожидающие проверки и любые по статусу (модератор; simple-rest)',
  description:
    'filter: awaiting (true — опубликованные и не проверенные с последней публикации или правки), status (1–5), id; ' +
    'sort: changedAt (по умолчанию — дольше всех ждущие первыми), updatedAt, title, status, id.',
  auth: MODERATORS,
  query: moderationListingQuery,
  response: moderationListingList,
  async handle({ ctx, query, res }) {
    const { awaiting, status, id } = query.filter;
    const page = await simpleRestPage(
      ctx.readStore.collection<ModerationListingDocument>(MODERATION_LISTINGS),
      {
        ...(awaiting !== undefined ? { awaiting } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(id !== undefined ? { _id: Array.isArray(id) ? { $in: id } : id } : {}),
      },
      query,
      'moderation-listings',
      res,
    );
    return page.map(listingDto);
  },
});

export const readModerationListing = defineRoute({
  method: 'get',
  path: '/api/cabinet/moderation-listings/{id}',
  tags,
  summary: 'Объявление для модерации с историей: кто, что и когда (модератор)',
  auth: MODERATORS,
  params: moderationListingParams,
  errors: [404],
  response: moderationListingDetailDto,
  async handle({ ctx, params: { id } }) {
    const doc = await ctx.readStore
      .collection<ModerationListingDocument>(MODERATION_LISTINGS)
      .findOne({ _id: id });
    if (!doc) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    const { items } = await historyOf(ctx, 'publication', id);
    return { ...listingDto(doc), history: await stepsOf(ctx, items) };
  },
});

export const listModerationHistory = defineRoute({
  method: 'get',
  path: '/api/cabinet/moderation-history',
  tags,
  summary: 'История модерации объявления или заявки риелтора, по порядку (модератор; simple-rest)',
  description:
    'filter: subject (publication или realtor-request) и subjectId (код объявления или пользователя заявки) — обязательны.',
  auth: MODERATORS,
  query: moderationHistoryQuery,
  response: moderationHistoryList,
  async handle({ ctx, query, res }) {
    const { subject, subjectId } = query.filter;
    const [first, last] = query.range;
    const { items, total } = await ctx.readStore
      .collection<ModerationHistoryDocument>(MODERATION_HISTORY)
      .findPage({ subject, subjectId }, { sort: { position: 1 }, skip: first, limit: last - first + 1 });
    res.set('Content-Range', contentRange('moderation-history', first, items.length, total));
    return stepsOf(ctx, items);
  },
});

export const moderationRoutes = [listModerationListings, readModerationListing, listModerationHistory];
