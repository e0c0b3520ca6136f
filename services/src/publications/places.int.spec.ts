import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { findLocation } from '../locations';

/** Listings in any place of the locations tree: cities, districts, settlements — found by the places above them. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const { agent, agentPhone } = await createAgency(t.ctx, 'pl', '21');
  // neighbours for the searches: a listing in Sochi itself and one in Krasnodar, published long ago
  await createPublication(t.ctx, agent, { id: 'sochi', city: '7', price: 9_000_000, publishedDaysAgo: 20 });
  await createPublication(t.ctx, agent, {
    id: 'krasnodar',
    city: '8',
    price: 9_100_000,
    publishedDaysAgo: 20,
  });
  await createPublication(t.ctx, agent, { id: 'moscow', city: '1', price: 20_000_000, publishedDaysAgo: 20 });
  token = await signIn(t, agentPhone);
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const form = (locationId: unknown, title = 'Дом у подъёмника', price = 9_500_000) => ({
  dealCategory: 'sale',
  propertyType: 2,
  title,
  price,
  locationId,
  // the point the cabinet's suggestion gives: the place's centre
  address: {
    fullAddress: 'ул. Защитников Кавказа, 77',
    geo: typeof locationId === 'string' ? findLocation(locationId)?.centre : undefined,
  },
  totalArea: 120,
});
const create = (body: object, status = 201) =>
  request(t.app)
    .post('/api/cabinet/publications')
    .set('Authorization', `Bearer ${token}`)
    .send(body)
    .expect(status);
/** created, published and past the 3-day premium window, so every visitor's search sees it */
async function published(locationId: string, title?: string, price?: number) {
  const { body } = await create(form(locationId, title, price));
  await request(t.app)
    .post(`/api/cabinet/publications/${body.id}/publish`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  t.clock.advance(3 * DAY + 60_000);
  return body as { id: string; locationId: string; address: { locationId: string; locationName: string } };
}
const found = async (body: object) => {
  const res = await request(t.app)
    .post('/api/publications')
    .send({ limit: 50, ...body });
  return res.status === 404 ? [] : (res.body.data as { id: string }[]).map((p) => p.id).sort();
};
const counted = async (body: object) =>
  (await request(t.app).post('/api/publications/count').send(body).expect(200)).body.data
    .publicationCount as number;

describe('a listing in a settlement of a city district', () => {
  let id: string;
  beforeAll(async () => {
    // Красная Поляна (309) lies in Адлерский район (272) of Сочи (7), Краснодарский край (107)
    const publication = await published('309');
    id = publication.id;
  });

  it('takes its place and its name from the locations tree', async () => {
    const { body } = await request(t.app).get(`/api/publications/${id}`).expect(200);
    expect(body.data).toMatchObject({
      locationId: '309',
      address: {
        locationId: '309',
        locationName: 'Красная Поляна',
        fullAddress: 'ул. Защитников Кавказа, 77',
      },
    });
  });

  it('is found by itself, its district, its city and its region, and not by another city', async () => {
    expect(await found({ locationId: '309' })).toEqual([id]);
    expect(await found({ locationId: '272' })).toEqual([id]);
    expect(await found({ locationId: '7' })).toEqual([id, 'sochi'].sort());
    expect(await found({ cityId: '7' })).toEqual([id, 'sochi'].sort());
    expect(await found({ locationId: '107' })).toEqual([id, 'krasnodar', 'sochi'].sort());
    expect(await found({ locationId: '8' })).toEqual(['krasnodar']);
    expect(await found({ locationId: '1' })).toEqual(['moscow']);
  });

  it('is counted the same way', async () => {
    expect(await counted({ locationId: '107' })).toBe(3);
    expect(await counted({ locationId: '7' })).toBe(2);
    expect(await counted({ locationId: '8' })).toBe(1);
  });

  it('is among the newest of its city and region', async () => {
    const ids = async (place: string) =>
      (await request(t.app).get(`/api/publications/last/${place}`).expect(200)).body.data.map(
        (p: { id: string }) => p.id,
      );
    expect(await ids('7')).toContain(id);
    expect(await ids('107')).toContain(id);
    expect(await ids('8')).not.toContain(id);
  });

  it('has the listings of its whole city as similar ones', async () => {
    const { body } = await request(t.app).get(`/api/publications/${id}/similar/sale`).expect(200);
    expect(body.data.map((p: { id: string }) => p.id)).toEqual(['sochi']);
  });

  it('moves with an edit: the new place, its name, and the old city no longer finds it', async () => {
    const { body: current } = await request(t.app)
      .get(`/api/cabinet/publications/${id}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const { body } = await request(t.app)
      .put(`/api/cabinet/publications/${id}`)
      .set('Authorization', `Bearer ${token}`)
      // a new place, and the point of the new address in it
      .send({
        ...current,
        locationId: '310',
        address: { ...current.address, geo: findLocation('310')!.centre },
      })
      .expect(200);
    expect(body.address).toMatchObject({ locationId: '310', locationName: 'Дивноморское' });
    expect(await found({ locationId: '7' })).toEqual(['sochi']);
    expect(await found({ locationId: '107' })).toEqual([id, 'krasnodar', 'sochi'].sort());
  });
});

describe('listings in districts and in settlements of a region', () => {
  it('a city district: found by its city', async () => {
    const { id, address } = await published('201', 'Квартира у Кремля', 25_000_000);
    expect(address.locationName).toBe('Центральный административный округ');
    expect(await found({ locationId: '1' })).toEqual([id, 'moscow'].sort());
    expect(await found({ locationId: '201' })).toEqual([id]);
    expect(await found({ locationId: '202' })).toEqual([]);
  });

  it('a settlement right under a region: found by the region, not by the capital next to it', async () => {
    const { id, address } = await published('302', 'Дом в Томилино', 12_000_000);
    expect(address).toMatchObject({ locationId: '302', locationName: 'Томилино' });
    expect(await found({ locationId: '101' })).toEqual([id]);
    expect(await found({ locationId: '1' })).not.toContain(id);
  });

  it('a town of a region that is not a catalogue city', async () => {
    const { id } = await published('11', 'Квартира в Химках', 8_000_000);
    expect(await found({ locationId: '11' })).toEqual([id]);
    expect(await found({ locationId: '101' })).toContain(id);
  });
});

describe('places a listing cannot stand in', () => {
  it.each([
    [
      'a region',
      '101',
      'Объявление размещается в городе, районе или населённом пункте, а не во всём регионе',
    ],
    [
      'all of Russia (null)',
      null,
      'Объявление размещается в городе, районе или населённом пункте, а не во всей России',
    ],
    [
      'all of Russia ("null")',
      'null',
      'Объявление размещается в городе, районе или населённом пункте, а не во всей России',
    ],
    ['an unknown place', '9999', 'Выберите город, район или населённый пункт из списка'],
    ['no place at all', undefined, 'Выберите город, район или населённый пункт из списка'],
  ])('refuses %s with a field error in the envelope', async (_name, locationId, message) => {
    const { body } = await create(form(locationId), 400);
    expect(body).toEqual({ errorCode: 1, message: 'Некорректные данные', errors: { locationId: [message] } });
  });

  it('refuses moving a listing to a region', async () => {
    const { body: created } = await create(form('309', 'Дом в горах'));
    const { body } = await request(t.app)
      .put(`/api/cabinet/publications/${created.id}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ ...created, locationId: '107' })
      .expect(400);
    expect(body.errors).toEqual({
      locationId: ['Объявление размещается в городе, районе или населённом пункте, а не во всём регионе'],
    });
  });
});

describe('promotion prices of a place', () => {
  it('a district or settlement pays its city’s prices; a settlement of a region the common ones', async () => {
    const price = async (place: string) =>
      (await request(t.app).get(`/api/publication-tariffs/${place}/sale`).expect(200)).body.data.map(
        (x: { pricePerDay: number }) => x.pricePerDay,
      );
    expect(await price('201')).toEqual(await price('1'));
    expect(await price('301')).toEqual(await price('1')); // Коммунарка, in a district of Moscow
    expect(await price('201')).not.toEqual(await price('302'));
    expect(await price('302')).toEqual(await price('9'));
  });
});
