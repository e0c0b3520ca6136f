import type { PublicationDetails } from '@estate/events';
import { identityProjection } from '../identity/projection';
import { project, storedEvents } from '../projectionSpec';
import { MemoryReadStore } from '../readStore/memory';
import { CATALOGUE } from './document';
import { catalogueProjection } from './projection';
import { searchCatalogue } from './search';

const details: PublicationDetails = {
  dealCategory: 'rent',
  propertyType: 1,
  title: '1-комн. квартира, 38 м²',
  description: 'У метро',
  price: 55_000,
  address: { locationId: '2', locationName: 'Санкт-Петербург', fullAddress: 'Санкт-Петербург, Невский проспект, 100', geo: { lat: 59.93, lon: 30.36 }, metro: { stations: [{ name: 'Площадь Восстания', time: 5, pedestrian_time: true }] } },
  params: { roomCount: 1, totalArea: 38, livingArea: 18, kitchenArea: 9, floor: 3, floorsCount: 6, buildYear: 1910, deposit: 55_000, clientFee: 50, guestsCount: null },
  images: [{ path: '/storage/demo/1.svg' }],
};

const history = storedEvents([
  { streamId: 'user-a1', event: { type: 'UserRegistered', data: { userId: 'a1', name: 'Анна Смирнова', phone: '79990000011', email: null, role: 1, agencyId: 'ag1' } } },
  { streamId: 'agency-ag1', event: { type: 'AgencyRegistered', data: { agencyId: 'ag1', name: 'Невский квартал', ownerId: 'o1' } } },
  { streamId: 'publication-p1', event: { type: 'PublicationCreated', data: { publicationId: 'p1', agencyId: 'ag1', authorId: 'a1', details } } },
  { streamId: 'publication-p1', event: { type: 'PublicationPublished', data: { publicationId: 'p1' } } },
  { streamId: 'publication-p1', event: { type: 'PublicationEdited', data: { publicationId: 'p1', details: { ...details, price: 52_000 } } } },
  { streamId: 'publication-p1', event: { type: 'PublicationPriceChanged', data: { publicationId: 'p1', oldPrice: 55_000, newPrice: 52_000 } } },
]);
const projections = [identityProjection, catalogueProjection];

describe('catalogue projection', () => {
  it('given a created draft, then a draft document with the author and agency', async () => {
    const store = await project(projections, history.slice(0, 3));
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject({
      _id: 'p1', revision: 0, status: 2, dealCategory: 'rent', price: 55_000, roomCount: 1, locationId: '2', publishedAt: null,
      author: { id: 'a1', name: 'Анна Смирнова', phone: '79990000011', avatar: null },
      agency: { id: 'ag1', name: 'Невский квартал', avatar: null },
    });
  });

  it('given publication and a price change, then a published document with the old price kept', async () => {
    const store = await project(projections, history);
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject({
      status: 1, price: 52_000, actualPrice: 55_000, revision: 3, publishedAt: history[3].occurredAt, updatedAt: history[4].occurredAt,
    });
  });

  it('changes nothing when the same events are applied again', async () => {
    const once = await project(projections, history);
    const twice = await project(projections, history, await project(projections, history));
    expect(await twice.collection(CATALOGUE).find({})).toEqual(await once.collection(CATALOGUE).find({}));
  });

  it('ignores an older event that arrives after a newer one was applied', async () => {
    const store = await project(projections, history);
    await catalogueProjection.apply(history[3], store); // PublicationPublished again, revision 1 < 3
    await catalogueProjection.apply(history[4], store);
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject({ revision: 3, price: 52_000, actualPrice: 55_000 });
  });

  it('is found by the public search only once published', async () => {
    const draft = await project(projections, history.slice(0, 3));
    const page = { sort: { field: 'price' as const, direction: 1 as const }, page: 1, perPage: 20 };
    expect((await searchCatalogue(draft, { dealCategory: 'rent' }, page)).total).toBe(0);
    const published = await project(projections, history, new MemoryReadStore());
    expect((await searchCatalogue(published, { dealCategory: 'rent', priceRanges: [{ max: 52_000 }], roomCounts: [1] }, page)).items.map((d) => d._id)).toEqual(['p1']);
    expect((await searchCatalogue(published, { dealCategory: 'rent', priceRanges: [{ max: 51_999 }] }, page)).total).toBe(0);
  });
});
