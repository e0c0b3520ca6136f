import { randomBytes, randomUUID } from 'node:crypto';
import { PUBLICATION_STATUS } from '@estate/events';
import { CATALOGUE, USERS, type CatalogueDocument, type UserDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { fold, handleCommand, type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { queueEmail, queueSms } from '../notifications/queue';
import { hashToken } from '../identity/sessions';
import { bookingDecider, bookingStream, isOpen, type Booking, type BookingCommand } from './booking';
import { calendarDecider, calendarStream, overlaps, type CalendarCommand } from './calendar';
import type { Actor } from '../core/access';
import { derivedId } from './ids';

/** Many guests may press "accept" on overlapping requests at once: the calendar retries until each has its answer. */
export const CALENDAR_ATTEMPTS = 200;
const DAY_MS = 24 * 60 * 60_000;

/** Today in Moscow time: a stay's dates are local dates. */
export const todayOf = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now);
/** Whole nights between two dates, rounded down, at least 1 (the spec's rule). */
export const nightsBetween = (start: string, end: string) =>
  Math.max(1, Math.floor((Date.parse(end) - Date.parse(start)) / DAY_MS));
export const dateText = (day: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(day));

export const runCalendar = (
  ctx: AppContext,
  publicationId: string,
  command: CalendarCommand,
  meta: CommandContext,
) =>
  handleCommand(
    ctx.eventStore,
    calendarStream(publicationId),
    calendarDecider,
    command,
    meta,
    CALENDAR_ATTEMPTS,
  );
const runBooking = (ctx: AppContext, requestId: string, command: BookingCommand, meta: CommandContext) =>
  handleCommand(ctx.eventStore, bookingStream(requestId), bookingDecider, command, meta);

export async function calendarOf(ctx: AppContext, publicationId: string) {
  return fold(calendarDecider, await ctx.eventStore.readStream(calendarStream(publicationId)));
}
export async function isFree(ctx: AppContext, publicationId: string, startDate: string, endDate: string) {
  const calendar = await calendarOf(ctx, publicationId);
  return ![...calendar.entries.values()].some((e) => overlaps(e, { startDate, endDate }));
}

export async function dailyRentListing(ctx: AppContext, publicationId: string) {
  const listing = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .findOne({ _id: publicationId });
  if (!listing || listing.status !== PUBLICATION_STATUS.PUBLISHED || listing.dealCategory !== 'dailyRent')
    throw new DomainError('NOT_FOUND', 'Объявление посуточной аренды не найдено');
  return listing;
}

export async function postMessage(
  ctx: AppContext,
  chatId: string,
  kind: 'booking-sent' | 'booking-accepted' | 'booking-rejected' | 'booking-canceled',
  text: string,
  requestId: string,
  authorId: string | null,
) {
  const messageId = randomUUID();
  return handleCommand(
    ctx.eventStore,
    `chat-${chatId}`,
    chatDecider,
    { messageId, authorId, kind, text, bookingRequestId: requestId, chatId },
    { actor: authorId ?? 'guest' },
  );
}

/** The booking part of the chat: a message per step of the request, on the request's thread. */
const chatDecider = {
  initialState: () => null,
  evolve: () => null,
  decide: (command: {
    chatId: string;
    messageId: string;
    authorId: string | null;
    kind: 'booking-sent' | 'booking-accepted' | 'booking-rejected' | 'booking-canceled';
    text: string;
    bookingRequestId: string;
  }) => [{ type: 'ChatMessagePosted' as const, data: command }],
};

/** Tells a person about a request by SMS and e-mail, as far as their notification switches allow. */
export async function notify(
  ctx: AppContext,
  to: { phone: string; email: string | null; settings?: UserDocument['settings'] },
  subject: string,
  text: string,
) {
  const settings = to.settings ?? {
    canReceiveNotifications: true,
    canReceiveSmsNotifications: true,
    canReceiveEmailNotifications: true,
  };
  if (!settings.canReceiveNotifications) return;
  if (settings.canReceiveSmsNotifications)
    await queueSms(ctx, { to: to.phone, text }).catch((error) =>
      ctx.logger.warn({ err: error }, 'booking SMS not queued'),
    );
  if (to.email && settings.canReceiveEmailNotifications)
    await queueEmail(ctx, { to: to.email, subject, text }).catch((error) =>
      ctx.logger.warn({ err: error }, 'booking e-mail not queued'),
    );
}

export type BookingInput = {
  name: string;
  phone: string;
  email: string | null;
  startDate: string;
  endDate: string;
  adultCount: number;
  childCount: number;
};

/** How many times one phone may ask one listing for the same nights again after a refusal or a cancellation. */
const MAX_REQUESTS_PER_ASKING = 20;

/**
 * The id of the n-th request of a phone for a listing's nights: derived, not drawn, so the same
 * asking lands on the same `booking-<id>` stream, where the decider answers an open request again
 * instead of recording a second one. After it closes, the next asking goes to the next id.
 */
export function requestIdFor(
  publicationId: string,
  phone: string,
  startDate: string,
  endDate: string,
  n: number,
): string {
  return derivedId('booking', publicationId, phone, startDate, endDate, String(n));
}

/** Where a guest without an account follows the request: the booking's own page, its key in the fragment (never sent to the server in the page's address, nor in a Referer). */
export const guestPagePath = (requestId: string, key: string) => `/booking/${requestId}#${key}`;

export type RequestOutcome = { requestId: string; created: boolean; guestKey: string | null };

/**
 * A guest's request. The same listing, nights and phone while an earlier request is open is that
 * request again: nothing recorded, nobody told (`created: false`). `beforeNew` runs only when a new
 * request is about to be recorded (its limits). A guest without an account gets a key to the
 * request's own page; only its hash is recorded, and the link is sent by SMS.
 */
export async function requestBooking(
  ctx: AppContext,
  guestUserId: string | null,
  publicationId: string,
  input: BookingInput,
  beforeNew: () => Promise<void> = async () => undefined,
): Promise<RequestOutcome> {
  const listing = await dailyRentListing(ctx, publicationId);
  const today = todayOf(ctx.clock());
  if (input.startDate < today)
    throw new DomainError('INVALID_DATA', undefined, { startDate: ['Дата заезда уже прошла'] });
  if (input.endDate <= input.startDate)
    throw new DomainError('INVALID_DATA', undefined, {
      endDate: ['Дата выезда должна быть позже даты заезда'],
    });
  const maxGuests = listing.guestsCount ?? 1;
  if (input.adultCount + input.childCount > maxGuests)
    throw new DomainError('INVALID_DATA', undefined, { adultCount: [`Не больше ${maxGuests} гостей`] });
  for (let n = 0; n < MAX_REQUESTS_PER_ASKING; n++) {
    const requestId = requestIdFor(publicationId, input.phone, input.startDate, input.endDate, n);
    const current = fold(bookingDecider, await ctx.eventStore.readStream(bookingStream(requestId)));
    if (current.exists && !isOpen(current.status)) continue; // closed: the guest may ask again, under the next id
    if (current.exists) return { requestId, created: false, guestKey: null };
    await beforeNew();
    if (!(await isFree(ctx, publicationId, input.startDate, input.endDate)))
      throw new DomainError('DATES_UNAVAILABLE');
    const nights = nightsBetween(input.startDate, input.endDate);
    const guestKey = guestUserId ? null : randomBytes(32).toString('base64url');
    const chatId = randomUUID();
    const result = await runBooking(
      ctx,
      requestId,
      {
        type: 'RequestBooking',
        requestId,
        publicationId,
        agencyId: listing.agencyId,
        authorId: listing.authorId,
        guest: { userId: guestUserId, name: input.name, phone: input.phone, email: input.email },
        startDate: input.startDate,
        endDate: input.endDate,
        adultCount: input.adultCount,
        childCount: input.childCount,
        nights,
        price: listing.price * nights,
        deposit: listing.deposit,
        chatId,
        guestKeyHash: guestKey ? hashToken(guestKey) : null,
      },
      { actor: guestUserId ?? 'guest' },
    );
    if (result.events.length === 0) {
      // the same asking sent at the same moment: the other call recorded it and tells the host
      await ctx.projections.whenCaughtUp(result.position);
      return { requestId, created: false, guestKey: null };
    }
    const period = `с ${dateText(input.startDate)} по ${dateText(input.endDate)}`;
    const posted = await postMessage(
      ctx,
      chatId,
      'booking-sent',
      `Заявка на бронирование ${period}, гостей: ${input.adultCount + input.childCount}`,
      requestId,
      guestUserId,
    );
    const host = await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: listing.authorId });
    if (host)
      await notify(
        ctx,
        host,
        'Новая заявка на бронирование',
        `Новая заявка на «${listing.title}» ${period}. Ответьте гостю в личном кабинете.`,
      );
    if (guestKey) {
      const link = `${ctx.config.PUBLIC_URL}${guestPagePath(requestId, guestKey)}`;
      await queueSms(ctx, {
        to: input.phone,
        text: `Заявка на бронирование ${period} отправлена. Статус и отмена: ${link}`,
      }).catch((error) => ctx.logger.warn({ err: error }, 'guest link SMS not queued'));
    }
    await ctx.projections.whenCaughtUp(posted.position);
    return { requestId, created: true, guestKey };
  }
  throw new DomainError('ACTION_NOT_ALLOWED', 'Слишком много заявок на эти даты с этого номера');
}

async function bookingOf(ctx: AppContext, requestId: string): Promise<Extract<Booking, { exists: true }>> {
  const booking = fold(bookingDecider, await ctx.eventStore.readStream(bookingStream(requestId)));
  if (!booking.exists) throw new DomainError('NOT_FOUND', 'Заявка не найдена');
  return booking;
}

export async function rejectBooking(ctx: AppContext, actor: Actor, requestId: string, reason: string) {
  const booking = await bookingOf(ctx, requestId);
  await runBooking(ctx, requestId, { type: 'RejectBooking', actor, reason }, { actor: actor.userId });
  const posted = await postMessage(
    ctx,
    booking.request.chatId,
    'booking-rejected',
    `Заявка отклонена: ${reason}`,
    requestId,
    actor.userId,
  );
  await notify(
    ctx,
    booking.request.guest,
    'Заявка на бронирование отклонена',
    `К сожалению, заявка отклонена: ${reason}`,
  );
  await ctx.projections.whenCaughtUp(posted.position);
}

export async function checkOutGuest(ctx: AppContext, actor: Actor, requestId: string) {
  const result = await runBooking(
    ctx,
    requestId,
    { type: 'CheckOutGuest', actor, today: todayOf(ctx.clock()) },
    { actor: actor.userId },
  );
  await ctx.projections.whenCaughtUp(result.position);
}
