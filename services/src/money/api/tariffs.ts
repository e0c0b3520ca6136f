import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import { actorOf, staffScope, STAFF } from '../../core/access';
import type { AppContext } from '../../core/context';
import { defineRoute } from '../../core/route';
import { readableBy, toPublicationDto } from '../../publications';
import {
  tariffsOfPublicationAnswer,
  publicationTariffsAnswer,
  tariffedAnswer,
  tariffPaidAnswer,
} from '../dto';
import {
  idempotencyKeyHeaders,
  payTariffParams,
  publicationParams,
  tariffListParams,
  tariffListQuery,
} from '../inputs';
import { payTariff } from '../payTariff';
import { adTariffOf, tariffsOfPublication, publicationTariffs } from '../tariffs';

/** Promotion tariffs (product.md: "Placement from 10 rubles per day"): their prices, and paying them from the wallet. */
const tags = ['Тарифы'];

/** The listing as the publication calls show it, with its running promotion's tariff. */
const withAdTariff = (doc: CatalogueDocument) => ({
  ...toPublicationDto(doc, { allPhotos: true }),
  adTariff: adTariffOf(doc),
});

export const listPublicationTariffs = defineRoute({
  method: 'get',
  path: '/api/publication-tariffs/{locationId}/{dealCategory}',
  tags,
  summary: 'Тарифы продвижения (positionTypes[] 1, 2, 3), цена за день в ₽',
  auth: 'public',
  params: tariffListParams,
  query: tariffListQuery,
  response: publicationTariffsAnswer,
  handle({ params, query }) {
    return { data: publicationTariffs(params.locationId, params.dealCategory, query.positionTypes) };
  },
});

export const listTariffsOfPublication = defineRoute({
  method: 'get',
  path: '/api/publications/{id}/tariffs',
  tags,
  summary: 'Тарифы этого объявления: цены его города и типа сделки; текущий — тариф его продвижения',
  auth: STAFF,
  params: publicationParams,
  errors: [404],
  response: tariffsOfPublicationAnswer,
  async handle({ ctx, params: { id }, req }) {
    const publication = await readableBy(ctx, req, id);
    return {
      data: tariffsOfPublication(publication).map((t) => {
        const current = publication.promotion?.positionType === t.positionType;
        return { ...t, isCurrent: current, isCurrentTariff: current };
      }),
    };
  },
});

async function publicationAnswer(ctx: AppContext, id: string) {
  const doc = await ctx.readStore.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: id });
  return withAdTariff(doc!);
}

export const payPublicationTariff = defineRoute({
  method: 'post',
  path: '/api/publications/{id}/tariffs/{tariffId}',
  tags,
  summary: 'Оплатить тариф из кошелька и разместить',
  description:
    'errorCode 59 — недостаточно средств, 111 — этот тариф уже оплачен, 112 — ключ Idempotency-Key уже использован для другой оплаты; другой тариф при действующем начинается со следующего оплаченного дня. data — объявление, meta — что списано: charged, paidUntil, startsAt, repeated, message',
  auth: STAFF,
  params: payTariffParams,
  headers: idempotencyKeyHeaders,
  errors: [404, 409, 422],
  response: tariffPaidAnswer,
  async handle({ ctx, params, headers, req }) {
    const publication = await readableBy(ctx, req, params.id);
    const payment = await payTariff(
      ctx,
      actorOf(req),
      publication,
      params.tariffId,
      headers['Idempotency-Key'] ?? null,
    );
    return { data: await publicationAnswer(ctx, publication._id), meta: payment };
  },
});

export const listTariffed = defineRoute({
  method: 'post',
  path: '/api/publications/tariffed',
  tags,
  summary: 'Продвигаемые объявления агентства с их тарифами',
  auth: STAFF,
  response: tariffedAnswer,
  async handle({ ctx, req }) {
    const docs = await ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .find(
        { ...staffScope(actorOf(req)), promotion: { $ne: null } },
        { sort: { 'promotion.positionType': -1, _id: 1 } },
      );
    return {
      data: docs.map((doc) => ({
        ...toPublicationDto(doc, { allPhotos: true }),
        adTariff: adTariffOf(doc)!,
      })),
    };
  },
});

export const tariffRoutes = [
  listPublicationTariffs,
  listTariffsOfPublication,
  payPublicationTariff,
  listTariffed,
];
