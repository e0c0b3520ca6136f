import { upcast, type DomainEvent } from '@estate/events';
import { bookingRequest, datesReserved, publicationDetails } from '@estate/events/fixtures';
import { CATALOGUE } from '../catalogue/document';
import { catalogueProjection } from '../catalogue/projection';
import { project, storedEvents } from '../projectionSpec';
import { MemoryReadStore } from '../readStore/memory';
import type { ReadStore } from '../readStore/port';
import { BOOKING_REQUESTS, bookingsProjection, CALENDAR_ENTRIES, CHAT_MESSAGES } from './projection';

const details = publicationDetails({
  dealCategory: 'dailyRent',
  title: 'Студия у моря',
  price: 3_000,
  address: { locationId: '7', locationName: 'Сочи', fullAddress: 'Сочи, ул. Морская, 1' },
  params: { roomCount: 0, totalArea: 25, floor: 2, guestsCount: 2 },
  images: [{ path: '/storage/demo/3.svg' }],
});
const at = (streamId: string, event: DomainEvent) => ({ streamId, event });
const request = bookingRequest({
  agencyId: 'ag1',
  authorId: 'a1',
  guest: { userId: 'u1', name: 'Ольга', phone: '79991112233', email: null },
});
const history = storedEvents([
  at('publication-p1', {
    type: 'PublicationCreated',
    data: { publicationId: 'p1', agencyId: 'ag1', authorId: 'a1', details },
  }),
  at('publication-p1', { type: 'PublicationPublished', data: { publicationId: 'p1' } }),
  at('booking-r1', { type: 'BookingRequested', data: request }),
  at('chat-c1', {
    type: 'ChatMessagePosted',
    data: {
      chatId: 'c1',
      messageId: 'm1',
      authorId: 'u1',
      kind: 'booking-sent',
      text: 'Заявка',
      bookingRequestId: 'r1',
      replyMessageIds: [],
    },
  }),
  at('calendar-p1', {
    type: 'DatesReserved',
    data: datesReserved(),
  }),
  at('booking-r1', { type: 'BookingAccepted', data: { requestId: 'r1', entryId: 'e1', by: 'a1' } }),
  at('calendar-p1', {
    type: 'DatesBlocked',
    data: {
      publicationId: 'p1',
      entryId: 'b1',
      startDate: '2030-02-01',
      endDate: '2030-02-03',
      source: 'manual',
      note: null,
    },
  }),
]);
const projections = [catalogueProjection, bookingsProjection];

describe('bookings projection', () => {
  it('given a request accepted on the calendar, then the request with its listing, the entries, the message and the busy nights on the listing', async () => {
    const store = await project(projections, history);
    expect(await store.collection(BOOKING_REQUESTS).findOne({ _id: 'r1' })).toMatchObject({
      status: 'accepted',
      entryId: 'e1',
      ad: { id: 'p1', title: 'Студия у моря', image: '/storage/demo/3.svg', pricePerNight: 3_000 },
      guest: { userId: 'u1' },
    });
    expect(
      (
        await store.collection(CALENDAR_ENTRIES).find({ publicationId: 'p1' }, { sort: { startDate: 1 } })
      ).map((e) => [e._id, e.type]),
    ).toEqual([
      ['e1', 1],
      ['b1', 2],
    ]);
    expect(await store.collection(CHAT_MESSAGES).countDocuments({ chatId: 'c1' })).toBe(1);
    expect((await store.collection(CATALOGUE).findOne({ _id: 'p1' }))!.busyRanges).toEqual([
      { entryId: 'e1', start: '2030-01-10', end: '2030-01-12' },
      { entryId: 'b1', start: '2030-02-01', end: '2030-02-03' },
    ]);
  });

  it('given a cancellation and a release, then the nights are free and applying twice changes nothing', async () => {
    const more = storedEvents([
      ...history.map((e) => ({ streamId: e.streamId, event: { type: e.type, data: e.data } as DomainEvent })),
      at('booking-r1', {
        type: 'BookingCancelled',
        data: {
          requestId: 'r1',
          reason: 'Изменились планы',
          by: 'u1',
          byGuest: true,
          cancellationId: null,
          guest: { userId: 'u1', phone: '79990000100' },
        },
      }),
      at('calendar-p1', { type: 'CalendarEntryReleased', data: { publicationId: 'p1', entryId: 'e1' } }),
    ]);
    const store = await project(projections, more);
    await project(projections, more, store);
    expect(await store.collection(BOOKING_REQUESTS).findOne({ _id: 'r1' })).toMatchObject({
      status: 'canceled',
      reason: 'Изменились планы',
    });
    expect((await store.collection(CATALOGUE).findOne({ _id: 'p1' }))!.busyRanges).toEqual([
      { entryId: 'b1', start: '2030-02-01', end: '2030-02-03' },
    ]);
    expect(await store.collection(CALENDAR_ENTRIES).countDocuments({ publicationId: 'p1' })).toBe(1);
  });
  it('given iCal imports, then their blocks are entries and busy nights, the dropped ones are gone, and applying twice changes nothing', async () => {
    const imports = storedEvents([
      ...history.map((e) => ({ streamId: e.streamId, event: { type: e.type, data: e.data } as DomainEvent })),
      at('calendar-p1', {
        type: 'CalendarFeedImported',
        data: {
          publicationId: 'p1',
          released: [],
          blocked: [
            {
              entryId: 'ical-20300301-20300304',
              startDate: '2030-03-01',
              endDate: '2030-03-04',
              note: 'Airbnb',
            },
            { entryId: 'ical-20300401-20300402', startDate: '2030-04-01', endDate: '2030-04-02', note: null },
          ],
        },
      }),
      at('calendar-p1', {
        type: 'CalendarFeedImported',
        data: {
          publicationId: 'p1',
          released: ['ical-20300301-20300304'],
          blocked: [
            { entryId: 'ical-20300510-20300512', startDate: '2030-05-10', endDate: '2030-05-12', note: null },
          ],
        },
      }),
    ]);
    const store = await project(projections, imports);
    await project(projections, imports, store);
    expect(
      (
        await store.collection(CALENDAR_ENTRIES).find({ publicationId: 'p1' }, { sort: { startDate: 1 } })
      ).map((e) => [e._id, e.type, e.source, e.note]),
    ).toEqual([
      ['e1', 1, 'booking', null],
      ['b1', 2, 'manual', null],
      ['ical-20300401-20300402', 2, 'ical', null],
      ['ical-20300510-20300512', 2, 'ical', null],
    ]);
    expect((await store.collection(CATALOGUE).findOne({ _id: 'p1' }))!.busyRanges).toEqual([
      { entryId: 'e1', start: '2030-01-10', end: '2030-01-12' },
      { entryId: 'b1', start: '2030-02-01', end: '2030-02-03' },
      { entryId: 'ical-20300401-20300402', start: '2030-04-01', end: '2030-04-02' },
      { entryId: 'ical-20300510-20300512', start: '2030-05-10', end: '2030-05-12' },
    ]);
  });

  it('given a request with its listing’s snapshot, then the bookings read model alone shows the listing: no catalogue needed', async () => {
    const store = await project(
      [bookingsProjection],
      storedEvents([at('booking-r1', { type: 'BookingRequested', data: request })]),
    );
    expect(await store.collection(BOOKING_REQUESTS).findOne({ _id: 'r1' })).toMatchObject({
      ad: {
        id: 'p1',
        title: 'Студия у моря',
        image: '/storage/demo/3.svg',
        fullAddress: 'Сочи, ул. Морская, 1',
        pricePerNight: 3_000,
      },
    });
    expect(await store.collection(BOOKING_REQUESTS).findOne({ _id: 'r1' })).not.toHaveProperty('listing');
  });

  it('given a request recorded before snapshots (version 2), then the listing as it was when asked, from the model’s own copy', async () => {
    const { listing: _none, ...v2 } = request;
    const old = storedEvents([
      at('publication-p1', {
        type: 'PublicationCreated',
        data: { publicationId: 'p1', agencyId: 'ag1', authorId: 'a1', details },
      }),
      at('publication-p1', { type: 'PublicationPublished', data: { publicationId: 'p1' } }),
      at('publication-p1', {
        type: 'PublicationPriceChanged',
        data: { publicationId: 'p1', oldPrice: 3_000, newPrice: 3_500 },
      }),
      // as the runner hands it over: brought to the current schema by its upcaster (checked below)
      at('booking-r1', { type: 'BookingRequested', data: { ...v2, listing: null } }),
      at('publication-p1', {
        type: 'PublicationEdited',
        data: { publicationId: 'p1', details: { ...details, title: 'Студия у моря, новая' } },
      }),
    ]);
    const expected = {
      id: 'p1',
      title: 'Студия у моря',
      image: '/storage/demo/3.svg',
      fullAddress: 'Сочи, ул. Морская, 1',
      pricePerNight: 3_500,
    };
    expect(upcast('BookingRequested', 2, v2)).toEqual({ ...v2, listing: null });
    const alone = await project([bookingsProjection], old);
    expect((await alone.collection(BOOKING_REQUESTS).findOne({ _id: 'r1' }))!.ad).toEqual(expected);
    // applied again (a crash before the checkpoint): the same
    await project([bookingsProjection], old, alone);
    expect((await alone.collection(BOOKING_REQUESTS).findOne({ _id: 'r1' }))!.ad).toEqual(expected);
  });

  it('rebuilt alone gives what a rebuild of all the read models gives', async () => {
    const { listing: _none, ...v2 } = request;
    const log = storedEvents([
      ...history.map((e) => ({ streamId: e.streamId, event: { type: e.type, data: e.data } as DomainEvent })),
      at('booking-r2', {
        type: 'BookingRequested',
        data: { ...v2, requestId: 'r2', chatId: 'c2', listing: null },
      }),
    ]);
    const bookingsOf = async (store: ReadStore) =>
      Promise.all(
        Object.keys(bookingsProjection.collections).map((name) =>
          store.collection(name).find({}, { sort: { _id: 1 } }),
        ),
      );
    const alone = await project([bookingsProjection], log, new MemoryReadStore());
    const all = await project([catalogueProjection, bookingsProjection], log, new MemoryReadStore());
    expect(await bookingsOf(alone)).toEqual(await bookingsOf(all));
    expect((await alone.collection(BOOKING_REQUESTS).findOne({ _id: 'r2' }))!.ad).toMatchObject({
      title: 'Студия у моря',
      pricePerNight: 3_000,
    });
  });
});
