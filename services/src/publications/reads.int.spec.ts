import { until } from '@estate/events/testing';
import { dailyInteractionStats, INTERACTIONS_TOPIC } from '@estate/projections';
import request from 'supertest';
import { createAgency, createAgencyWithListings } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { handleUser } from '../identity';

let t: TestApp;
let ownerToken: string;
let userToken: string;
const FINGERPRINT = 'browser-0123456789';

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const agency = await createAgencyWithListings(t.ctx, 'r', '21', [
    { id: 'flat', price: 10_000_000, rooms: 2, publishedDaysAgo: 10 },
    { id: 'near', price: 11_000_000, rooms: 2, publishedDaysAgo: 12 },
    { id: 'far-price', price: 30_000_000, rooms: 2, publishedDaysAgo: 12 },
    { id: 'spb', city: '2', price: 10_000_000, rooms: 2, publishedDaysAgo: 12 },
    { id: 'fresh', price: 10_500_000, rooms: 2, publishedDaysAgo: 1 },
    { id: 'draft', price: 10_000_000 },
    { id: 'in-complex', price: 12_000_000, complex: 'rc-9', publishedDaysAgo: 6 },
  ]);
  const visitor = await createAgency(t.ctx, 'v', '22');
  ownerToken = await signIn(t, agency.ownerPhone);
  userToken = await signIn(t, visitor.agentPhone);
});
afterAll(() => t.close());

const ids = (res: request.Response) => res.body.data.map((p: { id: string }) => p.id);

describe('one listing', () => {
  it('opens a published listing; a draft only for its agency’s staff, and never with isActive=1', async () => {
    const open = async (path: string, token?: string) => {
      const call = request(t.app).get(path);
      return (await (token ? call.set('Authorization', `Bearer ${token}`) : call)).status;
    };
    expect(await open('/api/publications/flat?isActive=1')).toBe(200);
    expect(await open('/api/publications/draft')).toBe(404);
    expect(await open('/api/publications/draft', userToken)).toBe(404);
    expect(await open('/api/publications/draft', ownerToken)).toBe(200);
    expect(await open('/api/publications/draft?isActive=1', ownerToken)).toBe(404);
    expect(await open('/api/publications/flat?isActive=maybe')).toBe(400);
  });

  it('counts an opening once per browser and day, and lists it among the browser’s recently opened', async () => {
    // a browser that ran the site's script holds a server-issued visitor id (statistics/visitor.ts); a made-up fingerprint counts nothing
    const browser = request
      .agent(t.app)
      .set(
        'User-Agent',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      );
    await browser.post('/api/visitor').expect(200);
    for (let i = 0; i < 3; i++)
      await browser.get('/api/publications/flat').set('fingerprint', FINGERPRINT).expect(200);
    await browser.get('/api/publications/near').expect(200);
    const today = t.clock.now().toISOString().slice(0, 10);
    await until(
      async () => (await dailyInteractionStats(t.ctx.readStore, 'near', today, today))[0]?.click === 1,
    );
    expect((await dailyInteractionStats(t.ctx.readStore, 'flat', today, today))[0].click).toBe(1);
    const opened = await browser.get('/api/clicked-publications?limit=10&offset=1').expect(200);
    expect(ids(opened).sort()).toEqual(['flat', 'near']);
    expect((await request(t.app).get('/api/clicked-publications').expect(200)).body.data).toEqual([]);
  });

  it('counts a phone reveal once per viewer and day', async () => {
    const first = await request(t.app)
      .post('/api/publications/flat/phone-view')
      .set('fingerprint', FINGERPRINT)
      .expect(200);
    expect(first.body.data.phone).toMatch(/^7\d{10}$/);
    await request(t.app)
      .post('/api/publications/flat/phone-view')
      .set('fingerprint', FINGERPRINT)
      .expect(200);
    await request(t.app).post('/api/publications/draft/phone-view').expect(404);
    const today = t.clock.now().toISOString().slice(0, 10);
    await until(
      async () => (await dailyInteractionStats(t.ctx.readStore, 'flat', today, today))[0]?.phone === 1,
    );
  });

  it('puts no caller’s address on the bus with a phone reveal, only its keyed hash', async () => {
    const seen: unknown[] = [];
    const subscription = await t.ctx.bus.subscribe('test-reveals', INTERACTIONS_TOPIC, (batch) => {
      for (const message of batch) seen.push(message.value);
    });
    try {
      await request(t.app).post('/api/publications/flat/phone-view').set('X-Forwarded-For', '203.0.113.7');
      await request(t.app).post('/api/publications/flat/phone-view').expect(200);
      await until(() => seen.some((v) => (v as { kind?: string }).kind === 'phone'));
      const reveals = seen.filter((v) => (v as { kind?: string }).kind === 'phone');
      for (const reveal of reveals) {
        expect(JSON.stringify(reveal)).not.toMatch(/\d+\.\d+\.\d+\.\d+|::ffff|127\.0\.0\.1|::1/);
        expect(reveal).toMatchObject({ viewer: expect.stringMatching(/^ip:[\w-]{22}$/) });
      }
    } finally {
      await subscription.stop();
    }
  });

  it('gives the price history, newest first', async () => {
    const res = await request(t.app).get('/api/publications/flat/price-history').expect(200);
    expect(res.body.data).toEqual([{ createdAt: expect.any(String), price: 10_000_000, priceDiff: 0 }]);
    await request(t.app).get('/api/publications/draft/price-history').expect(404);
  });
});

describe('lists around a listing', () => {
  it('similar: the same deal and city, a close price, not itself, not in the premium window', async () => {
    expect(ids(await request(t.app).get('/api/publications/flat/similar/sale').expect(200))).toEqual([
      'near',
      'in-complex',
    ]);
    expect(ids(await request(t.app).get('/api/publications/flat/similar/rent').expect(200))).toEqual([]);
    await request(t.app).get('/api/publications/flat/similar/barter').expect(400);
  });

  it('by ids, in the order asked, published ones only', async () => {
    expect(
      ids(await request(t.app).get('/api/publications-by-ids?ids[]=spb&ids[]=draft&ids[]=flat').expect(200)),
    ).toEqual(['spb', 'flat']);
    expect(ids(await request(t.app).get('/api/publications-by-ids?ids=near,flat').expect(200))).toEqual([
      'near',
      'flat',
    ]);
    await request(t.app).get('/api/publications-by-ids').expect(400);
  });

  it('the newest of a city, or of all Russia', async () => {
    expect(ids(await request(t.app).get('/api/publications/last/2').expect(200))).toEqual(['spb']);
    expect(ids(await request(t.app).get('/api/publications/last/null?limit=2').expect(200))).toEqual([
      'in-complex',
      'flat',
    ]);
  });

  it('the premium window: counted for everyone, listed for subscribers', async () => {
    const anonymous = await request(t.app).get('/api/premium-publications?locationId=1').expect(200);
    expect(anonymous.body).toMatchObject({ data: [], meta: { total: 1, requiresPremium: true } });
    const result = await handleUser(t.ctx.eventStore, 'agent-v', {
      type: 'ExtendPremium',
      days: 30,
      now: t.clock.now(),
    });
    await t.ctx.projections.whenCaughtUp(result.position);
    const premium = await request(t.app)
      .get('/api/premium-publications?locationId=1&sortByDate=ASC')
      .set('Authorization', `Bearer ${userToken}`)
      .expect(200);
    expect(ids(premium)).toEqual(['fresh']);
    expect(premium.body.meta.requiresPremium).toBe(false);
    const profile = await request(t.app)
      .get('/api/profile')
      .set('Authorization', `Bearer ${userToken}`)
      .expect(200);
    expect(profile.body.data).toMatchObject({ status: 'Премиум', premiumPeriod: expect.any(String) });
  });

  it('a residential complex’s listings', async () => {
    const res = await request(t.app).get('/api/residential-complexes/rc-9/publications').expect(200);
    expect(ids(res)).toEqual(['in-complex']);
    expect(res.body.meta.total).toBe(1);
  });
});

describe('favourites', () => {
  const auth = (r: request.Test) => r.set('Authorization', `Bearer ${userToken}`);

  it('asks a guest to sign in', async () => {
    expect((await request(t.app).post('/api/favorite-publications/flat').expect(401)).body.errorCode).toBe(
      101,
    );
    await request(t.app).get('/api/favorite-publications').expect(401);
  });

  it('adds once, lists newest first, counts in the agency list, removes by repeated adIds[]', async () => {
    await auth(request(t.app).post('/api/favorite-publications/flat')).expect(200);
    t.clock.advance(1000);
    await auth(request(t.app).post('/api/favorite-publications/near')).expect(200);
    await auth(request(t.app).post('/api/favorite-publications/near')).expect(200);
    await auth(request(t.app).post('/api/favorite-publications/draft')).expect(404);
    const listed = await auth(request(t.app).get('/api/favorite-publications?limit=100&offset=1')).expect(
      200,
    );
    expect(ids(listed)).toEqual(['near', 'flat']);
    expect(listed.body.data[0]).toMatchObject({ isActive: true });
    const agencyList = await request(t.app)
      .get('/api/agency/agency-r/publications?status=1')
      .set('Authorization', `Bearer ${ownerToken}`)
      .expect(200);
    expect(agencyList.body.data.find((p: { id: string }) => p.id === 'near').favoriteCount).toBe(1);
    const today = t.clock.now().toISOString().slice(0, 10);
    await until(
      async () => (await dailyInteractionStats(t.ctx.readStore, 'near', today, today))[0]?.favorite === 1,
    );

    await auth(
      request(t.app).delete('/api/favorite-publications?adIds[]=near&adIds[]=flat&adIds[]=unknown'),
    ).expect(200);
    expect((await auth(request(t.app).get('/api/favorite-publications')).expect(200)).body).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
    expect((await auth(request(t.app).delete('/api/favorite-publications')).expect(400)).body.errors).toEqual(
      { adIds: ['Укажите объявления'] },
    );
  });
});
