import { z } from 'zod';

/**
 * The answers of the daily-rent booking calls, as zod schemas: the routes declare them (the OpenAPI
 * document and the tests' answer checks come from here) and the front ends take their types from
 * them (services/src/contract.ts). Pure zod.
 */

export const successAnswer = z.object({ data: z.object({ success: z.boolean() }) });

/** A page of a list: `offset` is the page, from 1. */
export const pageMetaDto = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/**
 * A request as the lists and the cards show it. `status` is the user's set (1 sent, 2 accepted,
 * 3 cancelled, 4 rejected); `displayStatus` the card's (1 awaiting confirmation, 2 awaiting
 * check-in, 3 living, 4 completed, 5 cancelled), which also depends on today's date. The listing is
 * shown as it was when the guest asked.
 */
export const bookingDto = z.object({
  id: z.string(),
  publicationId: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  adultCount: z.number().int(),
  childCount: z.number().int(),
  allGuestsCount: z.number().int(),
  nightsCount: z.number().int(),
  /** roubles for the whole stay */
  price: z.number(),
  pricePerDay: z.number(),
  deposit: z.number().nullable(),
  status: z.number().int().min(1).max(4),
  displayStatus: z.number().int().min(1).max(5),
  displayStatusName: z.string(),
  /** the rejection's or the cancellation's text */
  reason: z.string().nullable(),
  chatId: z.string(),
  ad: z.object({
    id: z.string(),
    images: z.array(z.object({ path: z.string() })),
    fullAddress: z.string(),
  }),
  title: z.string(),
  image: z.string().nullable(),
  address: z.object({ fullAddress: z.string() }),
  bookingDailyRentAdRequestId: z.string(),
  createdAt: z.string(),
});
export type BookingDto = z.infer<typeof bookingDto>;

/** A message of the request's chat thread; `status` is true on the one that matches the request's current status. */
export const bookingMessageDto = z.object({
  id: z.string(),
  text: z.string(),
  /** sent, accepted, rejected, canceled */
  kind: z.string(),
  createdAt: z.string(),
  client: z.object({ id: z.string().nullable() }),
  bookingDailyRentAdRequestId: z.string().nullable(),
  status: z.boolean(),
});

export const bookingDetailDto = bookingDto.extend({ messages: z.array(bookingMessageDto) });
export type BookingDetailDto = z.infer<typeof bookingDetailDto>;

export const bookingAnswer = z.object({ data: bookingDto });
export const bookingDetailAnswer = z.object({ data: bookingDetailDto });
export const bookingListAnswer = z.object({ data: z.array(bookingDto), meta: pageMetaDto });

/** A request sent: `repeated` when it is an open request sent again; `guestPage` the own page of a guest without an account (also sent by SMS). */
export const bookingSentAnswer = z.object({
  data: bookingDto.extend({ repeated: z.boolean(), guestPage: z.string().nullable() }),
});

/** How many requests there are in each display status (1–5). */
export const bookingCountsAnswer = z.object({
  data: z.array(z.object({ status: z.number().int(), name: z.string(), count: z.number().int() })),
});

export const freeDatesAnswer = z.object({ data: z.object({ existsFreeDateByPeriod: z.boolean() }) });

/** A calendar entry: type 1 reserved, 2 unavailable; the request holding it only for staff who may manage the listing. */
export const calendarEntryDto = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  bookingDailyRentAdRequestId: z.string().nullable(),
});
export type CalendarEntryDto = z.infer<typeof calendarEntryDto>;

export const calendarAnswer = z.object({ data: z.array(calendarEntryDto) });
export const calendarEntryAnswer = z.object({ data: calendarEntryDto });

/** An import of another portal's feed: what it blocked, released and kept, and the ranges booked here (conflicts, not blocked). */
export const calendarImportAnswer = z.object({
  data: z.object({
    blocked: z.number().int(),
    released: z.number().int(),
    unchanged: z.number().int(),
    conflicts: z.array(z.object({ startDate: z.string(), endDate: z.string(), note: z.string().nullable() })),
  }),
});

/** RFC 5545 text */
export const icsAnswer = z.string();
