import { randomUUID } from 'node:crypto';
import { dealCategory, MODERATOR_ROLE, ROLES } from '@estate/events';
import { listAgencyPublications } from '@estate/projections';
import { z } from 'zod';
import { actorOf, ownAgencyOf, STAFF } from '../../core/access';
import { contentRange, jsonParam, simpleRestRange } from '../../core/http';
import { defineRoute, type RouteAuth } from '../../core/route';
import { writtenText } from '../../core/text';
import { cabinetPublicationList, publicationAnswer, publicationDto } from '../dto';
import { assertFormReferences, publicationForm, readableBy, runPublicationCommand, toDetails } from '../form';
import { toPublicationDto } from '../presentation';
import { withStatistics, type PromotionTariffOf } from './agency';

/** The agency cabinet's publications, in react-admin's simple-rest shape, under /api/cabinet. */
const tags = ['Кабинет'];
const byId = z.object({ id: z.string() });

const listQuery = z.object({
  sort: jsonParam(
    z.tuple([z.enum(['price', 'updatedAt', 'createdAt', 'title', 'id']), z.enum(['ASC', 'DESC'])]),
    ['updatedAt', 'DESC'],
  ),
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      status: z.coerce.number().int().min(1).max(5).optional(),
      dealCategory: dealCategory.optional(),
      q: z.string().max(200).optional(),
    }),
    {},
  ),
});

const listCabinetPublications = (tariffOf: PromotionTariffOf) =>
  defineRoute({
    method: 'get',
    path: '/api/cabinet/publications',
    tags,
    summary:
      'Объявления агентства (react-admin simple-rest) со счётчиками и тарифом: массив, заголовок Content-Range',
    auth: STAFF,
    query: listQuery,
    response: cabinetPublicationList,
    async handle({ ctx, query, req, res }) {
      const { actor, agencyId } = ownAgencyOf(req);
      const [field, order] = query.sort;
      const [from, to] = query.range;
      const { items, total } = await listAgencyPublications(ctx.readStore, {
        agencyId,
        authorId: actor.role === ROLES.AGENT ? actor.userId : undefined,
        status: query.filter.status,
        dealCategory: query.filter.dealCategory,
        text: query.filter.q,
        sort: { field: field === 'id' ? 'createdAt' : field, direction: order === 'ASC' ? 1 : -1 },
        skip: from,
        limit: to - from + 1,
      });
      res.set('Content-Range', contentRange('publications', from, items.length, total));
      // each row with its counters and running tariff, as the agency list of the spec has them
      return Promise.all(items.map((doc) => withStatistics(ctx, tariffOf, doc)));
    },
  });

export const readCabinetPublication = defineRoute({
  method: 'get',
  path: '/api/cabinet/publications/{id}',
  tags,
  summary: 'Объявление агентства в любом статусе',
  auth: STAFF,
  params: byId,
  errors: [404],
  response: publicationDto,
  async handle({ ctx, params, req }) {
    return toPublicationDto(await readableBy(ctx, req, params.id), { allPhotos: true });
  },
});

export const createCabinetPublication = defineRoute({
  method: 'post',
  path: '/api/cabinet/publications',
  tags,
  summary: 'Создать черновик объявления',
  auth: STAFF,
  body: publicationForm,
  status: 201,
  response: publicationDto,
  async handle({ ctx, body: form, req }) {
    const actor = actorOf(req);
    await assertFormReferences(ctx, actor.agencyId, form);
    const id = randomUUID();
    return runPublicationCommand(ctx, req, id, {
      type: 'CreatePublication',
      actor,
      publicationId: id,
      details: await toDetails(ctx, form),
    });
  },
});

export const editCabinetPublication = defineRoute({
  method: 'put',
  path: '/api/cabinet/publications/{id}',
  tags,
  summary: 'Изменить объявление',
  auth: STAFF,
  params: byId,
  body: publicationForm,
  errors: [404, 422],
  response: publicationDto,
  async handle({ ctx, params, body: form, req }) {
    const current = await readableBy(ctx, req, params.id);
    await assertFormReferences(ctx, current.agencyId, form);
    return runPublicationCommand(ctx, req, params.id, {
      type: 'EditPublication',
      actor: actorOf(req),
      details: await toDetails(ctx, form, current),
    });
  },
});

/**
 * A call that runs one of the listing's commands that take nothing but who runs them (publish,
 * approve, restore), answered with the listing as it is after it.
 */
const commandWithoutInput = ({
  path,
  tags,
  summary,
  auth,
  command,
}: {
  path: string;
  tags: string[];
  summary: string;
  auth: RouteAuth;
  command: 'PublishPublication' | 'CheckPublication' | 'RestorePublication';
}) =>
  defineRoute({
    method: 'post',
    path,
    tags,
    summary,
    auth,
    params: byId,
    errors: [404, 422],
    response: publicationAnswer,
    async handle({ ctx, params, req }) {
      return {
        data: await runPublicationCommand(ctx, req, params.id, { type: command, actor: actorOf(req) }),
      };
    },
  });

export const publishCabinetPublication = commandWithoutInput({
  path: '/api/cabinet/publications/{id}/publish',
  tags,
  summary: 'Опубликовать черновик',
  auth: STAFF,
  command: 'PublishPublication',
});

/** A moderator's refusal with the reason the agency sees. */
export const declinePublication = defineRoute({
  method: 'post',
  path: '/api/moderation/publications/{id}/decline',
  tags: ['Модерация'],
  summary: 'Отклонить объявление с причиной',
  auth: [MODERATOR_ROLE],
  params: byId,
  body: z.object({ reason: writtenText().min(3, 'Укажите причину отклонения').max(1000) }),
  errors: [404, 422],
  response: publicationAnswer,
  async handle({ ctx, params, body: { reason }, req }) {
    return {
      data: await runPublicationCommand(ctx, req, params.id, {
        type: 'DeclinePublication',
        actor: actorOf(req),
        reason,
      }),
    };
  },
});

/** A moderator lets the listing stand as it is: it leaves the queue of listings awaiting moderation. */
export const approvePublication = commandWithoutInput({
  path: '/api/moderation/publications/{id}/approve',
  tags: ['Модерация'],
  summary: 'Одобрить опубликованное объявление: оно уходит из очереди на модерацию до следующей правки',
  auth: [MODERATOR_ROLE],
  command: 'CheckPublication',
});

/** A moderator undoes a decline: the listing is back in the status it had before it. */
export const restorePublication = commandWithoutInput({
  path: '/api/moderation/publications/{id}/restore',
  tags: ['Модерация'],
  summary: 'Восстановить отклонённое объявление в статусе, который был до отклонения',
  auth: [MODERATOR_ROLE],
  command: 'RestorePublication',
});

export const cabinetRoutes = (tariffOf: PromotionTariffOf) => [
  listCabinetPublications(tariffOf),
  readCabinetPublication,
  createCabinetPublication,
  editCabinetPublication,
  publishCabinetPublication,
];
export const moderationRoutes = [declinePublication, approvePublication, restorePublication];
