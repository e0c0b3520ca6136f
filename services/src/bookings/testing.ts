import type { EventData } from '@estate/events';

/** A guest's request as `BookingRequested` records it, for the specifications: p1 of agency-1 by agent-1, two nights. */
export const bookingRequest = (
  fields: Partial<EventData<'BookingRequested'>> = {},
): EventData<'BookingRequested'> => ({
  requestId: 'r1',
  publicationId: 'p1',
  agencyId: 'agency-1',
  authorId: 'agent-1',
  guest: { userId: 'guest-1', name: 'Ольга', phone: '79991112233', email: 'olga@example.ru' },
  startDate: '2030-01-10',
  endDate: '2030-01-12',
  adultCount: 2,
  childCount: 0,
  nights: 2,
  price: 6_000,
  deposit: null,
  chatId: 'c1',
  guestKeyHash: null,
  listing: {
    title: 'Студия у моря',
    image: '/storage/demo/3.svg',
    fullAddress: 'Сочи, ул. Морская, 1',
    pricePerNight: 3_000,
  },
  ...fields,
});
