import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_COMPLEXES } from './demoComplexes';
import { seedResidentialComplexes } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedResidentialComplexes(t.ctx);
});
afterAll(() => t.close());

type Complex = {
  id: string;
  name: string;
  locationId: string;
  class: number;
  stage: number;
  deadline: { year: number };
  wallMaterial: number;
  finish: number;
  parking: number;
  priceFrom: number;
};
const list = (query: Record<string, unknown> = {}) =>
  request(t.app).get('/api/residential-complexes').query(query);
const ids = async (query: Record<string, unknown>) =>
  ((await list(query).expect(200)).body.data as Complex[]).map((c) => c.id);
const all = DEMO_COMPLEXES.map(({ id, details }) => ({ id, ...details }));
const expected = (keep: (c: (typeof all)[number]) => boolean) =>
  all
    .filter(keep)
    .sort((a, b) => a.priceFrom - b.priceFrom)
    .map((c) => c.id);

describe('GET /api/residential-complexes', () => {
  it('answers the first page of 20, cheapest first, in the list envelope', async () => {
    const { body } = await list().expect(200);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 16 });
    expect(body.data.map((c: Complex) => c.id)).toEqual(expected(() => true));
    expect(body.data.find((c: Complex) => c.id === 'demo-rc-02')).toEqual({
      id: 'demo-rc-02',
      name: 'ЖК «Остоженка Резиденс»',
      developer: 'Арбат Эстейт',
      description: expect.any(String),
      locationId: '1',
      locationName: 'Москва',
      address: { fullAddress: 'Москва, ул. Остоженка, 14', geo: { lat: 55.7405, lon: 37.5971 } },
      class: 4,
      className: 'Элит',
      stage: 4,
      stageName: 'Сдан',
      deadline: { year: 2023, quarter: 4 },
      deadlineText: 'Сдан в IV кв. 2023',
      wallMaterial: 8,
      wallMaterialName: 'Монолитно-кирпичный',
      finish: 2,
      finishName: 'Без отделки',
      parking: 2,
      parkingName: 'Подземная',
      floorsCount: 9,
      priceFrom: 96_000_000,
      images: expect.arrayContaining([{ path: expect.stringMatching(/^\/storage\/demo\/\d+\.svg$/) }]),
      updatedAt: expect.any(String),
      listingsCount: expect.any(Number),
    });
  });

  it('pages with limit and offset (a page number from 1); past the end is an empty page', async () => {
    const first = await list({ limit: 5, offset: 1 }).expect(200);
    const fourth = await list({ limit: 5, offset: 4 }).expect(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 4, per_page: 5, total: 16 });
    expect(fourth.body.data.map((c: Complex) => c.id)).toEqual(expected(() => true).slice(15));
    expect((await list({ limit: 5, offset: 5 }).expect(200)).body.data).toEqual([]);
  });

  it('filters by city, and by a region through its cities', async () => {
    expect(await ids({ cityId: '1' })).toEqual(expected((c) => c.address.locationId === '1'));
    expect(await ids({ locationId: '101' })).toEqual(['demo-rc-08']);
    expect(await ids({ locationId: '102' })).toEqual(['demo-rc-09']);
    expect(await ids({ locationId: 'null' })).toHaveLength(16);
    expect(await ids({ cityId: '10' })).toEqual([]);
  });

  it('filters by class and stage, one value or several', async () => {
    expect(await ids({ class: 4 })).toEqual(expected((c) => c.class === 4));
    expect(await ids({ class: ['1', '2'] })).toEqual(expected((c) => c.class <= 2));
    expect(await ids({ 'class[]': ['3', '4'] })).toEqual(expected((c) => c.class >= 3));
    expect(await ids({ stage: '1,4' })).toEqual(expected((c) => c.stage === 1 || c.stage === 4));
  });

  it('filters by deadline: handed over by the end of the year', async () => {
    expect(await ids({ deadline: 2024 })).toEqual(expected((c) => c.deadline.year <= 2024));
    expect(await ids({ deadline: 2025 })).toEqual(expected((c) => c.deadline.year <= 2025));
  });

  it('filters by wall material, finish and parking, all together', async () => {
    expect(await ids({ wallMaterial: 7 })).toEqual(expected((c) => c.wallMaterial === 7));
    expect(await ids({ finish: 2 })).toEqual(expected((c) => c.finish === 2));
    expect(await ids({ parking: 3 })).toEqual(expected((c) => c.parking === 3));
    expect(await ids({ cityId: '1', class: 2, finish: 1, parking: 2 })).toEqual(['demo-rc-01']);
  });

  it('refuses bad filter values with Russian field errors', async () => {
    const { body } = await list({
      class: 5,
      stage: 'строится',
      deadline: 'скоро',
      wallMaterial: 14,
      finish: 3,
      parking: 0,
      offset: 0,
      limit: 500,
    }).expect(400);
    expect(body).toMatchObject({ errorCode: 1, message: 'Некорректные данные' });
    expect(body.errors).toEqual({
      'class.0': ['Класс: 1 Эконом, 2 Комфорт, 3 Бизнес, 4 Элит'],
      'stage.0': ['Стадия: 1 Планируется, 2 Строится, 3 Сдача, 4 Сдан'],
      deadline: ['Год сдачи — число'],
      'wallMaterial.0': ['Материал стен: число от 1 до 13'],
      'finish.0': ['Отделка: 1 С отделкой, 2 Без отделки'],
      'parking.0': ['Парковка: 1 Наземная, 2 Подземная, 3 Нет'],
      offset: ['Страницы считаются с 1'],
      limit: ['Не больше 100'],
    });
  });

  it('refuses an unknown or malformed location', async () => {
    expect((await list({ cityId: '9999' }).expect(400)).body.errors).toEqual({
      cityId: ['Нет такого места'],
    });
    expect((await list({ locationId: 'Москва' }).expect(400)).body.errors).toEqual({
      locationId: ['Идентификатор места — число или null'],
    });
  });
});

/** the complex's listings as its page finds them: the catalogue search with residentialComplexId */
async function listingsOf(complexId: string, filters: Record<string, unknown> = {}) {
  const { body } = await request(t.app)
    .post('/api/publications')
    .send({ dealCategory: 'new-buildings', limit: 100, residentialComplexId: complexId, ...filters });
  return (body.data ?? []) as { price: number; id: string }[];
}

describe('the listings side of the list: counts, rooms and price', () => {
  it('tells each complex its number of listings, as the catalogue search with residentialComplexId finds them', async () => {
    const { body } = await list({ limit: 100 }).expect(200);
    let withListings = 0;
    for (const c of body.data as (Complex & { listingsCount: number })[]) {
      expect(c.listingsCount).toBe((await listingsOf(c.id)).length);
      if (c.listingsCount > 0) withListings++;
    }
    expect(withListings).toBeGreaterThan(0);
  });

  it('keeps the complexes with a flat of these rooms and price, and counts those flats only', async () => {
    const rooms = [1, 2];
    const { body } = await list({ roomCount: '1,2', priceMax: 30_000_000, limit: 100 }).expect(200);
    const expectedIds: string[] = [];
    for (const { id } of all) {
      const flats = await listingsOf(id, { roomCount: rooms, price: [{ min: null, max: 30_000_000 }] });
      if (flats.length) expectedIds.push(id);
    }
    expect(expectedIds.length).toBeGreaterThan(0);
    expect(expectedIds.length).toBeLessThan(all.length);
    expect((body.data as Complex[]).map((c) => c.id).sort()).toEqual(expectedIds.sort());
    expect(body.meta.total).toBe(expectedIds.length);
    for (const c of body.data as (Complex & { listingsCount: number })[]) {
      expect(c.listingsCount).toBe(
        (await listingsOf(c.id, { roomCount: rooms, price: [{ min: null, max: 30_000_000 }] })).length,
      );
    }
    // together with a complex's own filter
    const moscow = await ids({ roomCount: ['1', '2'], priceMax: 30_000_000, cityId: '1' });
    expect(moscow.every((id) => all.find((c) => c.id === id)!.address.locationId === '1')).toBe(true);
    // nothing costs less than a rouble
    expect((await list({ priceMax: 0 }).expect(200)).body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('refuses bad rooms and prices with Russian field errors', async () => {
    const { body } = await list({ roomCount: '5', priceMin: 'дёшево' }).expect(400);
    expect(body.errors).toEqual({
      'roomCount.0': ['Комнат: 1, 2, 3 или 4 (4 и больше)'],
      priceMin: ['Цена — число'],
    });
    expect((await list({ priceMin: 10, priceMax: 5 }).expect(400)).body.errors).toEqual({
      priceMin: ['Цена «от» больше цены «до»'],
    });
  });
});

describe('the option lists, the cities and one complex', () => {
  it('for-filters: every option list with Russian names', async () => {
    const { body } = await request(t.app).get('/api/residential-complexes/for-filters').expect(200);
    expect(body.data.classes).toEqual([
      { id: 1, name: 'Эконом' },
      { id: 2, name: 'Комфорт' },
      { id: 3, name: 'Бизнес' },
      { id: 4, name: 'Элит' },
    ]);
    expect(body.data.stages.map((s: { name: string }) => s.name)).toEqual([
      'Планируется',
      'Строится',
      'Сдача',
      'Сдан',
    ]);
    expect(body.data.wallMaterials).toHaveLength(13);
    expect(body.data.wallMaterials[0]).toEqual({ id: 1, name: 'Газобетонный блок' });
    expect(body.data.finish).toEqual([
      { id: 1, name: 'С отделкой' },
      { id: 2, name: 'Без отделки' },
    ]);
    expect(body.data.parking).toEqual([
      { id: 1, name: 'Наземная' },
      { id: 2, name: 'Подземная' },
      { id: 3, name: 'Нет' },
    ]);
    expect(body.data.deadlines.map((d: { id: number }) => d.id)).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(body.data.deadlines[0]).toEqual({ id: 2024, name: 'До конца 2024 года' });
  });

  it('cities-for-filter: the places that have complexes, with counts', async () => {
    const { body } = await request(t.app).get('/api/residential-complexes/cities-for-filter').expect(200);
    expect(body.data[0]).toMatchObject({ id: '1', name: 'Москва', type: 1, complexesCount: 4 });
    expect(body.data.map((c: { id: string }) => c.id).sort()).toEqual([
      '1',
      '11',
      '18',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(body.data.find((c: { id: string }) => c.id === '10')).toBeUndefined();
  });

  it('one complex by id; 404 for an unknown id, errorCode 1 for a malformed one', async () => {
    expect(
      (await request(t.app).get('/api/residential-complexes/demo-rc-14').expect(200)).body.data,
    ).toMatchObject({
      name: 'ЖК «Морской бриз»',
      locationName: 'Сочи',
      className: 'Бизнес',
      stageName: 'Сдача',
      deadlineText: 'I кв. 2025',
    });
    expect((await request(t.app).get('/api/residential-complexes/nope').expect(404)).body).toEqual({
      errorCode: 100,
      message: 'Жилой комплекс не найден',
    });
    expect((await request(t.app).get('/api/residential-complexes/ж%20к').expect(400)).body).toMatchObject({
      errorCode: 1,
      errors: { id: ['Некорректный идентификатор жилого комплекса'] },
    });
  });
});

describe('the demo complexes', () => {
  it('are seeded once: a second run changes nothing', async () => {
    const before = await t.ctx.eventStore.readStream('residential-complex-demo-rc-01');
    expect(await seedResidentialComplexes(t.ctx)).toEqual({ created: false, complexes: 0 });
    expect(await t.ctx.eventStore.readStream('residential-complex-demo-rc-01')).toEqual(before);
    expect(before.map((e) => e.type)).toEqual(['ResidentialComplexRegistered']);
  });
});
