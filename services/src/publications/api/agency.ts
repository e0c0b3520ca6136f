import { randomUUID } from 'node:crypto';
import { dealCategory, ROLES } from '@estate/events';
import {
  countAgencyPublications,
  dailyInteractionStats,
  dayOf,
  favouriteCount,
  listAgencyPublications,
  MODERATION_LISTINGS,
  type CatalogueDocument,
  type ModerationListingDocument,
} from '@estate/projections';
import type { Request } from 'express';
import { z } from 'zod';
import { actorOf, currentUser, requireAgencyStaff, STAFF, type Actor } from '../../core/access';
import type { AppContext } from '../../core/context';
import { DomainError } from '../../core/errors';
import { pageMeta, parse } from '../../core/http';
import { defineRoute } from '../../core/route';
import { type PublicationCommand, handlePublication } from '../decide';
import {
  agencyPublicationAnswer,
  agencyPublicationCountAnswer,
  agencyPublicationPageAnswer,
  bulkOutcomeAnswer,
  publicationAnswer,
  type AdTariffDto,
  type AgencyPublicationDto,
} from '../dto';
import { assertFormReferences, publicationForm, readableBy, runPublicationCommand, toDetails } from '../form';
import { toPublicationDto } from '../presentation';

/** The agency calls of api.md for publications: list and counts, create, read, edit, change status for many, delete many. */
const tags = ['Агентство: объявления'];
const base = '/api/agency/{agencyId}/publications';
const OTHER_AGENCY = 'Это объявления другого агентства';
const ids = z
  .array(z.string().min(1).max(64))
  .min(1, 'Выберите объявления')
  .max(100, 'Не больше 100 объявлений за раз');
const listQuery = z.object({
  status: z.coerce.number().int().min(1).max(5).optional(),
  dealCategory: z.union([dealCategory, z.literal('allAds')]).optional(),
  paymentStatus: z.coerce.number().int().min(1).max(2).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(1).default(1),
});
const agencyParams = z.object({ agencyId: z.string() });
const publicationParams = agencyParams.extend({ publicationId: z.string() });
/** the change-status call takes the target status: 1 publish, 2 back to drafts, 3 hide in the archive */
const TARGETS = new Map<number, (actor: Actor) => PublicationCommand>([
  [1, (actor) => ({ type: 'PublishPublication', actor })],
  [2, (actor) => ({ type: 'MovePublicationToDraft', actor })],
  [3, (actor) => ({ type: 'ArchivePublication', actor })],
]);

/**
 * The running promotion's tariff as the agency list shows it (its name, icon and price per day):
 * money's price list, handed in by the app, since money imports this slice to promote listings.
 */
export type PromotionTariffOf = (publication: CatalogueDocument) => AdTariffDto | null;

/** The agency-list extras of product.md section 3: counters for the year and for today, the running tariff. */
export async function withStatistics(
  ctx: AppContext,
  tariffOf: PromotionTariffOf,
  doc: CatalogueDocument,
): Promise<AgencyPublicationDto> {
  const today = dayOf(ctx.clock().toISOString());
  const days = await dailyInteractionStats(ctx.readStore, doc._id, `${today.slice(0, 4)}-01-01`, today);
  const sum = (kind: 'view' | 'phone' | 'chat') => days.reduce((n, d) => n + d[kind], 0);
  const onToday = days.find((d) => d.day === today);
  // product.md's isChecked: a moderator checked the listing since it was last published or edited
  const moderation = await ctx.readStore
    .collection<ModerationListingDocument>(MODERATION_LISTINGS)
    .findOne({ _id: doc._id });
  return {
    ...toPublicationDto(doc, { allPhotos: true }),
    viewCount: sum('view'),
    viewCountToday: onToday?.view ?? 0,
    favoriteCount: await favouriteCount(ctx.readStore, doc._id),
    viewPhoneCount: sum('phone'),
    viewPhoneCountToday: onToday?.phone ?? 0,
    chatCount: sum('chat'),
    chatCountToday: onToday?.chat ?? 0,
    adTariff: tariffOf(doc),
    isChecked: Boolean(moderation?.checkedAt && !moderation.awaiting),
  };
}

/** an agent manages their own listings; the owner (and a moderator) the agency's */
function scope(req: Request, agencyId: string) {
  const user = currentUser(req);
  return { agencyId, authorId: user.role === ROLES.AGENT ? user.userId : undefined };
}

/** Runs one command per id, answering each id's outcome: one refusal does not stop the others. */
async function forEach(
  ctx: AppContext,
  req: Request,
  publicationIds: string[],
  command: () => PublicationCommand,
) {
  const results = [];
  for (const id of new Set(publicationIds)) {
    try {
      const { state, position } = await handlePublication(ctx.eventStore, id, command(), {
        actor: currentUser(req).userId,
      });
      await ctx.projections.whenCaughtUp(position);
      results.push(
        state.exists && !state.deleted
          ? { id, success: true as const, status: state.status }
          : { id, success: true as const, deleted: true as const },
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ id, success: false as const, errorCode: error.errorCode, message: error.message });
    }
  }
  return results;
}

const listAgencyPublicationsRoute = (tariffOf: PromotionTariffOf) =>
  defineRoute({
    method: 'get',
    path: base,
    tags,
    summary: 'Объявления агентства: status, dealCategory, paymentStatus, limit, offset (страница с 1)',
    auth: STAFF,
    params: agencyParams,
    query: listQuery,
    response: agencyPublicationPageAnswer,
    async handle({ ctx, params, query: q, req }) {
      requireAgencyStaff(req, params.agencyId, OTHER_AGENCY);
      const { items, total } = await listAgencyPublications(ctx.readStore, {
        ...scope(req, params.agencyId),
        status: q.status,
        dealCategory: q.dealCategory === 'allAds' ? undefined : q.dealCategory,
        paymentStatus: q.paymentStatus as 1 | 2 | undefined,
        sort: { field: 'updatedAt', direction: -1 },
        skip: (q.offset - 1) * q.limit,
        limit: q.limit,
      });
      const data = await Promise.all(items.map((doc) => withStatistics(ctx, tariffOf, doc)));
      return { data, meta: pageMeta(q.offset, q.limit, total) };
    },
  });

export const countAgencyPublicationsRoute = defineRoute({
  method: 'get',
  path: `${base}/count`,
  tags,
  summary: 'Сколько объявлений в каждом статусе (1–5 по порядку; см. docs/decisions.md о статусах 2 и 5)',
  auth: STAFF,
  params: agencyParams,
  query: listQuery.pick({ dealCategory: true }),
  response: agencyPublicationCountAnswer,
  async handle({ ctx, params, query, req }) {
    requireAgencyStaff(req, params.agencyId, OTHER_AGENCY);
    const counts = await countAgencyPublications(ctx.readStore, {
      ...scope(req, params.agencyId),
      dealCategory: query.dealCategory === 'allAds' ? undefined : query.dealCategory,
    });
    return { data: counts, total: counts.reduce((n, c) => n + c.count, 0) };
  },
});

export const createAgencyPublication = defineRoute({
  method: 'post',
  path: base,
  tags,
  summary: 'Создать черновик',
  auth: STAFF,
  params: agencyParams,
  body: publicationForm,
  status: 201,
  response: publicationAnswer,
  async handle({ ctx, params, body: form, req }) {
    const actor = requireAgencyStaff(req, params.agencyId, OTHER_AGENCY);
    await assertFormReferences(ctx, actor.agencyId, form);
    const id = randomUUID();
    return {
      data: await runPublicationCommand(ctx, req, id, {
        type: 'CreatePublication',
        actor,
        publicationId: id,
        details: await toDetails(ctx, form),
      }),
    };
  },
});

/** The target status and the ids may come in the query (?status=1&publicationIds[]=…) or in the body. */
const changeStatusInput = z.object({
  status: z.coerce
    .number()
    .int()
    .refine((s) => TARGETS.has(s), 'Допустимые статусы: 1, 2, 3'),
  publicationIds: ids,
});
const optionalIds = z.array(z.string()).optional();

export const changeAgencyPublicationsStatus = defineRoute({
  method: 'patch',
  path: `${base}/change-status`,
  tags,
  summary: 'Сменить статус списка объявлений (?status=1|2|3&publicationIds[]=…): ответ по каждому id',
  auth: STAFF,
  params: agencyParams,
  query: z.object({ status: z.string().optional(), publicationIds: optionalIds }),
  body: z.object({ status: z.unknown().optional(), publicationIds: z.unknown().optional() }),
  response: bulkOutcomeAnswer,
  async handle({ ctx, params, query, body, req }) {
    const actor = requireAgencyStaff(req, params.agencyId, OTHER_AGENCY);
    const fromQuery = query.publicationIds ?? [];
    const { status, publicationIds } = parse(changeStatusInput, {
      status: query.status ?? body.status,
      publicationIds: fromQuery.length ? fromQuery : (body.publicationIds ?? []),
    });
    return { data: await forEach(ctx, req, publicationIds, () => TARGETS.get(status)!(actor)) };
  },
});

export const deleteAgencyPublications = defineRoute({
  method: 'delete',
  path: base,
  tags,
  summary: 'Удалить объявления (?publicationIds[]=…): ответ по каждому id',
  auth: STAFF,
  params: agencyParams,
  query: z.object({ publicationIds: optionalIds }),
  response: bulkOutcomeAnswer,
  async handle({ ctx, params, query, req }) {
    const actor = requireAgencyStaff(req, params.agencyId, OTHER_AGENCY);
    const { publicationIds } = parse(z.object({ publicationIds: ids }), {
      publicationIds: query.publicationIds ?? [],
    });
    return { data: await forEach(ctx, req, publicationIds, () => ({ type: 'DeletePublication', actor })) };
  },
});

const readAgencyPublication = (tariffOf: PromotionTariffOf) =>
  defineRoute({
    method: 'get',
    path: `${base}/{publicationId}`,
    tags,
    summary: 'Объявление агентства в любом статусе',
    auth: STAFF,
    params: publicationParams,
    errors: [404],
    response: agencyPublicationAnswer,
    async handle({ ctx, params, req }) {
      requireAgencyStaff(req, params.agencyId, OTHER_AGENCY);
      const doc = await readableBy(ctx, req, params.publicationId);
      if (doc.agencyId !== params.agencyId) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
      return { data: await withStatistics(ctx, tariffOf, doc) };
    },
  });

export const editAgencyPublication = defineRoute({
  method: 'patch',
  path: `${base}/{publicationId}`,
  tags,
  summary: 'Изменить объявление',
  auth: STAFF,
  params: publicationParams,
  body: publicationForm,
  errors: [404, 422],
  response: publicationAnswer,
  async handle({ ctx, params, body: form, req }) {
    requireAgencyStaff(req, params.agencyId, OTHER_AGENCY);
    const current = await readableBy(ctx, req, params.publicationId);
    if (current.agencyId !== params.agencyId) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    await assertFormReferences(ctx, current.agencyId, form);
    return {
      data: await runPublicationCommand(ctx, req, current._id, {
        type: 'EditPublication',
        actor: actorOf(req),
        details: await toDetails(ctx, form, current),
      }),
    };
  },
});

export const agencyRoutes = (tariffOf: PromotionTariffOf) => [
  listAgencyPublicationsRoute(tariffOf),
  countAgencyPublicationsRoute,
  createAgencyPublication,
  changeAgencyPublicationsStatus,
  deleteAgencyPublications,
  readAgencyPublication(tariffOf),
  editAgencyPublication,
];
