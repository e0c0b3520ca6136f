import { z } from 'zod';
import { id, phone } from './shared';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string().min(1).max(1000);

/** The `calendar-<publicationId>` stream: the one place a night is given to a booking or blocked. */
export const calendarEvents = {
  DatesReserved: z.object({ publicationId: id, entryId: id, requestId: id, startDate: day, endDate: day }),
  /** `source`: the host's own block, or one imported from another portal's iCal feed */
  DatesBlocked: z.object({
    publicationId: id,
    entryId: id,
    startDate: day,
    endDate: day,
    source: z.enum(['manual', 'ical']),
    note: z.string().max(300).nullable(),
  }),
  CalendarEntryReleased: z.object({ publicationId: id, entryId: id }),
  /**
   * One import of another portal's iCal feed, decided at once against the calendar: the imported
   * blocks the feed no longer holds are released and its new ranges blocked, in one event however
   * many ranges (an unchanged feed records nothing).
   */
  CalendarFeedImported: z.object({
    publicationId: id,
    released: z.array(id),
    blocked: z.array(
      z.object({ entryId: id, startDate: day, endDate: day, note: z.string().max(300).nullable() }),
    ),
  }),
};

/** What a request shows of its listing: the title, the first photo, the address and the price of a night. */
export const publicationSnapshot = z.object({
  title: z.string().max(200),
  image: z.string().max(500).nullable(),
  fullAddress: z.string().max(500),
  pricePerNight: z.number().int().nonnegative(),
});

/** The `booking-<requestId>` stream: a guest's request for a daily-rent listing and what became of it. */
export const bookingEvents = {
  BookingRequested: z.object({
    requestId: id,
    publicationId: id,
    agencyId: id.nullable(),
    authorId: id,
    guest: z.object({
      userId: id.nullable(),
      name: z.string().min(1).max(200),
      phone,
      email: z.string().max(200).nullable(),
    }),
    startDate: day,
    endDate: day,
    adultCount: z.number().int().min(1).max(50),
    childCount: z.number().int().min(0).max(50),
    nights: z.number().int().min(1),
    /** roubles for the whole stay */
    price: z.number().int().nonnegative(),
    deposit: z.number().int().nonnegative().nullable(),
    chatId: id,
    /** v2: the hash of the key in the guest's link to the request's own page (a guest without an account); v1 requests have none */
    guestKeyHash: sha256Hex.nullable(),
    /**
     * v3: the listing as it was asked for, as the booking lists show it (the request keeps it even
     * when the listing changes later); requests recorded before v3 have none (null)
     */
    listing: publicationSnapshot.nullable(),
  }),
  BookingAccepted: z.object({ requestId: id, entryId: id, by: id }),
  BookingRejected: z.object({ requestId: id, reason: text, by: id }),
  /**
   * v2: `cancellationId`, the id the cancelling run derives from its own id (bookings/cancelBooking.ts):
   * the same run cancelling again is answered with no event; v1 cancellations have none.
   * v3: `guest`, the request's guest when they cancelled (signed in, or through their link), so that
   * their reason is encrypted with their key, as their request is (catalogue/personal.ts); null when
   * the host cancelled, and in v1–v2
   */
  BookingCancelled: z.object({
    requestId: id,
    reason: text,
    by: id,
    byGuest: z.boolean(),
    cancellationId: id.nullable(),
    guest: z.object({ userId: id.nullable(), phone }).nullable(),
  }),
  GuestCheckedOut: z.object({ requestId: id, by: id }),
};

/** BookingRequested 1 → 2: requests sent before the guest's link existed have no key. */
export const bookingRequestedV2 = (data: unknown) => ({ ...(data as object), guestKeyHash: null });
/** BookingRequested 2 → 3: requests sent before the snapshot carry none (the bookings read model has its fallback). */
export const bookingRequestedV3 = (data: unknown) => ({ ...(data as object), listing: null });
/** BookingCancelled 1 → 2: a v1 cancellation was made by no run that could ask again. */
export const bookingCancelledV2 = (data: unknown) => ({ ...(data as object), cancellationId: null });
/** BookingCancelled 2 → 3: earlier cancellations name no guest (a signed-in guest's reason is theirs by `by`). */
export const bookingCancelledV3 = (data: unknown) => ({ ...(data as object), guest: null });
