import { PUBLICATION_STATUS } from '@estate/events';
import { CATALOGUE, findPublication, type CatalogueDocument } from '@estate/projections';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { phoneAnswer, successAnswer, visitorAnswer } from '../dto';
import { addViewsBody, publicationParams } from '../inputs';
import { interactionOf, publishInteractions } from '../interactions';
import { issueVisitor, originOf, recordInteractions, viewerOf } from '../visitor';

/** What is counted: card views, the visitor id they count for, phone reveals (an opening is counted by the listing's page). */
const tags = ['Статистика'];

export const addViews = defineRoute({
  method: 'post',
  path: '/api/publications/add-views',
  tags,
  summary:
    'Показы карточек (пакетом): считаются для посетителя с cookie visitor или вошедшего пользователя, раз в день на объявление, в пределах лимитов; ответ всегда один',
  auth: 'public',
  body: addViewsBody,
  response: successAnswer,
  async handle({ ctx, body, req, res }) {
    // a browser without a valid id gets one now; this call counts nothing (the id was not the server's)
    if (!req.user && !req.visitorId) issueVisitor(ctx, req, res);
    else {
      const ids = [...new Set(body.publicationIds)];
      const published = await ctx.readStore
        .collection<CatalogueDocument>(CATALOGUE)
        .find({ _id: { $in: ids }, status: PUBLICATION_STATUS.PUBLISHED }, { projection: { _id: 1 } });
      await recordInteractions(
        ctx,
        req,
        'view',
        published.map((d) => d._id),
      );
    }
    // the same answer whether anything counted: a script learns nothing from it
    return { data: { success: true } };
  },
});

export const issueVisitorId = defineRoute({
  method: 'post',
  path: '/api/visitor',
  tags,
  summary:
    'Идентификатор посетителя: подписанная cookie visitor (HttpOnly, на год); просмотры и открытия считаются только с ней или со входом',
  auth: 'public',
  response: visitorAnswer,
  handle({ ctx, req, res }) {
    return { data: { issued: issueVisitor(ctx, req, res).issued } };
  },
});

export const revealPhone = defineRoute({
  method: 'post',
  path: '/api/publications/{id}/phone-view',
  tags,
  summary: 'Показ телефона: считается раз в день на браузер или аккаунт',
  auth: 'public',
  params: publicationParams,
  errors: [404],
  response: phoneAnswer,
  async handle({ ctx, params: { id }, req }) {
    const doc = await findPublication(ctx.readStore, id);
    if (!doc || doc.status !== PUBLICATION_STATUS.PUBLISHED)
      throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    // who revealed it (for the once-a-day id and the funnel of issue 19): the account, the visitor id,
    // else the address's keyed hash — the address itself never reaches the bus
    const viewer = viewerOf(req) ?? `ip:${originOf(ctx, req)}`;
    await publishInteractions(ctx, [interactionOf.phone(viewer, doc._id, ctx.clock().toISOString())]).catch(
      (error) => req.log.warn({ err: error }, 'phone view not counted'),
    );
    return { data: { phone: doc.author.phone } };
  },
});

export const countingRoutes = [addViews, issueVisitorId, revealPhone];
