import { residentialComplexDetails } from '@estate/events/fixtures';
import { appliedOnceAndTwice, project, storedEvents } from '../projectionSpec';
import { RESIDENTIAL_COMPLEXES } from './document';
import { residentialComplexProjection } from './projection';
import { searchResidentialComplexes } from './queries';

const details = residentialComplexDetails();
const handedOver = { ...details, stage: 4, deadline: { year: 2025, quarter: 4 }, priceFrom: 12_400_000 };
const spb = {
  ...details,
  name: 'ЖК «Невская набережная»',
  class: 3,
  priceFrom: 13_400_000,
  address: { ...details.address, locationId: '2', locationName: 'Санкт-Петербург' },
};

const history = storedEvents([
  {
    streamId: 'residential-complex-c1',
    event: { type: 'ResidentialComplexRegistered', data: { complexId: 'c1', details } },
  },
  {
    streamId: 'residential-complex-c2',
    event: { type: 'ResidentialComplexRegistered', data: { complexId: 'c2', details: spb } },
  },
  {
    streamId: 'residential-complex-c1',
    event: { type: 'ResidentialComplexUpdated', data: { complexId: 'c1', details: handedOver } },
  },
]);
const projections = [residentialComplexProjection];

describe('residential complex projection', () => {
  it('given a registration, then a document with flat filter fields', async () => {
    const store = await project(projections, history.slice(0, 1));
    expect(await store.collection(RESIDENTIAL_COMPLEXES).findOne({ _id: 'c1' })).toEqual({
      _id: 'c1',
      revision: 0,
      name: 'ЖК «Северный парк»',
      developer: 'ГК «Столица Девелопмент»',
      description: 'Квартал у парка',
      locationId: '1',
      locationName: 'Москва',
      address: { fullAddress: 'Москва, Дмитровское шоссе, 107', geo: { lat: 55.88, lon: 37.55 } },
      class: 2,
      stage: 2,
      deadline: { year: 2026, quarter: 2 },
      deadlineYear: 2026,
      wallMaterial: 7,
      finish: 1,
      parking: 2,
      floorsCount: 25,
      priceFrom: 11_900_000,
      images: [{ path: '/storage/demo/11.svg' }],
      createdAt: history[0].occurredAt,
      updatedAt: history[0].occurredAt,
    });
  });

  it('given an update, then the new description at the new revision', async () => {
    const store = await project(projections, history);
    expect(await store.collection(RESIDENTIAL_COMPLEXES).findOne({ _id: 'c1' })).toMatchObject({
      revision: 1,
      stage: 4,
      deadlineYear: 2025,
      priceFrom: 12_400_000,
      createdAt: history[0].occurredAt,
      updatedAt: history[2].occurredAt,
    });
  });

  it('changes nothing when the same events are applied again', async () => {
    const { once, twice } = await appliedOnceAndTwice(projections, history, [RESIDENTIAL_COMPLEXES]);
    expect(twice).toEqual(once);
  });

  it('ignores an older event that arrives after a newer one was applied', async () => {
    const store = await project(projections, history);
    await residentialComplexProjection.apply(history[0], store);
    expect(await store.collection(RESIDENTIAL_COMPLEXES).findOne({ _id: 'c1' })).toMatchObject({
      revision: 1,
      stage: 4,
      priceFrom: 12_400_000,
    });
  });

  it('is found by its filters, cheapest first', async () => {
    const store = await project(projections, history);
    const ids = async (q: Parameters<typeof searchResidentialComplexes>[1]) =>
      (await searchResidentialComplexes(store, q, 1, 20)).items.map((d) => d._id);
    expect(await ids({})).toEqual(['c1', 'c2']);
    expect(await ids({ locationIds: ['2'] })).toEqual(['c2']);
    expect(await ids({ classes: [2], stages: [4] })).toEqual(['c1']);
    expect(await ids({ deadlineUpTo: 2025 })).toEqual(['c1']);
    expect(await ids({ parking: [3] })).toEqual([]);
  });
});
