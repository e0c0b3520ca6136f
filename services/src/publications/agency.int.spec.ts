import request from 'supertest';
import { createAgency, createAgencyWithListings, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_PHONES } from '../seed';

let t: TestApp;
let ownerToken: string;
let agentToken: string;
let strangerToken: string;
let moderatorToken: string;

beforeAll(async () => {
  t = await startTestApp();
  const mine = await createAgencyWithListings(t.ctx, 'm', '11', [
    { id: 'm-pub', price: 10_000_000, publishedDaysAgo: 10 },
    {
      id: 'm-pub-2',
      price: 11_000_000,
      publishedDaysAgo: 11,
      promoted: 1,
    },
    { id: 'm-draft', price: 9_000_000 },
  ]);
  const other = await createAgency(t.ctx, 'o', '12');
  await createPublication(t.ctx, mine.owner, {
    id: 'm-owner',
    deal: 'rent',
    price: 50_000,
    publishedDaysAgo: 4,
  });
  await createPublication(t.ctx, other.agent, { id: 'o-pub', price: 7_000_000, publishedDaysAgo: 9 });
  ownerToken = await signIn(t, mine.ownerPhone);
  agentToken = await signIn(t, mine.agentPhone);
  strangerToken = await signIn(t, other.ownerPhone);
  moderatorToken = await signIn(t, DEMO_PHONES.moderator);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const list = (token: string, query = '') =>
  as(token, request(t.app).get(`/api/agency/agency-m/publications${query}`));

describe('the agency’s publication lists', () => {
  it('gives the owner every listing of the agency, with statistics fields, newest change first', async () => {
    const res = await list(ownerToken).expect(200);
    expect(res.body.data.map((p: { id: string }) => p.id).sort()).toEqual([
      'm-draft',
      'm-owner',
      'm-pub',
      'm-pub-2',
    ]);
    expect(res.body.data[0]).toMatchObject({
      viewCount: 0,
      viewCountToday: 0,
      favoriteCount: 0,
      viewPhoneCount: 0,
      chatCount: 0,
      isChecked: false,
    });
    expect(res.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 4 });
  });

  it('gives an agent their own listings only', async () => {
    const res = await list(agentToken).expect(200);
    expect(res.body.data.map((p: { id: string }) => p.id).sort()).toEqual(['m-draft', 'm-pub', 'm-pub-2']);
  });

  it('filters by status, deal category, payment status, and pages', async () => {
    expect(
      (await list(ownerToken, '?status=2').expect(200)).body.data.map((p: { id: string }) => p.id),
    ).toEqual(['m-draft']);
    expect(
      (await list(ownerToken, '?dealCategory=rent').expect(200)).body.data.map((p: { id: string }) => p.id),
    ).toEqual(['m-owner']);
    expect(
      (await list(ownerToken, '?dealCategory=allAds&status=1&paymentStatus=1').expect(200)).body.data.map(
        (p: { id: string }) => p.id,
      ),
    ).toEqual(['m-pub-2']);
    expect((await list(ownerToken, '?paymentStatus=2&status=1').expect(200)).body.meta.total).toBe(2);
    const page2 = await list(ownerToken, '?limit=3&offset=2').expect(200);
    expect(page2.body.data).toHaveLength(1);
    expect((await list(ownerToken, '?status=9').expect(400)).body.errorCode).toBe(1);
  });

  it('counts per status, 1 to 5 in order', async () => {
    const res = await as(ownerToken, request(t.app).get('/api/agency/agency-m/publications/count')).expect(
      200,
    );
    expect(res.body).toEqual({
      data: [
        { status: 1, count: 3 },
        { status: 2, count: 1 },
        { status: 3, count: 0 },
        { status: 4, count: 0 },
        { status: 5, count: 0 },
      ],
      total: 4,
    });
    const sale = await as(
      ownerToken,
      request(t.app).get('/api/agency/agency-m/publications/count?dealCategory=sale'),
    ).expect(200);
    expect(sale.body.total).toBe(3);
  });

  it('is refused (403) for another agency and (401) without a session', async () => {
    expect((await list(strangerToken).expect(403)).body).toMatchObject({ errorCode: 102 });
    await request(t.app).get('/api/agency/agency-m/publications').expect(401);
    await as(strangerToken, request(t.app).get('/api/agency/agency-m/publications/m-pub')).expect(403);
    await as(
      strangerToken,
      request(t.app).patch('/api/agency/agency-m/publications/change-status?status=3&publicationIds[]=m-pub'),
    ).expect(403);
    await as(
      strangerToken,
      request(t.app).delete('/api/agency/agency-m/publications?publicationIds[]=m-pub'),
    ).expect(403);
  });
});

describe('changing many at once', () => {
  it('answers each id: changed, refused for its status, unknown, or another agency’s', async () => {
    const res = await as(
      ownerToken,
      request(t.app).patch(
        '/api/agency/agency-m/publications/change-status?status=3&publicationIds[]=m-pub&publicationIds[]=m-draft&publicationIds[]=nope',
      ),
    ).expect(200);
    expect(res.body.data).toEqual([
      { id: 'm-pub', success: true, status: 3 },
      {
        id: 'm-draft',
        success: false,
        errorCode: 104,
        message: 'Скрыть можно только опубликованное объявление',
      },
      { id: 'nope', success: false, errorCode: 100, message: 'Объявление не найдено' },
    ]);
    // an id of another agency inside my own agency's call is refused for that id alone
    const mixed = await as(
      ownerToken,
      request(t.app)
        .patch('/api/agency/agency-m/publications/change-status')
        .send({ status: 1, publicationIds: ['m-pub', 'o-pub'] }),
    ).expect(200);
    expect(mixed.body.data).toEqual([
      { id: 'm-pub', success: true, status: 1 },
      { id: 'o-pub', success: false, errorCode: 102, message: 'Недостаточно прав для этого действия' },
    ]);
    expect(
      (
        await as(
          ownerToken,
          request(t.app).patch(
            '/api/agency/agency-m/publications/change-status?status=4&publicationIds[]=m-pub',
          ),
        ).expect(400)
      ).body.errors,
    ).toEqual({ status: ['Допустимые статусы: 1, 2, 3'] });
  });

  it('moves to drafts and deletes; a deleted listing leaves the lists and the catalogue', async () => {
    await as(
      ownerToken,
      request(t.app).patch(
        '/api/agency/agency-m/publications/change-status?status=2&publicationIds[]=m-owner',
      ),
    ).expect(200);
    const deleted = await as(
      agentToken,
      request(t.app).delete(
        '/api/agency/agency-m/publications?publicationIds[]=m-draft&publicationIds[]=m-owner',
      ),
    ).expect(200);
    // the agent may delete their own draft, not the owner's listing
    expect(deleted.body.data).toEqual([
      { id: 'm-draft', success: true, deleted: true },
      { id: 'm-owner', success: false, errorCode: 102, message: 'Недостаточно прав для этого действия' },
    ]);
    expect((await list(ownerToken).expect(200)).body.data.map((p: { id: string }) => p.id)).not.toContain(
      'm-draft',
    );
    await as(ownerToken, request(t.app).get('/api/agency/agency-m/publications/m-draft')).expect(404);
    const again = await as(
      ownerToken,
      request(t.app).delete('/api/agency/agency-m/publications?publicationIds[]=m-draft'),
    ).expect(200);
    expect(again.body.data).toEqual([{ id: 'm-draft', success: true, deleted: true }]);
  });
});

describe('create, read, edit', () => {
  const form = {
    dealCategory: 'sale',
    propertyType: 1,
    title: 'Двушка у парка',
    price: 9_900_000,
    locationId: '1',
    address: { fullAddress: 'Москва, ул. Парковая, 5', geo: { lat: 55.7963, lon: 37.7986 } },
    roomCount: 2,
  };

  it('creates a draft, reads it, edits the price into the history once published', async () => {
    const created = await as(
      agentToken,
      request(t.app).post('/api/agency/agency-m/publications').send(form),
    ).expect(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ status: 2, title: 'Двушка у парка' });
    await as(
      agentToken,
      request(t.app).patch(`/api/agency/agency-m/publications/change-status?status=1&publicationIds[]=${id}`),
    ).expect(200);
    const edited = await as(
      ownerToken,
      request(t.app)
        .patch(`/api/agency/agency-m/publications/${id}`)
        .send({ ...form, price: 9_500_000 }),
    ).expect(200);
    expect(edited.body.data).toMatchObject({ price: 9_500_000, actualPrice: 9_900_000 });
    const history = await request(t.app).get(`/api/publications/${id}/price-history`).expect(200);
    expect(
      history.body.data.map((h: { price: number; priceDiff: number }) => [h.price, h.priceDiff]),
    ).toEqual([
      [9_500_000, -400_000],
      [9_900_000, 0],
    ]);
    expect(
      (await as(ownerToken, request(t.app).get(`/api/agency/agency-m/publications/${id}`)).expect(200)).body
        .data.status,
    ).toBe(1);
    expect(
      (
        await as(
          ownerToken,
          request(t.app)
            .patch(`/api/agency/agency-m/publications/${id}`)
            .send({ ...form, title: '' }),
        ).expect(400)
      ).body.errors,
    ).toHaveProperty('title');
  });
});

describe('moderation', () => {
  it('a moderator declines with a reason the agency sees; nobody else may', async () => {
    await as(
      ownerToken,
      request(t.app).post('/api/moderation/publications/m-pub-2/decline').send({ reason: 'Нет фотографий' }),
    ).expect(403);
    const res = await as(
      moderatorToken,
      request(t.app).post('/api/moderation/publications/m-pub-2/decline').send({ reason: 'Нет фотографий' }),
    ).expect(200);
    expect(res.body.data.status).toBe(4);
    const seen = await as(ownerToken, request(t.app).get('/api/agency/agency-m/publications/m-pub-2')).expect(
      200,
    );
    expect(seen.body.data).toMatchObject({ status: 4, declineReason: 'Нет фотографий', adTariff: null });
    await request(t.app).get('/api/publications/m-pub-2').expect(404);
    expect(
      (
        await as(
          moderatorToken,
          request(t.app).post('/api/moderation/publications/m-pub/decline').send({ reason: '' }),
        ).expect(400)
      ).body.errors,
    ).toEqual({ reason: ['Укажите причину отклонения'] });
  });
});
