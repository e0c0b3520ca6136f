import { bookingEvents, calendarEvents } from '@estate/events/catalogue/bookings';
import type { EventData, PublicationDetails } from '@estate/events';
import { defineProjection, eventTypesOf, ignoreAlreadyApplied } from '../projection';
import type { ReadStore } from '../readStore/port';

export const BOOKING_REQUESTS = 'booking_requests';
export const CALENDAR_ENTRIES = 'calendar_entries';
export const CHAT_MESSAGES = 'chat_messages';
/** The bookings read model's own copy of what a daily-rent listing shows, for requests recorded before they carried it. */
export const BOOKING_PUBLICATIONS = 'booking_listings';
/** How many calendar entries of an iCal import one write carries. */
const FEED_SLICE = 200;

export type BookingRequestDocument = Omit<EventData<'BookingRequested'>, 'listing'> & {
  _id: string;
  revision: number;
  status: 'sent' | 'accepted' | 'canceled' | 'rejected' | 'completed';
  reason: string | null;
  entryId: string | null;
  /** the listing as it was when asked for: the lists show it even if it changes later */
  ad: { id: string; title: string; image: string | null; fullAddress: string; pricePerNight: number };
  createdAt: string;
  updatedAt: string;
};
export type CalendarEntryDocument = {
  _id: string;
  publicationId: string;
  startDate: string;
  endDate: string;
  type: 1 | 2;
  requestId: string | null;
  source: string;
  note: string | null;
};
/** Nights the listing's side closed (by hand or from another portal's feed), as the calendar keeps them. */
const blockedEntry = (
  publicationId: string,
  source: string,
  range: { entryId: string; startDate: string; endDate: string; note: string | null },
): CalendarEntryDocument => ({
  _id: range.entryId,
  publicationId,
  startDate: range.startDate,
  endDate: range.endDate,
  type: 2,
  requestId: null,
  source,
  note: range.note,
});
export type ChatMessageDocument = EventData<'ChatMessagePosted'> & { _id: string; createdAt: string };
/** A daily-rent listing as the booking lists show it, followed from its own events (`publication-<id>`). */
export type BookingPublicationDocument = {
  _id: string;
  revision: number;
  title: string;
  image: string | null;
  fullAddress: string;
  pricePerNight: number;
};

const publicationOf = (d: PublicationDetails) => ({
  title: d.title,
  image: d.images[0]?.path ?? null,
  fullAddress: d.address.fullAddress,
  pricePerNight: d.price,
});

/**
 * What a request shows of its listing: the snapshot the request carries (BookingRequested v3).
 * A request recorded before snapshots (null) shows the listing as this read model's own copy held
 * it when the request was applied, which is the listing as it was when the guest asked: the copy
 * follows the listing's events up to that point in the log. No other read model is read.
 */
async function adOf(store: ReadStore, data: EventData<'BookingRequested'>) {
  const snapshot =
    data.listing ??
    (await store
      .collection<BookingPublicationDocument>(BOOKING_PUBLICATIONS)
      .findOne({ _id: data.publicationId }));
  return {
    id: data.publicationId,
    title: snapshot?.title ?? '',
    image: snapshot?.image ?? null,
    fullAddress: snapshot?.fullAddress ?? '',
    pricePerNight: snapshot?.pricePerNight ?? 0,
  };
}

/**
 * Daily-rent requests, calendar entries and the chat messages of their threads, built from their
 * own events only (a rebuild of this read model alone gives what a rebuild of all gives).
 */
export const bookingsProjection = defineProjection({
  name: 'bookings',
  // 2: the listing shown from the request's snapshot or the model's own copy, never the catalogue's
  version: 2,
  collections: {
    [BOOKING_REQUESTS]: [
      { key: { agencyId: 1, status: 1, startDate: 1 } },
      { key: { 'guest.userId': 1, startDate: 1 } },
      { key: { publicationId: 1 } },
    ],
    [CALENDAR_ENTRIES]: [{ key: { publicationId: 1, startDate: 1 } }],
    [CHAT_MESSAGES]: [{ key: { chatId: 1, createdAt: 1 } }, { key: { bookingRequestId: 1 } }],
    [BOOKING_PUBLICATIONS]: [],
  },
  handles: [
    ...eventTypesOf(bookingEvents),
    ...eventTypesOf(calendarEvents),
    'ChatMessagePosted',
    'PublicationCreated',
    'PublicationEdited',
    'PublicationPriceChanged',
  ],
  async apply(event, store) {
    const requests = store.collection<BookingRequestDocument>(BOOKING_REQUESTS);
    const guard = { _id: event.streamId.slice('booking-'.length), revision: { $lt: event.revision } };
    const setStatus = (
      status: BookingRequestDocument['status'],
      fields: Partial<BookingRequestDocument> = {},
    ) =>
      requests.updateOne(guard, {
        $set: { status, ...fields, revision: event.revision, updatedAt: event.occurredAt },
      });
    const publications = store.collection<BookingPublicationDocument>(BOOKING_PUBLICATIONS);
    const calendar = store.collection<CalendarEntryDocument>(CALENDAR_ENTRIES);
    switch (event.type) {
      case 'BookingRequested': {
        const { listing: _snapshot, ...data } = event.data;
        const doc: BookingRequestDocument = {
          ...data,
          _id: data.requestId,
          revision: event.revision,
          status: 'sent',
          reason: null,
          entryId: null,
          ad: await adOf(store, event.data),
          createdAt: event.occurredAt,
          updatedAt: event.occurredAt,
        };
        await ignoreAlreadyApplied(() => requests.insertOne(doc));
        return;
      }
      case 'BookingAccepted':
        await setStatus('accepted', { entryId: event.data.entryId });
        return;
      case 'BookingRejected':
        await setStatus('rejected', { reason: event.data.reason });
        return;
      case 'BookingCancelled':
        await setStatus('canceled', { reason: event.data.reason });
        return;
      case 'GuestCheckedOut':
        await setStatus('completed');
        return;
      case 'DatesReserved': {
        const { entryId, publicationId, startDate, endDate, requestId } = event.data;
        const entry: CalendarEntryDocument = {
          _id: entryId,
          publicationId,
          startDate,
          endDate,
          type: 1,
          requestId,
          source: 'booking',
          note: null,
        };
        await calendar.replaceOne({ _id: entry._id }, entry, { upsert: true });
        return;
      }
      case 'DatesBlocked': {
        const { publicationId, source, ...range } = event.data;
        const entry = blockedEntry(publicationId, source, range);
        await calendar.replaceOne({ _id: entry._id }, entry, { upsert: true });
        return;
      }
      case 'CalendarEntryReleased':
        await calendar.deleteOne({ _id: event.data.entryId });
        return;
      case 'CalendarFeedImported': {
        // one write for the whole feed; replacing by id makes a second application change nothing
        const { publicationId, released, blocked } = event.data;
        const operations = [
          ...released.map((entryId) => ({ deleteOne: { filter: { _id: entryId } } })),
          ...blocked.map((range) => ({
            replaceOne: {
              filter: { _id: range.entryId },
              replacement: blockedEntry(publicationId, 'ical', range),
              upsert: true,
            },
          })),
        ];
        // in slices, yielding between them: a feed of a thousand ranges never holds the API's event loop at once
        for (let at = 0; at < operations.length; at += FEED_SLICE) {
          await new Promise((resolve) => setImmediate(resolve));
          await calendar.bulkWrite(operations.slice(at, at + FEED_SLICE));
        }
        return;
      }
      case 'ChatMessagePosted': {
        const data = event.data;
        await ignoreAlreadyApplied(() =>
          store
            .collection<ChatMessageDocument>(CHAT_MESSAGES)
            .insertOne({ ...data, _id: data.messageId, createdAt: event.occurredAt }),
        );
        return;
      }
      // the listing's own copy: daily-rent listings only, for requests recorded before snapshots
      case 'PublicationCreated':
      case 'PublicationEdited': {
        const { publicationId, details } = event.data;
        if (details.dealCategory !== 'dailyRent') {
          // a new listing of another deal has no copy to drop; an edit may move a daily-rent one away
          if (event.type === 'PublicationEdited')
            await publications.deleteOne({ _id: publicationId, revision: { $lt: event.revision } });
          return;
        }
        await ignoreAlreadyApplied(() =>
          publications.updateOne(
            { _id: publicationId, revision: { $lt: event.revision } },
            { $set: { ...publicationOf(details), revision: event.revision } },
            { upsert: true },
          ),
        );
        return;
      }
      case 'PublicationPriceChanged':
        await publications.updateOne(
          { _id: event.data.publicationId, revision: { $lt: event.revision } },
          { $set: { pricePerNight: event.data.newPrice, revision: event.revision } },
        );
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
