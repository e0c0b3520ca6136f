import {
  BOOKING_REQUESTS,
  CHAT_THREAD,
  type BookingRequestDocument,
  type ChatThreadDocument,
} from '@estate/projections';
import type { AppContext } from '../core/context';
import type { ChatMessageDto } from './dto';

type Message = Omit<ChatMessageDto, 'isMine'>;

/** a request's stored status as the kind of the message that tells it (a checked-out stay was accepted) */
const kindOfStatus = (status: BookingRequestDocument['status']) =>
  `booking-${status === 'completed' ? 'accepted' : status}`;

/**
 * A page of a chat's messages with what each booking message tells of its request now (product.md
 * section 3, Chat: focused, clientInfo, dateInfo, guestsInfo, price, status), read from the
 * bookings read model; the newest message of each request is found in the whole chat, not only
 * in the page.
 */
export async function withBookingInfo(ctx: AppContext, chatId: string, page: Message[]): Promise<Message[]> {
  const requestIds = [...new Set(page.flatMap((m) => m.bookingDailyRentAdRequestId ?? []))];
  if (requestIds.length === 0) return page;
  const [requests, booked] = await Promise.all([
    ctx.readStore.collection<BookingRequestDocument>(BOOKING_REQUESTS).find({ _id: { $in: requestIds } }),
    ctx.readStore
      .collection<ChatThreadDocument>(CHAT_THREAD)
      .find(
        { chatId, bookingRequestId: { $in: requestIds } },
        { sort: { seq: -1 }, projection: { _id: 1, bookingRequestId: 1 } },
      ),
  ]);
  const requestById = new Map(requests.map((r) => [r._id, r]));
  // sorted newest first: the first seen of each request is its newest message
  const newest = new Map<string, string>();
  for (const m of booked)
    if (m.bookingRequestId && !newest.has(m.bookingRequestId)) newest.set(m.bookingRequestId, m._id);
  return page.map((m) => {
    const request = m.bookingDailyRentAdRequestId
      ? requestById.get(m.bookingDailyRentAdRequestId)
      : undefined;
    if (!request) return m;
    return {
      ...m,
      focused: newest.get(request._id) === m.id,
      clientInfo: { name: request.guest.name, phone: request.guest.phone, email: request.guest.email },
      dateInfo: { startDate: request.startDate, endDate: request.endDate, nightsCount: request.nights },
      guestsInfo: {
        adultCount: request.adultCount,
        childCount: request.childCount,
        allGuestsCount: request.adultCount + request.childCount,
      },
      price: request.price,
      status: m.kind === kindOfStatus(request.status),
    };
  });
}
