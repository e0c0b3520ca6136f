import type { EventData, StoredEvent } from '@estate/events';
import { CATALOGUE, type CatalogueDocument } from '../catalogue/document';
import { ignoreAlreadyApplied, type Projection } from '../projection';
import type { ReadStore } from '../readStore/port';

export const BOOKING_REQUESTS = 'booking_requests';
export const CALENDAR_ENTRIES = 'calendar_entries';
export const CHAT_MESSAGES = 'chat_messages';
/** How many calendar entries of an iCal import one write carries. */
const FEED_SLICE = 200;

export type BookingRequestDocument = EventData<'BookingRequested'> & {
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
export type ChatMessageDocument = EventData<'ChatMessagePosted'> & { _id: string; createdAt: string };

/** Daily-rent requests, calendar entries and the chat messages of their threads. */
export const bookingsProjection: Projection = {
  name: 'bookings',
  version: 1,
  collections: {
    [BOOKING_REQUESTS]: [
      { key: { agencyId: 1, status: 1, startDate: 1 } },
      { key: { 'guest.userId': 1, startDate: 1 } },
      { key: { publicationId: 1 } },
    ],
    [CALENDAR_ENTRIES]: [{ key: { publicationId: 1, startDate: 1 } }],
    [CHAT_MESSAGES]: [{ key: { chatId: 1, createdAt: 1 } }, { key: { bookingRequestId: 1 } }],
  },
  async apply(event: StoredEvent, store: ReadStore) {
    const requests = store.collection<BookingRequestDocument>(BOOKING_REQUESTS);
    const guard = { _id: event.streamId.slice('booking-'.length), revision: { $lt: event.revision } };
    const setStatus = (
      status: BookingRequestDocument['status'],
      fields: Partial<BookingRequestDocument> = {},
    ) =>
      requests.updateOne(guard, {
        $set: { status, ...fields, revision: event.revision, updatedAt: event.occurredAt },
      });
    switch (event.type) {
      case 'BookingRequested': {
        const data = event.data as EventData<'BookingRequested'>;
        const listing = await store
          .collection<CatalogueDocument>(CATALOGUE)
          .findOne({ _id: data.publicationId });
        const ad = {
          id: data.publicationId,
          title: listing?.title ?? '',
          image: listing?.images[0]?.path ?? null,
          fullAddress: listing?.address.fullAddress ?? '',
          pricePerNight: listing?.price ?? 0,
        };
        const doc: BookingRequestDocument = {
          ...data,
          _id: data.requestId,
          revision: event.revision,
          status: 'sent',
          reason: null,
          entryId: null,
          ad,
          createdAt: event.occurredAt,
          updatedAt: event.occurredAt,
        };
        await ignoreAlreadyApplied(() => requests.insertOne(doc));
        return;
      }
      case 'BookingAccepted':
        await setStatus('accepted', { entryId: (event.data as EventData<'BookingAccepted'>).entryId });
        return;
      case 'BookingRejected':
        await setStatus('rejected', { reason: (event.data as EventData<'BookingRejected'>).reason });
        return;
      case 'BookingCancelled':
        await setStatus('canceled', { reason: (event.data as EventData<'BookingCancelled'>).reason });
        return;
      case 'GuestCheckedOut':
        await setStatus('completed');
        return;
      case 'DatesReserved':
      case 'DatesBlocked': {
        const data = event.data as EventData<'DatesReserved'> & Partial<EventData<'DatesBlocked'>>;
        const entry: CalendarEntryDocument = {
          _id: data.entryId,
          publicationId: data.publicationId,
          startDate: data.startDate,
          endDate: data.endDate,
          type: event.type === 'DatesReserved' ? 1 : 2,
          requestId: data.requestId ?? null,
          source: data.source ?? 'booking',
          note: data.note ?? null,
        };
        await store
          .collection<CalendarEntryDocument>(CALENDAR_ENTRIES)
          .replaceOne({ _id: entry._id }, entry, { upsert: true });
        return;
      }
      case 'CalendarEntryReleased':
        await store
          .collection<CalendarEntryDocument>(CALENDAR_ENTRIES)
          .deleteOne({ _id: (event.data as EventData<'CalendarEntryReleased'>).entryId });
        return;
      case 'CalendarFeedImported': {
        // one write for the whole feed; replacing by id makes a second application change nothing
        const { publicationId, released, blocked } = event.data as EventData<'CalendarFeedImported'>;
        const operations = [
          ...released.map((entryId) => ({ deleteOne: { filter: { _id: entryId } } })),
          ...blocked.map(({ entryId, startDate, endDate, note }) => {
            const entry: CalendarEntryDocument = {
              _id: entryId,
              publicationId,
              startDate,
              endDate,
              type: 2,
              requestId: null,
              source: 'ical',
              note,
            };
            return { replaceOne: { filter: { _id: entryId }, replacement: entry, upsert: true } };
          }),
        ];
        // in slices, yielding between them: a feed of a thousand ranges never holds the API's event loop at once
        for (let at = 0; at < operations.length; at += FEED_SLICE) {
          await new Promise((resolve) => setImmediate(resolve));
          await store
            .collection<CalendarEntryDocument>(CALENDAR_ENTRIES)
            .bulkWrite(operations.slice(at, at + FEED_SLICE));
        }
        return;
      }
      case 'ChatMessagePosted': {
        const data = event.data as EventData<'ChatMessagePosted'>;
        await ignoreAlreadyApplied(() =>
          store
            .collection<ChatMessageDocument>(CHAT_MESSAGES)
            .insertOne({ ...data, _id: data.messageId, createdAt: event.occurredAt }),
        );
        return;
      }
      default:
        return;
    }
  },
};
