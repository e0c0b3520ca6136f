import type { DomainEvent, EventOf, MatchedListing } from '@estate/events';
import { project, storedEvents } from '../projectionSpec';
import { SAVED_SEARCHES, savedSearchesProjection, type SavedSearchDocument } from './projection';

const userId = 'u1';
const stream = 'saved-searches-u1';
const listing: MatchedListing = {
  title: 'Квартира',
  price: 100,
  oldPrice: null,
  dealCategory: 'sale',
  address: 'Москва',
};
const match = (
  publicationId: string,
  matches: { searchId: string; kind: 'new' | 'price-drop' }[],
): EventOf<'SavedSearchMatched'> => ({
  type: 'SavedSearchMatched',
  data: {
    userId,
    publicationId,
    listing,
    matches,
    instant: { email: true, sms: false, searchIds: ['s1'] },
    day: '2026-01-01',
  },
});
const events: DomainEvent[] = [
  {
    type: 'SavedSearchCreated',
    data: {
      userId,
      searchId: 's1',
      name: 'Сразу',
      filters: { dealCategory: 'sale' },
      alerts: { frequency: 'instant', email: true, sms: false },
    },
  },
  {
    type: 'SavedSearchCreated',
    data: {
      userId,
      searchId: 's2',
      name: 'Раз в день',
      filters: { dealCategory: 'sale', locationId: '1' },
      alerts: { frequency: 'daily', email: true, sms: false },
    },
  },
  match('p1', [
    { searchId: 's1', kind: 'new' },
    { searchId: 's2', kind: 'new' },
  ]),
  { type: 'SavedSearchVisited', data: { userId, searchId: 's1' } },
  match('p2', [{ searchId: 's1', kind: 'new' }]),
  match('p1', [{ searchId: 's1', kind: 'price-drop' }]),
  { type: 'SavedSearchRenamed', data: { userId, searchId: 's2', name: 'Двушки' } },
];
const history = storedEvents(events.map((event) => ({ streamId: stream, event })));

const docs = async (store: Awaited<ReturnType<typeof project>>) =>
  new Map(
    (await store.collection<SavedSearchDocument>(SAVED_SEARCHES).find({})).map((d) => [d._id, d] as const),
  );

describe('saved searches read model', () => {
  it('Given saves, matches and a visit / Then each search with its new listings since the visit', async () => {
    const found = await docs(await project([savedSearchesProjection], history));
    expect(found.get('s1')).toMatchObject({
      name: 'Сразу',
      newCount: 1, // p2 after the visit; the price drop of p1 is not a new listing
      matchedCount: 2,
      pending: 0, // instant: no digest
      lastVisitAt: history[3].occurredAt,
      since: 1,
    });
    expect(found.get('s2')).toMatchObject({ name: 'Двушки', newCount: 1, pending: 1, deleted: false });
  });

  it('applies each event once, however often it comes', async () => {
    const twice = await docs(await project([savedSearchesProjection], [...history, ...history]));
    expect(twice).toEqual(await docs(await project([savedSearchesProjection], history)));
  });

  it('a digest empties what waited; a deletion stays a tombstone', async () => {
    const after: DomainEvent[] = [
      ...events,
      {
        type: 'SavedSearchDigestSent',
        data: {
          userId,
          period: 'daily',
          periodKey: '2026-01-01',
          items: [],
          total: 1,
          searchIds: ['s2'],
          email: true,
          sms: false,
          day: '2026-01-01',
        },
      },
      { type: 'SavedSearchDeleted', data: { userId, searchId: 's1' } },
    ];
    const more = storedEvents(after.map((event) => ({ streamId: stream, event })));
    const found = await docs(await project([savedSearchesProjection], [...more, ...more]));
    expect(found.get('s2')).toMatchObject({ pending: 0 });
    expect(found.get('s1')).toMatchObject({ deleted: true });
  });
});
