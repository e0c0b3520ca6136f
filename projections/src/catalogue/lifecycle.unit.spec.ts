import type { DomainEvent } from '@estate/events';
import { publicationDetails } from '@estate/events/fixtures';
import { favouriteCount, favouritesProjection, FAVOURITES, listFavourites } from '../favourites/projection';
import { project, storedEvents } from '../projectionSpec';
import { CATALOGUE } from './document';
import { catalogueProjection } from './projection';

const details = publicationDetails({
  title: 'Двушка',
  price: 10_000_000,
  address: { fullAddress: 'Москва, ул. Садовая, 1', geo: { lat: 55.7, lon: 37.6 } },
  params: { roomCount: 2, totalArea: 50, floor: 2, floorsCount: 9 },
  residentialComplexId: 'rc-1',
});
const p = { publicationId: 'p1' };
const on = (event: DomainEvent, occurredAt?: string) => ({ streamId: 'publication-p1', event, occurredAt });
const created = on({ type: 'PublicationCreated', data: { ...p, agencyId: 'ag1', authorId: 'a1', details } });
const projections = [catalogueProjection, favouritesProjection];
const doc = async (events: ReturnType<typeof on>[]) =>
  (await project(projections, storedEvents(events))).collection(CATALOGUE).findOne({ _id: 'p1' });

describe('catalogue projection through the lifecycle', () => {
  it('given a draft with a geo point and a complex, then flat coordinates, the complex and empty history', async () => {
    expect(await doc([created])).toMatchObject({
      status: 2,
      lat: 55.7,
      lon: 37.6,
      residentialComplexId: 'rc-1',
      priceHistory: [],
      promotion: null,
      busyRanges: [],
      declineReason: null,
    });
  });

  it('given a backdated publication, then publishedAt and updatedAt are that date and the history starts at its price', async () => {
    const at = '2026-10-01T09:00:00.000Z';
    expect(
      await doc([created, on({ type: 'PublicationPublished', data: { ...p, publishedAt: at } })]),
    ).toMatchObject({
      status: 1,
      publishedAt: at,
      updatedAt: at,
      priceHistory: [{ createdAt: at, price: 10_000_000 }],
    });
  });

  it('given price moves as a draft and after publication, then only the published ones are history', async () => {
    const events = [
      created,
      on({ type: 'PublicationPriceChanged', data: { ...p, oldPrice: 10_000_000, newPrice: 9_000_000 } }),
      on({ type: 'PublicationPublished', data: p }, '2026-10-02T00:00:00.000Z'),
      on(
        { type: 'PublicationPriceChanged', data: { ...p, oldPrice: 9_000_000, newPrice: 8_500_000 } },
        '2026-10-05T00:00:00.000Z',
      ),
    ];
    expect((await doc(events))!.priceHistory).toEqual([
      { createdAt: '2026-10-02T00:00:00.000Z', price: 9_000_000 },
      { createdAt: '2026-10-05T00:00:00.000Z', price: 8_500_000 },
    ]);
  });

  it('given a promotion, then it is shown; given the archive, then status 3 and no promotion', async () => {
    const promoted = [
      created,
      on({ type: 'PublicationPublished', data: p }),
      on({
        type: 'PublicationPromoted',
        data: { ...p, positionType: 2, tariffId: 't', until: '2026-12-01T00:00:00.000Z' },
      }),
    ];
    expect(await doc(promoted)).toMatchObject({
      promotion: { positionType: 2, until: '2026-12-01T00:00:00.000Z' },
    });
    expect(await doc([...promoted, on({ type: 'PublicationArchived', data: p })])).toMatchObject({
      status: 3,
      promotion: null,
    });
    expect(await doc([...promoted, on({ type: 'PublicationPromotionEnded', data: p })])).toMatchObject({
      status: 1,
      promotion: null,
    });
  });

  it('given a decline, then status 4 with the reason; given the edit back to drafts, then the reason is gone', async () => {
    const declined = [
      created,
      on({ type: 'PublicationPublished', data: p }),
      on({ type: 'PublicationDeclined', data: { ...p, reason: 'Нет фото', moderatorId: 'm' } }),
    ];
    expect(await doc(declined)).toMatchObject({ status: 4, declineReason: 'Нет фото' });
    expect(await doc([...declined, on({ type: 'PublicationMovedToDraft', data: p })])).toMatchObject({
      status: 2,
      declineReason: null,
    });
    expect(
      await doc([
        created,
        on({ type: 'PublicationPublished', data: p }),
        on({ type: 'PublicationDeactivated', data: { ...p, reason: 'x' } }),
      ]),
    ).toMatchObject({ status: 5 });
  });

  it('given a deletion, then no document', async () => {
    expect(await doc([created, on({ type: 'PublicationDeleted', data: p })])).toBeNull();
  });

  it('applies each event once however often it is delivered', async () => {
    const events = storedEvents([
      created,
      on({ type: 'PublicationPublished', data: p }),
      on({ type: 'PublicationPriceChanged', data: { ...p, oldPrice: 10_000_000, newPrice: 9_000_000 } }),
    ]);
    const store = await project(projections, events);
    await project(projections, events, store);
    expect((await store.collection(CATALOGUE).findOne({ _id: 'p1' }))!.priceHistory).toHaveLength(2);
  });
});

describe('favourites projection', () => {
  const fav = (
    type: 'FavouriteAdded' | 'FavouriteRemoved',
    userId: string,
    publicationId: string,
    occurredAt: string,
  ) => ({
    streamId: `favourites-${userId}`,
    event: { type, data: { userId, publicationId } } as DomainEvent,
    occurredAt,
  });

  it('given adds and a removal, then the list newest first and the count per listing, the same after a replay', async () => {
    const events = storedEvents([
      fav('FavouriteAdded', 'u1', 'p1', '2026-10-01T00:00:00.000Z'),
      fav('FavouriteAdded', 'u1', 'p2', '2026-10-02T00:00:00.000Z'),
      fav('FavouriteAdded', 'u2', 'p1', '2026-10-03T00:00:00.000Z'),
      fav('FavouriteRemoved', 'u1', 'p2', '2026-10-04T00:00:00.000Z'),
    ]);
    const store = await project([favouritesProjection], events);
    await project([favouritesProjection], events, store);
    expect((await listFavourites(store, 'u1', 0, 100)).items.map((f) => f.publicationId)).toEqual(['p1']);
    expect(await favouriteCount(store, 'p1')).toBe(2);
    expect(await favouriteCount(store, 'p2')).toBe(0);
    expect(await store.collection(FAVOURITES).countDocuments({})).toBe(2);
  });
});
