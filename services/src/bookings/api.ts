import {
  BOOKING_REQUESTS,
  CALENDAR_ENTRIES,
  CATALOGUE,
  CHAT_MESSAGES,
  type Filter,
  type BookingRequestDocument,
  type CalendarEntryDocument,
  type CatalogueDocument,
  type ChatMessageDocument,
} from '@estate/projections';
import { MODERATOR_ROLE, ROLES } from '@estate/events';
import { timingSafeEqual } from 'node:crypto';
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { pageMeta, parse } from '../core/http';
import { checkBot, clientIp, phoneInput } from '../identity/codes';
import { hashToken } from '../identity/sessions';
import { requireConfirmedPhone, TRUST_TOKEN_HEADER } from '../identity/trust';
import { acceptBooking } from './acceptBooking';
import { cancelBooking, cancelBookingByLink } from './cancelBooking';
import { checkOutGuest, dailyRentListing, isFree, rejectBooking, runCalendar } from './commands';
import { todayOf } from './dates';
import { guestPagePath } from './guestLinks';
import { requestBooking } from './requestBooking';
import { calendarRoutes } from './ical';
import { DISPLAY_STATUS_NAMES, displayStatus, USER_STATUS } from './status';
import { currentUser, requireRole, actorOf, mayManagePublication, staffScope } from '../core/access';

const BASE = '/api/booking/daily-rent';
/** The header the booking's own page sends its link's key in (docs/decisions.md). */
export const BOOKING_KEY_HEADER = 'booking-key';
const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД');
const period = z.object({ startDate: day.default('2011-01-01'), endDate: day.default('2035-01-01') });
const paging = {
  limit: z.coerce.number().int().min(1).max(100).default(15),
  offset: z.coerce.number().int().min(1).default(1),
};
const reason = z.object({
  text: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((t) => t || 'Изменились планы'),
});
const requestBody = z.object({
  publicationId: z.string().optional(),
  name: z.string({ error: 'Обязательное поле' }).trim().min(1, 'Обязательное поле').max(200),
  phone: phoneInput,
  email: z.string().trim().max(200).pipe(z.email('Введите корректный адрес почты')).nullish(),
  startDate: day,
  endDate: day,
  adultCount: z.number().int().min(1, 'Хотя бы один взрослый гость').max(50),
  childCount: z.number().int().min(0).max(50).default(0),
});

/** What a display status (1–5) means as a read-model filter, given today. */
function displayFilter(status: number, today: string) {
  switch (status) {
    case 1:
      return { status: 'sent' };
    case 2:
      return { status: 'accepted', startDate: { $gt: today } };
    case 3:
      return { status: 'accepted', startDate: { $lte: today }, endDate: { $gt: today } };
    case 4:
      return { $or: [{ status: 'completed' }, { status: 'accepted', endDate: { $lte: today } }] };
    default:
      return { status: { $in: ['canceled', 'rejected'] } };
  }
}

export function bookingRoutes(ctx: AppContext): Router {
  const router = Router();
  const requests = ctx.readStore.collection<BookingRequestDocument>(BOOKING_REQUESTS);
  const today = () => todayOf(ctx.clock());
  const route = (
    method: 'get' | 'post' | 'delete',
    path: string,
    summary: string,
    request?: RouteConfig['request'],
  ) =>
    ctx.openApi.route({
      method,
      path: `${BASE}${path}`,
      tags: ['Бронирование посуточно'],
      summary,
      request,
      responses: { 200: { description: 'data' } },
    });
  /** a call that needs a session: 401 without one */
  const signedIn = (method: 'get' | 'post', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path: `${BASE}${path}`,
      tags: ['Бронирование посуточно'],
      summary,
      security: [{ bearer: [] }],
      responses: { 200: { description: 'data' }, 401: { description: 'errorCode 101' } },
    });
  const toDto = async (doc: BookingRequestDocument, withMessages = false) => {
    const display = displayStatus(doc.status, doc.startDate, doc.endDate, today());
    const dto = {
      id: doc._id,
      publicationId: doc.publicationId,
      name: doc.guest.name,
      phone: doc.guest.phone,
      email: doc.guest.email,
      startDate: doc.startDate,
      endDate: doc.endDate,
      adultCount: doc.adultCount,
      childCount: doc.childCount,
      allGuestsCount: doc.adultCount + doc.childCount,
      nightsCount: doc.nights,
      price: doc.price,
      pricePerDay: Math.ceil(doc.price / doc.nights),
      deposit: doc.deposit,
      status: USER_STATUS[doc.status],
      displayStatus: display,
      displayStatusName: DISPLAY_STATUS_NAMES[display],
      reason: doc.reason,
      chatId: doc.chatId,
      ad: {
        id: doc.ad.id,
        images: doc.ad.image ? [{ path: doc.ad.image }] : [],
        fullAddress: doc.ad.fullAddress,
      },
      title: doc.ad.title,
      image: doc.ad.image,
      address: { fullAddress: doc.ad.fullAddress },
      bookingDailyRentAdRequestId: doc._id,
      createdAt: doc.createdAt,
    };
    if (!withMessages) return dto;
    const messages = await ctx.readStore
      .collection<ChatMessageDocument>(CHAT_MESSAGES)
      .find({ bookingRequestId: doc._id }, { sort: { createdAt: 1, _id: 1 } });
    const current = `booking-${doc.status === 'completed' ? 'accepted' : doc.status}`;
    // the spec: `status` is true on the message that matches the request's current status
    return {
      ...dto,
      messages: messages.map((m) => ({
        id: m._id,
        text: m.text,
        kind: m.kind.replace('booking-', ''),
        createdAt: m.createdAt,
        client: { id: m.authorId },
        bookingDailyRentAdRequestId: m.bookingRequestId,
        status: m.kind === current,
      })),
    };
  };
  const pageOf = async (filter: Filter, q: { limit: number; offset: number }) => {
    const [items, total] = await Promise.all([
      requests.find(filter, {
        sort: { startDate: 1, _id: 1 },
        skip: (q.offset - 1) * q.limit,
        limit: q.limit,
      }),
      requests.countDocuments(filter),
    ]);
    return { data: await Promise.all(items.map((d) => toDto(d))), meta: pageMeta(q.offset, q.limit, total) };
  };
  const staff = requireRole(ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE);
  /** A signed-in, active staff member who may manage the listing (its agent, the agency's owner, a moderator). */
  const mayManageCalendar = async (req: Request, publicationId: string) => {
    if (!req.user || req.user.inactive) return false;
    const listing = await ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .findOne({ _id: publicationId });
    return listing !== null && mayManagePublication(actorOf(req), listing);
  };

  signedIn(
    'get',
    '/list-for-agent',
    'Заявки агентства: статус отображения 1–5, период, limit 15, offset с 1',
  );
  router.get(`${BASE}/list-for-agent`, staff, async (req, res) => {
    const q = parse(
      period.extend({ status: z.coerce.number().int().min(1).max(5).optional(), ...paging }),
      req.query,
    );
    const inPeriod = { startDate: { $lt: q.endDate }, endDate: { $gt: q.startDate } };
    res.json(
      await pageOf(
        { $and: [staffScope(actorOf(req)), inPeriod, q.status ? displayFilter(q.status, today()) : {}] },
        q,
      ),
    );
  });

  signedIn('get', '/count', 'Сколько заявок в каждом статусе отображения 1–5');
  router.get(`${BASE}/count`, staff, async (req, res) => {
    const q = parse(period, req.query);
    const base = {
      ...staffScope(actorOf(req)),
      startDate: { $lt: q.endDate },
      endDate: { $gt: q.startDate },
    };
    const counts = await Promise.all(
      [1, 2, 3, 4, 5].map(async (status) => ({
        status,
        name: DISPLAY_STATUS_NAMES[status],
        count: await requests.countDocuments({ $and: [base, displayFilter(status, today())] }),
      })),
    );
    res.json({ data: counts });
  });

  signedIn('get', '/list-for-user', 'Заявки гостя: status 1 отправлена, 2 принята, 3 отменена, 4 отклонена');
  router.get(`${BASE}/list-for-user`, async (req, res) => {
    const user = currentUser(req);
    const q = parse(
      period.extend({ status: z.coerce.number().int().min(1).max(4).optional(), ...paging }),
      req.query,
    );
    const byStatus = q.status
      ? {
          status: {
            $in: Object.entries(USER_STATUS)
              .filter(([, n]) => n === q.status)
              .map(([s]) => s),
          },
        }
      : {};
    res.json(
      await pageOf(
        {
          $and: [
            { 'guest.userId': user.userId, startDate: { $lt: q.endDate }, endDate: { $gt: q.startDate } },
            byStatus,
          ],
        },
        q,
      ),
    );
  });

  // the booking's own page for a guest without an account: authorised by the key of their link alone
  const guestKeyOf = (req: Request) => {
    const key = req.get(BOOKING_KEY_HEADER)?.trim() ?? '';
    if (key.length < 20 || key.length > 200) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
    return key;
  };
  const byGuestKey = async (req: Request) => {
    const key = guestKeyOf(req);
    const doc = await requests.findOne({ _id: String(req.params.requestId) });
    // a wrong key learns nothing, not even that the request exists
    if (!doc?.guestKeyHash || !sameHex(doc.guestKeyHash, hashToken(key)))
      throw new DomainError('NOT_FOUND', 'Заявка не найдена');
    return doc;
  };
  const keyHeader = { headers: z.object({ [BOOKING_KEY_HEADER]: z.string() }) };
  route(
    'get',
    '/guest/{requestId}',
    'Заявка гостя без аккаунта по ключу из его ссылки (заголовок booking-key)',
    keyHeader,
  );
  router.get(`${BASE}/guest/:requestId`, async (req, res) => {
    res.json({ data: await toDto(await byGuestKey(req), true) });
  });
  route(
    'post',
    '/guest/{requestId}/cancel',
    'Отмена заявки гостем без аккаунта по ключу из его ссылки (заголовок booking-key), с причиной (text)',
    keyHeader,
  );
  router.post(`${BASE}/guest/:requestId/cancel`, async (req, res) => {
    const key = guestKeyOf(req);
    const { text } = parse(reason, req.body ?? {});
    await cancelBookingByLink(ctx, String(req.params.requestId), key, text);
    res.json({ data: await toDto(await byGuestKey(req), true) });
  });

  signedIn('get', '/list/{requestId}', 'Заявка с сообщениями');
  router.get(`${BASE}/list/:requestId`, async (req, res) => {
    const user = currentUser(req);
    const doc = await requests.findOne({ _id: req.params.requestId });
    if (!doc) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
    if (doc.guest.userId !== user.userId && !mayManagePublication(actorOf(req), doc))
      throw new DomainError('FORBIDDEN');
    res.json({ data: await toDto(doc, true) });
  });

  route(
    'post',
    '/{publicationId}',
    'Заявка на бронирование: проверка на робота (g-recaptcha-response) и телефон, подтверждённый кодом из СМС (заголовок trust-token из /api/sms-code/verify; вошедшему со своим номером не нужен, иначе errorCode 6). ' +
      'Та же заявка (объявление, даты, телефон), пока она открыта, — та же заявка: ответ 200 с ней же, без новой записи и уведомлений. Гостю без аккаунта — data.guestPage, ссылка на страницу заявки (она же в СМС)',
    { headers: z.object({ [TRUST_TOKEN_HEADER]: z.string().optional() }) },
  );
  router.post(`${BASE}/:publicationId`, async (req, res) => {
    const body = parse(requestBody, req.body);
    const publicationId = String(req.params.publicationId);
    await checkBot(ctx, req);
    await requireConfirmedPhone(ctx, req, body.phone);
    await ctx.limits.consume('bookingsPerIp', clientIp(req));
    // a phone and a listing are counted for new requests only: the same request again costs the host nothing
    const countNew = async () => {
      await ctx.limits.consume('bookingsPerPhone', body.phone);
      await ctx.limits.consume('bookingsPerListing', publicationId);
    };
    const outcome = await requestBooking(
      ctx,
      req.user?.userId ?? null,
      publicationId,
      { ...body, email: body.email ?? null },
      countNew,
    );
    const doc = await requests.findOne({ _id: outcome.requestId });
    if (!doc) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
    const guestPage = outcome.guestKey ? guestPagePath(outcome.requestId, outcome.guestKey) : null;
    res
      .status(outcome.created ? 201 : 200)
      .json({ data: { ...(await toDto(doc)), repeated: !outcome.created, guestPage } });
  });

  route('get', '/{publicationId}/calendar/check-date', 'Свободен ли период: data.existsFreeDateByPeriod');
  router.get(`${BASE}/:publicationId/calendar/check-date`, async (req, res) => {
    const q = parse(
      z.object({ startDate: day, endDate: day }).refine((v) => v.endDate > v.startDate, {
        message: 'Дата выезда должна быть позже даты заезда',
        path: ['endDate'],
      }),
      req.query,
    );
    await dailyRentListing(ctx, req.params.publicationId);
    res.json({
      data: { existsFreeDateByPeriod: await isFree(ctx, req.params.publicationId, q.startDate, q.endDate) },
    });
  });

  route('get', '/{publicationId}/calendar', 'Календарь: записи 1 забронировано, 2 закрыто');
  router.get(`${BASE}/:publicationId/calendar`, async (req, res) => {
    const q = parse(period, req.query);
    const entries = await ctx.readStore.collection<CalendarEntryDocument>(CALENDAR_ENTRIES).find(
      {
        publicationId: req.params.publicationId,
        startDate: { $lt: q.endDate },
        endDate: { $gt: q.startDate },
      },
      { sort: { startDate: 1 } },
    );
    // which request holds a night is the host's business: its agent, the agency's owner, a moderator; anyone else sees only that it is taken
    const showRequests =
      entries.some((e) => e.requestId !== null) &&
      (await mayManageCalendar(req, String(req.params.publicationId)));
    res.json({
      data: entries.map((e) => ({
        id: e._id,
        startDate: e.startDate,
        endDate: e.endDate,
        type: e.type,
        bookingDailyRentAdRequestId: showRequests ? e.requestId : null,
      })),
    });
  });

  signedIn('post', '/{publicationId}/{requestId}/accept', 'Принять заявку: даты бронируются');
  router.post(`${BASE}/:publicationId/:requestId/accept`, staff, async (req, res) => {
    await acceptBooking(ctx, actorOf(req), String(req.params.publicationId), String(req.params.requestId));
    res.json({ data: await toDto((await requests.findOne({ _id: String(req.params.requestId) }))!) });
  });

  for (const [action, summary] of [
    ['reject', 'Отклонить заявку с причиной (text)'],
    ['cancel', 'Отменить заявку с причиной (text): гость или агентство'],
    ['check-out', 'Гость выехал'],
  ] as const) {
    signedIn('post', `/{requestId}/${action}`, summary);
    router.post(`${BASE}/:requestId/${action}`, async (req, res) => {
      const actor = actorOf(req);
      const requestId = String(req.params.requestId);
      if (action === 'check-out') await checkOutGuest(ctx, actor, requestId);
      else {
        const { text } = parse(reason, req.body ?? {});
        await (action === 'reject' ? rejectBooking : cancelBooking)(ctx, actor, requestId, text);
      }
      const doc = await requests.findOne({ _id: requestId });
      if (!doc) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
      res.json({ data: await toDto(doc) });
    });
  }

  router.use(calendarRoutes(ctx, BASE, staff, runCalendar));
  return router;
}
