import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/testApp';
import { locationByIpAnswer, placeSuggestionsAnswer } from './dto';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path);
const names = (items: { name: string }[]) => items.map((l) => l.name);

describe('GET /api/locations', () => {
  it('without text: the listing cities in data, the quick choice in mainCities and secondCities', async () => {
    const { body } = await get('/api/locations').expect(200);
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toEqual({
      id: '1',
      name: 'Москва',
      fullName: 'Москва',
      type: 1,
      priority: 100,
      kladrCode: '7700000000000',
      parentLocation: null,
      geo: { lat: 55.751244, lon: 37.618423 },
    });
    expect(names(body.mainCities)).toEqual([
      'Вся Россия',
      'Москва',
      'Московская область',
      'Санкт-Петербург',
      'Ленинградская область',
    ]);
    expect(body.mainCities[0]).toMatchObject({ id: null, kladrCode: '7700000000000' });
    expect(names(body.secondCities)).toContain('Новосибирск');
    expect(body.secondCities.every((l: { type: number }) => l.type === 1)).toBe(true);
    expect(names(body.secondCities)).not.toContain('Москва');
  });

  it('treats blank text as no text', async () => {
    const { body } = await get('/api/locations?search=%20%20').expect(200);
    expect(body.mainCities).toHaveLength(5);
  });

  it('finds by the start of a name first, then inside it, whatever the case', async () => {
    const { body } = await get('/api/locations').query({ search: 'мос' }).expect(200);
    expect(names(body.data).slice(0, 2)).toEqual(['Москва', 'Московская область']);
    expect(names(body.data)).toContain('Московский район');
    expect(body.mainCities).toBeUndefined();
  });

  it('accepts ?name= as the text', async () => {
    const { body } = await get('/api/locations').query({ name: 'ХИМКИ' }).expect(200);
    expect(body.data).toEqual([
      expect.objectContaining({
        id: '11',
        type: 1,
        parentLocation: '101',
        fullName: 'Химки, Московская область',
      }),
    ]);
    expect((await get('/api/locations').query({ name: 'Атлантида' }).expect(200)).body.data).toEqual([]);
  });

  it('reads ё and е as the same letter, both ways', async () => {
    expect(names((await get('/api/locations').query({ search: 'королев' }).expect(200)).body.data)).toEqual([
      'Королёв',
    ]);
    expect(names((await get('/api/locations').query({ search: 'Щелк' }).expect(200)).body.data)).toEqual([
      'Щёлково',
    ]);
    expect(
      (await get('/api/locations').query({ search: 'новоё девяткино' }).expect(200)).body.data[0],
    ).toMatchObject({ id: '306', type: 4 });
  });

  it('offers Вся Россия by its name and honours the limit', async () => {
    expect((await get('/api/locations').query({ search: 'вся' }).expect(200)).body.data[0]).toMatchObject({
      id: null,
      name: 'Вся Россия',
    });
    expect((await get('/api/locations').query({ search: 'р', limit: 3 }).expect(200)).body.data).toHaveLength(
      3,
    );
  });

  it('refuses a bad limit or an overlong text with field errors', async () => {
    const { body } = await get('/api/locations').query({ search: 'а', limit: 'много' }).expect(400);
    expect(body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { limit: ['Укажите число'] },
    });
    const long = await get('/api/locations')
      .query({ search: 'а'.repeat(101) })
      .expect(400);
    expect(long.body.errors.search).toEqual(['Не больше 100 символов']);
  });
});

describe('GET /api/locations/{id}', () => {
  it('answers a city with its region as parent', async () => {
    const { body } = await get('/api/locations/3').expect(200);
    expect(body.data).toMatchObject({
      id: '3',
      name: 'Новосибирск',
      type: 1,
      parentLocation: '103',
      parent: { id: '103', name: 'Новосибирская область', type: 5, kladrCode: '5400000000000' },
    });
  });

  it('answers districts, settlements and regions', async () => {
    expect((await get('/api/locations/272').expect(200)).body.data).toMatchObject({
      type: 2,
      fullName: 'Сочи, Краснодарский край, Адлерский район',
      parent: { id: '7' },
    });
    expect((await get('/api/locations/309').expect(200)).body.data).toMatchObject({
      type: 3,
      name: 'Красная Поляна',
      parent: { id: '272' },
    });
    expect((await get('/api/locations/101').expect(200)).body.data).toMatchObject({
      type: 5,
      parentLocation: null,
      parent: null,
    });
  });

  it('answers Вся Россия for null', async () => {
    expect((await get('/api/locations/null').expect(200)).body.data).toMatchObject({
      id: null,
      name: 'Вся Россия',
      kladrCode: '7700000000000',
    });
  });

  it('refuses a malformed id and answers 404 for an unknown one', async () => {
    expect((await get('/api/locations/abc').expect(400)).body).toMatchObject({
      errorCode: 1,
      errors: { id: ['Идентификатор места — число или null'] },
    });
    expect((await get('/api/locations/9999').expect(404)).body).toEqual({
      errorCode: 100,
      message: 'Местоположение не найдено',
    });
  });
});

describe('Crimea, settings and the location by IP', () => {
  it('lists Crimea: the republic, its cities and Sevastopol', async () => {
    const { body } = await get('/api/locations/crimea').expect(200);
    // the hand-written places first, then the rest of the shipped dataset's (Керчь, Феодосия…)
    expect(names(body.data).slice(0, 4)).toEqual(['Республика Крым', 'Симферополь', 'Ялта', 'Евпатория']);
    expect(names(body.data)).toEqual(expect.arrayContaining(['Севастополь', 'Керчь', 'Феодосия']));
    expect(body.data.find((l: { name: string }) => l.name === 'Севастополь')).toMatchObject({
      kladrCode: '9200000000000',
      type: 1,
    });
  });

  it('gives the default location and the map centre', async () => {
    const { body } = await get('/api/location-settings').expect(200);
    expect(body.data).toMatchObject({
      defaultLocation: { id: '1', name: 'Москва' },
      allRussia: { id: null },
      mapCenter: { lat: 55.751244, lon: 37.618423 },
    });
  });

  it.each(['127.0.0.1', '192.168.1.10', '::1', '::ffff:10.0.0.3', '95.165.1.1', 'не-адрес'])(
    'answers Москва for %s and never fails',
    async (ip) => {
      const { body } = await get('/api/user-location-by-ip').query({ ip }).expect(200);
      expect(body.data).toMatchObject({ id: '1', name: 'Москва' });
    },
  );

  it('tells what kind of address it saw, and uses the caller’s address without ?ip', async () => {
    expect((await get('/api/user-location-by-ip').query({ ip: '10.1.2.3' })).body.meta).toEqual({
      ip: '10.1.2.3',
      kind: 'private',
      source: 'default',
    });
    expect((await get('/api/user-location-by-ip').query({ ip: '95.165.1.1' })).body.meta.kind).toBe('public');
    expect((await get('/api/user-location-by-ip').query({ ip: 'x' })).body.meta.kind).toBe('invalid');
    const own = await get('/api/user-location-by-ip').expect(200);
    expect(own.body.meta.kind).toBe('private');
  });
});

describe('the visitor’s place by the range table', () => {
  it.each([
    ['192.0.2.5', '1', 'Москва'],
    ['192.0.2.70', '5', 'Казань'],
    ['::ffff:192.0.2.100', '7', 'Сочи'],
    ['198.51.100.10', '101', 'Московская область'],
    ['2001:db8:2::1', '2', 'Санкт-Петербург'],
  ])('places %s in %s (%s), in the declared answer', async (ip, id, name) => {
    const { body } = await get('/api/user-location-by-ip').query({ ip }).expect(200);
    expect(locationByIpAnswer.parse(body)).toEqual(body);
    expect(body.data).toMatchObject({ id, name });
    expect(body.meta).toMatchObject({ kind: 'public', source: 'ip' });
  });

  it('answers the default place for a public address no range holds', async () => {
    const { body } = await get('/api/user-location-by-ip').query({ ip: '203.0.113.9' }).expect(200);
    expect(body.data.name).toBe('Москва');
    expect(body.meta).toEqual({ ip: '203.0.113.9', kind: 'public', source: 'default' });
  });

  it('reads the caller’s address through the trusted proxy when no ?ip is given', async () => {
    const { body } = await get('/api/user-location-by-ip').set('X-Forwarded-For', '192.0.2.20').expect(200);
    expect(body.data.name).toBe('Санкт-Петербург');
  });
});

describe('GET /api/place-suggestions', () => {
  const suggest = (query: Record<string, string | number>) =>
    get('/api/place-suggestions')
      .query(query)
      .set('X-Forwarded-For', `203.0.113.${Math.floor(Math.random() * 200) + 1}`);

  it('offers districts of the chosen city, metro stations and streets, in the declared answer', async () => {
    const district = await suggest({ query: 'адлер', locationId: '7' }).expect(200);
    expect(placeSuggestionsAnswer.parse(district.body)).toEqual(district.body);
    expect(district.body.data[0]).toMatchObject({
      kind: 'location',
      name: 'Адлерский район',
      locationId: '272',
      subtitle: 'район, Сочи',
    });
    const metro = await suggest({ query: 'чистые', locationId: '1' }).expect(200);
    expect(metro.body.data).toContainEqual(
      expect.objectContaining({
        kind: 'metro',
        name: 'Чистые пруды',
        locationId: '1',
        geo: expect.any(Object),
      }),
    );
    const street = await suggest({ query: 'покровка', locationId: '1' }).expect(200);
    expect(street.body.data).toContainEqual(
      expect.objectContaining({ kind: 'street', locationId: '1', searchAddress: 'Покровка' }),
    );
  });

  it('keeps to the chosen place: no Moscow stations in Kazan, everywhere for Вся Россия', async () => {
    const kazan = await suggest({ query: 'к', locationId: '5' }).expect(200);
    expect(
      kazan.body.data.every((s: { locationId: string }) => ['5', '261', '262', '263'].includes(s.locationId)),
    ).toBe(true);
    const all = await suggest({ query: 'Казань', locationId: 'null' }).expect(200);
    expect(all.body.data[0]).toMatchObject({
      kind: 'location',
      locationId: '5',
      subtitle: 'город, Республика Татарстан',
    });
    expect((await suggest({ query: 'сочи' }).expect(200)).body.data[0]).toMatchObject({ locationId: '7' });
  });

  it('honours the limit and answers nothing it does not know', async () => {
    expect((await suggest({ query: 'а', limit: 3 }).expect(200)).body.data).toHaveLength(3);
    expect((await suggest({ query: 'ъъъъ', locationId: '1' }).expect(200)).body.data).toEqual([]);
  });

  it('refuses bad input in the envelope, and an unknown place with 404', async () => {
    expect((await suggest({ query: '  ' }).expect(400)).body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { query: ['Введите текст'] },
    });
    expect((await suggest({ query: 'а', limit: 50, locationId: 'x' }).expect(400)).body.errors).toEqual({
      limit: ['Не больше 20'],
      locationId: ['Идентификатор места — число или null'],
    });
    expect((await get('/api/place-suggestions').expect(400)).body.errorCode).toBe(1);
    expect((await suggest({ query: 'а', locationId: '9999' }).expect(404)).body).toEqual({
      errorCode: 100,
      message: 'Местоположение не найдено',
    });
  });
});
