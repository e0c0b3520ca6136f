import { MODERATOR_ROLE, ROLES } from '@estate/events';
import {
  FUNNEL_STEPS,
  funnelListing,
  funnelListings,
  funnelOf,
  moscowDayOf,
  type FunnelFigures,
  type FunnelListingDocument,
  type FunnelPart,
  type FunnelScope,
} from '@estate/projections';
import { actorOf, requireAgencyStaff, STAFF } from '../core/access';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { defineRoute } from '../core/route';
import { funnelAnswer, type FunnelDto, type FunnelPartDto } from './dto';
import { agencyFunnelQuery, agencyParams, MAX_FUNNEL_DAYS, publicationFunnelQuery } from './inputs';

/**
 * The exact funnel and the promotion's return (issue 19, item 3): one listing's
 * (`/api/cabinet/funnel?publicationId=`) and the agency's (`/api/agency/{id}/funnel`), for any
 * period of Moscow days (the 30 days up to today by default), from the funnel read model.
 */
const tags = ['Статистика'];
const DAY = 86_400_000;
const DEFAULT_DAYS = 30;

const dayAdd = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY).toISOString().slice(0, 10);

/** The period asked, with its defaults: to today (Moscow), from 30 days back from its end. */
function periodOf(ctx: AppContext, query: { from?: string; to?: string }) {
  const to = query.to ?? (query.from ? null : moscowDayOf(ctx.clock().toISOString()));
  const from = query.from ?? dayAdd(to!, -(DEFAULT_DAYS - 1));
  const end = to ?? [dayAdd(from, DEFAULT_DAYS - 1), moscowDayOf(ctx.clock().toISOString())].sort()[0];
  if (from > end)
    throw new DomainError('INVALID_DATA', undefined, {
      from: ['Начало периода не может быть позже его конца'],
    });
  if ((Date.parse(end) - Date.parse(from)) / DAY >= MAX_FUNNEL_DAYS)
    throw new DomainError('INVALID_DATA', undefined, {
      to: [`Период не может быть длиннее ${MAX_FUNNEL_DAYS} дней`],
    });
  return { from, to: end };
}

const roubles = (kopecks: number) => kopecks / 100;
/** roubles per one, to the kopeck (half up); null with none */
// nothing spent (days without a paid promotion) has no cost per contact: «—», not a misleading 0 ₽
const perOne = (kopecks: number, count: number) =>
  count && kopecks > 0 ? Math.round(kopecks / count) / 100 : null;

function partDto(part: FunnelPart, hasBooking: boolean): FunnelPartDto {
  return {
    days: part.days,
    steps: FUNNEL_STEPS.filter(([step]) => hasBooking || step !== 'booking').map(([step, base]) => {
      const count = part.counts[step];
      const of = base === null ? 0 : part.counts[base];
      return {
        step,
        count,
        base,
        conversion: base === null || !of ? null : Math.round((count / of) * 1000) / 10,
      };
    }),
    money: roubles(part.moneyKopecks),
    costPerPhone: perOne(part.moneyKopecks, part.counts.phone),
    costPerChat: perOne(part.moneyKopecks, part.counts.chat),
  };
}

async function answer(
  ctx: AppContext,
  listings: FunnelListingDocument[],
  period: { from: string; to: string },
  head: Pick<FunnelDto, 'publicationId' | 'title' | 'agencyId'>,
  scope: FunnelScope,
): Promise<{ data: FunnelDto }> {
  const figures: FunnelFigures = await funnelOf(
    ctx.readStore,
    listings.map((l) => l._id),
    period.from,
    period.to,
    scope,
  );
  const hasBooking = listings.some((l) => l.dealCategory === 'dailyRent');
  return {
    data: {
      ...head,
      publicationsCount: listings.length,
      ...period,
      hasBooking,
      total: partDto(figures.total, hasBooking),
      promoted: partDto(figures.promoted, hasBooking),
      notPromoted: partDto(figures.notPromoted, hasBooking),
    },
  };
}

const DESCRIPTION =
  'Шаги: показы в поиске → открытия → отклики (телефон, чат, избранное) → заявки на бронирование ' +
  '(только посуточно). Каждый зритель (аккаунт или посетитель с cookie visitor) считается один раз в день ' +
  'на каждом шаге; роботы и сверх лимитов не считаются, как в статистике. Дни — московские, from и to ' +
  `включительно (по умолчанию 30 дней до сегодня, не длиннее ${MAX_FUNNEL_DAYS} дней). Дни с оплаченным ` +
  'продвижением — те, которых коснулись оплаченные сутки; деньги суток делятся по часам между днями.';

export const publicationFunnel = defineRoute({
  method: 'get',
  path: '/api/cabinet/funnel',
  tags,
  summary: 'Воронка объявления за период: конверсия шагов, дни с продвижением и без, деньги и цена отклика',
  description: `${DESCRIPTION} Агент видит свои объявления, владелец — все объявления агентства.`,
  auth: STAFF,
  query: publicationFunnelQuery,
  errors: [404],
  response: funnelAnswer,
  async handle({ ctx, query, req }) {
    const actor = actorOf(req);
    const period = periodOf(ctx, query);
    const listing = await funnelListing(ctx.readStore, query.publicationId);
    const visible =
      listing &&
      (actor.role === MODERATOR_ROLE ||
        (listing.agencyId !== null &&
          listing.agencyId === actor.agencyId &&
          (actor.role === ROLES.AGENCY_OWNER || listing.authorId === actor.userId)));
    if (!visible) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
    return answer(
      ctx,
      [listing],
      period,
      { publicationId: listing._id, title: listing.title, agencyId: listing.agencyId! },
      { publicationId: listing._id },
    );
  },
});

export const agencyFunnel = defineRoute({
  method: 'get',
  path: '/api/agency/{id}/funnel',
  tags,
  summary: 'Воронка агентства за период: агент — по своим объявлениям, владелец — по всем',
  description: `${DESCRIPTION} Зритель нескольких объявлений агентства в один день считается один раз.`,
  auth: STAFF,
  params: agencyParams,
  query: agencyFunnelQuery,
  response: funnelAnswer,
  async handle({ ctx, params, query, req }) {
    const actor = requireAgencyStaff(req, params.id, 'Нет доступа к статистике этого агентства');
    const period = periodOf(ctx, query);
    const scope = { agencyId: params.id, authorId: actor.role === ROLES.AGENT ? actor.userId : undefined };
    const listings = await funnelListings(ctx.readStore, scope);
    return answer(ctx, listings, period, { publicationId: null, title: null, agencyId: params.id }, scope);
  },
});

export const funnelRoutes = [publicationFunnel, agencyFunnel];
