import { randomUUID } from 'node:crypto';
import { skipped, tcpReachable } from '@estate/events/testing';
import request from 'supertest';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_PHONES } from '../seed';

/**
 * The same end-to-end suite twice: on the embedded adapters, and on the real engines that answer
 * here (MongoDB or its stand-in, Kafka, Redis; the event store stays SQLite unless EVENTSTORE_URL).
 */
const engines = {
  MONGO_URL: process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018',
  KAFKA_BROKERS: process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:19092',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const enginesUp =
  tcpReachable(engines.MONGO_URL) &&
  tcpReachable(`tcp://${engines.KAFKA_BROKERS.split(',')[0]}`) &&
  tcpReachable(engines.REDIS_URL);
if (!enginesUp)
  skipped('publications API on real engines', 'the MongoDB stand-in, Kafka or Redis does not answer');

describe.each([
  ['embedded adapters', {}, true],
  [
    'real engines (MongoDB stand-in, Kafka, Redis)',
    { ...engines, MONGO_DB: `e2e_${randomUUID().slice(0, 8)}` },
    enginesUp,
  ],
])('publications API on %s', (_name, env, run) => {
  let t: TestApp;
  beforeAll(async () => {
    if (run) t = await startTestApp({ env });
  });
  afterAll(async () => {
    if (!run) return;
    for (const name of ['catalogue', 'users', 'sessions', 'agencies', 'projection_checkpoints'])
      await t.ctx.readStore.collection(name).drop();
    await t.close();
  });
  const it = run ? global.it : global.it.skip;

  const login = (phone: string) => signIn(t, phone);

  const draftForm = {
    dealCategory: 'sale',
    propertyType: 1,
    title: '3-комн. квартира, 78 м²',
    description: 'Просторная квартира с видом на парк',
    price: 18_400_000,
    locationId: '1',
    address: { fullAddress: 'Москва, ул. Вавилова, 48' },
    roomCount: 3,
    totalArea: 78,
    floor: 7,
    floorsCount: 16,
  };

  describe('catalogue search (POST /api/publications)', () => {
    it('answers a page in the spec envelope, newest first by default', async () => {
      const res = await request(t.app)
        .post('/api/publications')
        .send({ dealCategory: 'sale', limit: 5 })
        .expect(200);
      expect(res.body.data).toHaveLength(5);
      expect(res.body.meta).toEqual({
        current_page: 1,
        last_page: Math.ceil(res.body.meta.total / 5),
        per_page: 5,
        total: expect.any(Number),
      });
      expect(
        res.body.data.every(
          (p: { dealCategory: string; status: number }) => p.dealCategory === 'sale' && p.status === 1,
        ),
      ).toBe(true);
      const dates = res.body.data.map((p: { publishedAt: string }) => p.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('filters by price range and rooms, sorted by price ascending', async () => {
      const res = await request(t.app)
        .post('/api/publications')
        .send({
          dealCategory: 'rent',
          price: [{ min: 30_000, max: null }],
          roomCount: [1, 2],
          sortByPrice: 'ASC',
          limit: 50,
        })
        .expect(200);
      const prices = res.body.data.map((p: { price: number }) => p.price);
      expect(prices.every((p: number) => p >= 30_000)).toBe(true);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      expect(res.body.data.every((p: { roomCount: number }) => [1, 2].includes(p.roomCount))).toBe(true);
    });

    it('pages without overlap and reports the last page', async () => {
      const first = await request(t.app)
        .post('/api/publications')
        .send({ limit: 7, offset: 1, sortByPrice: 'DESC' })
        .expect(200);
      const second = await request(t.app)
        .post('/api/publications')
        .send({ limit: 7, offset: 2, sortByPrice: 'DESC' })
        .expect(200);
      // the top places repeat on every page; the listings between them do not
      const regular = (page: { body: { data: { id: string; isTop: boolean }[] } }) =>
        page.body.data.filter((p) => !p.isTop);
      const ids = new Set(regular(first).map((p) => p.id));
      expect(regular(second).some((p) => ids.has(p.id))).toBe(false);
      const lastPage = first.body.meta.last_page;
      expect(lastPage).toBe(Math.ceil(first.body.meta.total / 7));
      const last = await request(t.app)
        .post('/api/publications')
        .send({ limit: 7, offset: lastPage, sortByPrice: 'DESC' })
        .expect(200);
      expect(regular(last).length).toBeGreaterThan(0);
      const beyond = await request(t.app)
        .post('/api/publications')
        .send({ limit: 7, offset: lastPage + 1, sortByPrice: 'DESC' })
        .expect(200);
      expect(beyond.body).toMatchObject({
        data: [],
        meta: { current_page: lastPage + 1, last_page: lastPage },
      });
    });

    it('answers errorCode 34 when nothing matches', async () => {
      const res = await request(t.app)
        .post('/api/publications')
        .send({ price: [{ min: 999_999_999_999, max: null }] })
        .expect(404);
      expect(res.body).toEqual({ errorCode: 34, message: 'Объявления не найдены' });
    });

    it('refuses a wrong field type with errorCode 1 and field errors in Russian', async () => {
      const res = await request(t.app)
        .post('/api/publications')
        .send({ limit: 'много', dealCategory: 'barter' })
        .expect(400);
      expect(res.body.errorCode).toBe(1);
      expect(res.body.message).toBe('Некорректные данные');
      expect(Object.keys(res.body.errors).sort()).toEqual(['dealCategory', 'limit']);
      expect(res.body.errors.limit[0]).toMatch(/[а-я]/);
    });

    it('refuses malformed JSON with errorCode 1, never a stack trace', async () => {
      const res = await request(t.app)
        .post('/api/publications')
        .set('Content-Type', 'application/json')
        .send('{"limit": 5,')
        .expect(400);
      expect(res.body.errorCode).toBe(1);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
    });
  });

  describe('listing page (GET /api/publications/:id)', () => {
    it('returns a published listing with its author and agency', async () => {
      const search = await request(t.app).post('/api/publications').send({ limit: 1 }).expect(200);
      const id = search.body.data[0].id;
      const res = await request(t.app).get(`/api/publications/${id}`).expect(200);
      expect(res.body.data).toMatchObject({
        id,
        status: 1,
        author: { id: expect.any(String), name: expect.any(String) },
      });
      // the phone is answered by the reveal call only (product.md: hidden until the first click)
      expect(res.body.data.author).not.toHaveProperty('phone');
      expect(res.body.data.agency.name).toEqual(expect.any(String));
    });

    it('answers 404 in the envelope for an unknown id', async () => {
      const res = await request(t.app).get('/api/publications/nope').expect(404);
      expect(res.body.errorCode).toBe(100);
    });
  });

  describe('the agency cabinet', () => {
    it('creates a draft, shows it only to its agency, publishes it into the catalogue', async () => {
      const agent = await login(DEMO_PHONES.agent);
      const created = await request(t.app)
        .post('/api/cabinet/publications')
        .set('Authorization', `Bearer ${agent}`)
        .send(draftForm)
        .expect(201);
      expect(created.body).toMatchObject({
        status: 2,
        title: draftForm.title,
        price: draftForm.price,
        address: { locationName: 'Москва' },
      });
      const id = created.body.id;

      await request(t.app).get(`/api/publications/${id}`).expect(404); // a draft is not public

      const drafts = await request(t.app)
        .get('/api/cabinet/publications')
        .query({ filter: JSON.stringify({ status: 2 }), range: '[0,99]' })
        .set('Authorization', `Bearer ${agent}`)
        .expect(200);
      expect(drafts.body.map((p: { id: string }) => p.id)).toContain(id);
      expect(drafts.headers['content-range']).toMatch(/^publications 0-\d+\/\d+$/);

      const strangerOwner = await login('79990000002');
      await request(t.app)
        .post(`/api/cabinet/publications/${id}/publish`)
        .set('Authorization', `Bearer ${strangerOwner}`)
        .expect(403);
      await request(t.app)
        .get(`/api/cabinet/publications/${id}`)
        .set('Authorization', `Bearer ${strangerOwner}`)
        .expect(403);

      const published = await request(t.app)
        .post(`/api/cabinet/publications/${id}/publish`)
        .set('Authorization', `Bearer ${agent}`)
        .expect(200);
      expect(published.body.data.status).toBe(1);
      const visible = await request(t.app).get(`/api/publications/${id}`).expect(200);
      expect(visible.body.data.title).toBe(draftForm.title);
    });

    it('records the old price when an edit changes it', async () => {
      const owner = await login(DEMO_PHONES.owner);
      const created = await request(t.app)
        .post('/api/cabinet/publications')
        .set('Authorization', `Bearer ${owner}`)
        .send(draftForm)
        .expect(201);
      const edited = await request(t.app)
        .put(`/api/cabinet/publications/${created.body.id}`)
        .set('Authorization', `Bearer ${owner}`)
        .send({ ...created.body, locationId: '1', price: 17_900_000 })
        .expect(200);
      expect(edited.body).toMatchObject({ price: 17_900_000, actualPrice: 18_400_000 });
    });

    it('answers field errors for an invalid form', async () => {
      const owner = await login(DEMO_PHONES.owner);
      const res = await request(t.app)
        .post('/api/cabinet/publications')
        .set('Authorization', `Bearer ${owner}`)
        .send({ ...draftForm, price: -5, address: { fullAddress: '' }, locationId: 'atlantis' })
        .expect(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['address.fullAddress', 'locationId', 'price']);
    });

    it('lists only the agent’s own publications to an agent, and the whole agency to its owner', async () => {
      const agent = await login(DEMO_PHONES.agent);
      const owner = await login(DEMO_PHONES.owner);
      const mine = await request(t.app)
        .get('/api/cabinet/publications?range=[0,499]')
        .set('Authorization', `Bearer ${agent}`)
        .expect(200);
      const all = await request(t.app)
        .get('/api/cabinet/publications?range=[0,499]')
        .set('Authorization', `Bearer ${owner}`)
        .expect(200);
      expect(mine.body.every((p: { author: { id: string } }) => p.author.id === 'demo-agent-11')).toBe(true);
      expect(all.body.length).toBeGreaterThan(mine.body.length);
      expect(all.body.every((p: { agency: { id: string } }) => p.agency.id === 'demo-agency-1')).toBe(true);
    });

    it('requires a session (401) and a staff role (403)', async () => {
      await request(t.app).get('/api/cabinet/publications').expect(401);
      await request(t.app).get('/api/cabinet/publications').set('Authorization', 'Bearer forged').expect(401);
      const user = await login(DEMO_PHONES.user);
      const res = await request(t.app)
        .get('/api/cabinet/publications')
        .set('Authorization', `Bearer ${user}`)
        .expect(403);
      expect(res.body).toEqual({ errorCode: 102, message: 'Недостаточно прав для этого действия' });
    });

    it('stops accepting a token after logout', async () => {
      const token = await login(DEMO_PHONES.owner);
      const profile = () => request(t.app).get('/api/profile').set('Authorization', `Bearer ${token}`);
      expect((await profile()).status).toBe(200);
      await request(t.app).post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
      const after = await profile();
      expect([after.status, after.body.errorCode]).toEqual([401, 101]);
    });

    it('accepts the auth-token cookie as the web sends it', async () => {
      const token = await login(DEMO_PHONES.user);
      const res = await request(t.app).get('/api/profile').set('Cookie', `auth-token=${token}`).expect(200);
      expect(res.body.data).toMatchObject({ role: 3, phone: DEMO_PHONES.user });
    });
  });

  describe('the API skeleton', () => {
    it('answers health', async () => {
      const res = await request(t.app).get('/api/health').expect(200);
      expect(res.body.data.status).toBe('ok');
    });

    it('answers an unknown API route with a JSON 404', async () => {
      const res = await request(t.app).get('/api/nothing-here').expect(404);
      expect(res.body.errorCode).toBe(105);
    });

    it('serves an OpenAPI document generated from the schemas', async () => {
      const res = await request(t.app).get('/api/openapi.json').expect(200);
      expect(res.body.openapi).toBe('3.1.0');
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining(['/api/publications', '/api/cabinet/publications']),
      );
      expect(JSON.stringify(res.body.paths['/api/publications'])).toContain('dealCategory');
    });

    it('returns a request id on every answer', async () => {
      const res = await request(t.app).get('/api/health').set('X-Request-Id', 'req-123').expect(200);
      expect(res.headers['x-request-id']).toBe('req-123');
    });
  });
});
