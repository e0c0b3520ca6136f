import { newEvent, type EventStore, type NewEvent, type PublicationDetails } from '@estate/events';

/**
 * Generated logs of one agency's listings (benchmarks, restarts, rebuilds): the agency and its owner
 * (user u1, agency a1), then each listing's events on `publication-<id>`.
 */
export async function appendListingAgency(store: EventStore): Promise<void> {
  await store.append(
    'user-u1',
    [
      newEvent('UserRegistered', {
        userId: 'u1',
        name: 'Анна Смирнова',
        phone: '79990000011',
        email: null,
        role: 1,
        agencyId: 'a1',
      }),
    ],
    'no-stream',
  );
  await store.append(
    'agency-a1',
    [newEvent('AgencyRegistered', { agencyId: 'a1', name: 'Этажи Плюс', ownerId: 'u1' })],
    'no-stream',
  );
}

/** A listing of the agency created and published, then its price raised by 1,000 when asked. */
export function publishedListing(id: string, details: PublicationDetails, priceRaised: boolean): NewEvent[] {
  const events: NewEvent[] = [
    newEvent('PublicationCreated', { publicationId: id, agencyId: 'a1', authorId: 'u1', details }),
    newEvent('PublicationPublished', { publicationId: id }),
  ];
  if (priceRaised)
    events.push(
      newEvent('PublicationPriceChanged', {
        publicationId: id,
        oldPrice: details.price,
        newPrice: details.price + 1000,
      }),
    );
  return events;
}
