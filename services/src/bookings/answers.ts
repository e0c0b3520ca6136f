import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import {
  BOOKING_REQUESTS,
  CHAT_MESSAGES,
  type BookingRequestDocument,
  type ChatMessageDocument,
  type Filter,
} from '@estate/projections';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { pageMeta } from '../core/http';
import { hashToken } from '../identity';
import { todayOf } from './dates';
import type { BookingDetailDto, BookingDto } from './dto';
import { BOOKING_KEY_HEADER } from './inputs';
import { DISPLAY_STATUS_NAMES, displayStatus, USER_STATUS } from './status';

/** The answers of the booking calls, read from the bookings read model (dto.ts declares their shape). */

export const requestsOf = (ctx: AppContext) =>
  ctx.readStore.collection<BookingRequestDocument>(BOOKING_REQUESTS);

const notFound = () => new DomainError('NOT_FOUND', 'Заявка не найдена');

/** The request as the read model shows it now, or 404. */
export async function requestDocument(ctx: AppContext, requestId: string) {
  const doc = await requestsOf(ctx).findOne({ _id: requestId });
  if (!doc) throw notFound();
  return doc;
}

export function bookingDtoOf(ctx: AppContext, doc: BookingRequestDocument): BookingDto {
  const display = displayStatus(doc.status, doc.startDate, doc.endDate, todayOf(ctx.clock()));
  return {
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
}

/** The request with its chat thread's messages. */
export async function bookingDetailOf(
  ctx: AppContext,
  doc: BookingRequestDocument,
): Promise<BookingDetailDto> {
  const messages = await ctx.readStore
    .collection<ChatMessageDocument>(CHAT_MESSAGES)
    .find({ bookingRequestId: doc._id }, { sort: { createdAt: 1, _id: 1 } });
  const current = `booking-${doc.status === 'completed' ? 'accepted' : doc.status}`;
  // the spec: `status` is true on the message that matches the request's current status
  return {
    ...bookingDtoOf(ctx, doc),
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
}

/** A page of requests, by check-in then id. */
export async function bookingPage(ctx: AppContext, filter: Filter, q: { limit: number; offset: number }) {
  const requests = requestsOf(ctx);
  const [items, total] = await Promise.all([
    requests.find(filter, { sort: { startDate: 1, _id: 1 }, skip: (q.offset - 1) * q.limit, limit: q.limit }),
    requests.countDocuments(filter),
  ]);
  return { data: items.map((d) => bookingDtoOf(ctx, d)), meta: pageMeta(q.offset, q.limit, total) };
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** The key of the guest's link, from the `booking-key` header: a malformed one is as good as a wrong one. */
export function linkKeyFrom(req: Request): string {
  const key = req.get(BOOKING_KEY_HEADER)?.trim() ?? '';
  if (key.length < 20 || key.length > 200) throw notFound();
  return key;
}

/** The request the key of the guest's link opens; a wrong key learns nothing, not even that the request exists. */
export async function requestByGuestKey(ctx: AppContext, requestId: string, key: string) {
  const doc = await requestsOf(ctx).findOne({ _id: requestId });
  if (!doc?.guestKeyHash || !sameHex(doc.guestKeyHash, hashToken(key))) throw notFound();
  return doc;
}

/** What a display status (1–5) means as a read-model filter, given today. */
export function displayFilter(status: number, today: string) {
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
