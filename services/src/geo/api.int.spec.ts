import request from 'supertest';
import { createAgency } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { NoAddressSuggestions } from './addresses';
import { addressSuggestionsAnswer, coordinatesAnswer, nearestStationsAnswer } from './dto';
import { registerSiteUser } from '../../test/users';

/**
 * The address and metro calls through the real app. Every answer is checked against its declared
 * schema by the app under test (core/route.ts) and again here. Each test speaks from its own address
 * (the app trusts the loopback proxy's X-Forwarded-For), so the per-IP limit is tested alone.
 */
const LIMIT = 6;
let t: TestApp;
/** an agent of an agency: the one who writes a listing's address */
let agent: string;
let lastIp = 0;
const newIp = () => `203.0.113.${++lastIp}`;

beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { ADDRESS_LIMIT_PER_IP: String(LIMIT) } });
  const agency = await createAgency(t.ctx, 'geo', '71');
  agent = await signIn(t, agency.agentPhone);
});
afterAll(() => t.close());

const suggest = (query: Record<string, string>, ip = newIp(), token = agent) =>
  request(t.app)
    .get('/api/address-suggestions')
    .query(query)
    .set('X-Forwarded-For', ip)
    .set('Authorization', `Bearer ${token}`);
const coordinates = (body: object, ip = newIp(), token = agent) =>
  request(t.app)
    .post('/api/coordinates')
    .send(body)
    .set('X-Forwarded-For', ip)
    .set('Authorization', `Bearer ${token}`);
const nearest = (query: Record<string, string>) => request(t.app).get('/api/metro/nearest').query(query);
const values = (body: { data: { value: string }[] }) => body.data.map((s) => s.value);

describe('who may ask', () => {
  it("an agency's staff: an anonymous caller is 401, a plain user 403 (each call spends the provider's quota)", async () => {
    await request(t.app).get('/api/address-suggestions').query({ query: 'Покровка' }).expect(401);
    await request(t.app).post('/api/coordinates').send({ address: 'Москва, ул Покровка, 1' }).expect(401);
    await registerSiteUser(t.ctx, { userId: 'geo-user', name: 'Ольга', phone: '79161230071' });
    const user = await signIn(t, '79161230071');
    expect((await suggest({ query: 'Покровка' }, newIp(), user).expect(403)).body.errorCode).toBe(102);
    await coordinates({ address: 'Москва, ул Покровка, 1' }, newIp(), user).expect(403);
  });
});

describe('GET /api/address-suggestions', () => {
  it("answers DaData's suggestions of the place's city: value and data { city, settlement, geo_lat, geo_lon }", async () => {
    const { body } = await suggest({ query: 'Покровка 1', locationId: '1', count: '3' }).expect(200);
    expect(addressSuggestionsAnswer.parse(body)).toEqual(body);
    expect(body.data).toHaveLength(3);
    expect(body.data[0]).toEqual({
      value: 'г Москва, ул Покровка, д 1',
      data: { city: 'Москва', settlement: null, geo_lat: expect.any(String), geo_lon: expect.any(String) },
    });
  });

  it('looks in the city of a district, in the region of a region, anywhere without a place', async () => {
    const inDistrict = await suggest({ query: 'Тверская', locationId: '201' }).expect(200);
    expect(values(inDistrict.body)).toContain('г Москва, ул Тверская');
    const inRegion = await suggest({ query: 'Ленина', locationId: '104' }).expect(200);
    expect(new Set(inRegion.body.data.map((s: { data: { city: string } }) => s.data.city))).toEqual(
      new Set(['Екатеринбург']),
    );
    for (const locationId of ['', 'null']) {
      const anywhere = await suggest({ query: 'Ленина', locationId, count: '20' }).expect(200);
      expect(
        new Set(anywhere.body.data.map((s: { data: { city: string } }) => s.data.city)).size,
      ).toBeGreaterThan(1);
    }
  });

  it('gives 10 suggestions unless asked for another count, up to 20', async () => {
    expect((await suggest({ query: 'ул' }).expect(200)).body.data).toEqual([]);
    expect((await suggest({ query: 'Ленина 1' }).expect(200)).body.data).toHaveLength(10);
    expect((await suggest({ query: 'Ленина 1', count: '20' }).expect(200)).body.data.length).toBeGreaterThan(
      10,
    );
  });

  it.each([
    ['no query', {}, 'query', 'Введите адрес'],
    ['an empty query', { query: '   ' }, 'query', 'Введите адрес'],
    ['a query over 200 characters', { query: 'а'.repeat(201) }, 'query', 'Не больше 200 символов'],
    ['a count of 0', { query: 'Покровка', count: '0' }, 'count', 'Не меньше 1'],
    ['a count over 20', { query: 'Покровка', count: '21' }, 'count', 'Не больше 20'],
    ['a count that is no number', { query: 'Покровка', count: 'десять' }, 'count', 'Укажите число'],
    [
      'a malformed place',
      { query: 'Покровка', locationId: 'Москва' },
      'locationId',
      'Идентификатор места — число',
    ],
    ['an unknown place', { query: 'Покровка', locationId: '999999' }, 'locationId', 'Такого места нет'],
  ])('refuses %s with errorCode 1 and a Russian field message', async (_case, query, field, message) => {
    const { body } = await suggest(query).expect(400);
    expect(body).toEqual({ errorCode: 1, message: 'Некорректные данные', errors: { [field]: [message] } });
  });

  it(`answers 429 in the spec's envelope after ${LIMIT} calls a minute from one IP; refused input is not counted; other IPs go on`, async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) await suggest({ query: '' }, ip).expect(400);
    await suggest({ query: 'Покровка', locationId: '999999' }, ip).expect(400);
    for (let i = 0; i < LIMIT - 1; i++) await suggest({ query: 'Покровка' }, ip).expect(200);
    await coordinates({ address: 'Москва, ул Покровка, 10' }, ip).expect(200);
    const refused = await suggest({ query: 'Покровка' }, ip).expect(429);
    expect(refused.body).toEqual({
      errorCode: 108,
      message: 'Превышен лимит запросов, пожалуйста попробуйте позже.',
      errors: { retryAfter: [expect.stringMatching(/^\d+$/)] },
    });
    await coordinates({ address: 'Москва, ул Покровка, 10' }, ip).expect(429);
    await suggest({ query: 'Покровка' }).expect(200);
  });
});

describe('POST /api/coordinates', () => {
  it('answers the point of an address of the gazetteer', async () => {
    const { body } = await coordinates({ address: 'Москва, ул. Покровка, 10' }).expect(200);
    expect(coordinatesAnswer.parse(body)).toEqual(body);
    expect(body.data.lat).toBeCloseTo(55.76, 2);
    expect(body.data.lon).toBeCloseTo(37.65, 1);
  });

  it("answers 404 'Адрес не найден' for nonsense", async () => {
    const { body } = await coordinates({ address: 'щщщзззххх 12' }).expect(404);
    expect(body).toEqual({ errorCode: 100, message: 'Адрес не найден' });
  });

  it('refuses a missing, empty or too long address with errorCode 1', async () => {
    for (const [payload, message] of [
      [{}, 'Введите адрес'],
      [{ address: '  ' }, 'Введите адрес'],
      [{ address: 'а'.repeat(301) }, 'Не больше 300 символов'],
    ] as const) {
      const { body } = await coordinates(payload).expect(400);
      expect(body).toEqual({ errorCode: 1, message: 'Некорректные данные', errors: { address: [message] } });
    }
  });
});

describe('GET /api/metro/nearest', () => {
  const BY_KITAY_GOROD = { lat: '55.7548', lon: '37.6352' };

  it('answers the nearest stations of the point in the place’s city, nearest first', async () => {
    for (const locationId of ['1', '201']) {
      const { body } = await nearest({ ...BY_KITAY_GOROD, locationId }).expect(200);
      expect(nearestStationsAnswer.parse(body)).toEqual(body);
      expect(body.data).toHaveLength(3);
      expect(body.data[0]).toMatchObject({ name: 'Китай-город', pedestrian_time: true });
    }
    const { body } = await nearest({ ...BY_KITAY_GOROD, locationId: '1', count: '10' }).expect(200);
    expect(body.data).toHaveLength(10);
  });

  it('answers none in a city without a metro', async () => {
    const { body } = await nearest({ lat: '43.5855', lon: '39.7231', locationId: '7' }).expect(200);
    expect(body).toEqual({ data: [] });
  });

  it.each([
    ['no latitude', { lon: '37.6', locationId: '1' }, 'lat'],
    ['an empty latitude', { lat: '', lon: '37.6', locationId: '1' }, 'lat'],
    ['a latitude beyond 90', { lat: '91', lon: '37.6', locationId: '1' }, 'lat'],
    ['a longitude that is no number', { lat: '55.7', lon: 'восток', locationId: '1' }, 'lon'],
    ['no place', { lat: '55.7', lon: '37.6' }, 'locationId'],
    ['an unknown place', { lat: '55.7', lon: '37.6', locationId: '999999' }, 'locationId'],
    ['a count over 10', { lat: '55.7', lon: '37.6', locationId: '1', count: '11' }, 'count'],
  ])('refuses %s with errorCode 1 naming the field', async (_case, query, field) => {
    const { body } = await nearest(query).expect(400);
    expect(body).toMatchObject({ errorCode: 1, errors: { [field]: [expect.any(String)] } });
  });
});

describe('the calls in the API document', () => {
  it('are declared under the tag Адреса', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    expect(body.paths['/api/address-suggestions'].get.tags).toEqual(['Адреса']);
    expect(body.paths['/api/coordinates'].post.tags).toEqual(['Адреса']);
    expect(body.paths['/api/metro/nearest'].get.tags).toEqual(['Адреса']);
    expect(Object.keys(body.paths['/api/address-suggestions'].get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '429', '503']),
    );
  });
});

describe('without an address provider (production without DADATA_API_KEY)', () => {
  let off: TestApp;
  let staff: string;
  beforeAll(async () => {
    off = await startTestApp({ seed: false, overrides: { addresses: new NoAddressSuggestions() } });
    staff = await signIn(off, (await createAgency(off.ctx, 'off', '72')).agentPhone);
  });
  afterAll(() => off.close());

  it('answers 503 in the spec’s envelope, never a 500 or a stack; the metro still answers', async () => {
    const expected = { errorCode: 114, message: 'Сервис подсказок адресов недоступен. Попробуйте позже.' };
    const a = await request(off.app)
      .get('/api/address-suggestions')
      .query({ query: 'Покровка' })
      .set('Authorization', `Bearer ${staff}`)
      .expect(503);
    expect(a.body).toEqual(expected);
    const b = await request(off.app)
      .post('/api/coordinates')
      .send({ address: 'Москва, Покровка 10' })
      .set('Authorization', `Bearer ${staff}`)
      .expect(503);
    expect(b.body).toEqual(expected);
    await request(off.app)
      .get('/api/metro/nearest')
      .query({ lat: '55.7548', lon: '37.6352', locationId: '1' })
      .expect(200);
  });
});

describe('with DaData configured but unreachable', () => {
  let down: TestApp;
  let staff: string;
  beforeAll(async () => {
    down = await startTestApp({
      seed: false,
      env: { DADATA_API_KEY: 'unreachable-key', DADATA_URL: 'http://127.0.0.1:9' },
    });
    staff = await signIn(down, (await createAgency(down.ctx, 'down', '73')).agentPhone);
  });
  afterAll(() => down.close());

  it('answers 503 with the Russian message', async () => {
    expect(down.ctx.addresses.name).toBe('dadata');
    const { body } = await request(down.app)
      .get('/api/address-suggestions')
      .query({ query: 'Покровка' })
      .set('Authorization', `Bearer ${staff}`)
      .expect(503);
    expect(body).toEqual({
      errorCode: 114,
      message: 'Сервис подсказок адресов недоступен. Попробуйте позже.',
    });
  });
});
