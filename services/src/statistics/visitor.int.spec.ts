import { randomBytes, randomUUID } from 'node:crypto';
import { until } from '@estate/events/testing';
import { dailyInteractionStats } from '@estate/projections';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { isBotUserAgent } from './bots';

/**
 * Issue 12, item 6: 200 views made up with fresh browser ids showed in another agency's dashboard.
 * Views and openings now count only for a server-issued visitor id (a signed cookie) or a signed-in
 * user, never for a crawler, within the per-visitor and per-IP limits.
 */
let t: TestApp;
let ownerToken: string;
let userToken: string;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 24 * 3600_000;
const PUBLICATIONS = ['theirs', 'daily', 'flooded', 'crawled', 'marker', 'signed', 'opened'];

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const agency = await createAgency(t.ctx, 'vs', '81');
  const visitor = await createAgency(t.ctx, 'vx', '82');
  for (const id of PUBLICATIONS)
    await createPublication(t.ctx, agency.agent, { id, price: 7_000_000, publishedDaysAgo: 10 });
  await createPublication(t.ctx, agency.agent, { id: 'hidden-draft', price: 7_000_000 });
  ownerToken = await signIn(t, agency.ownerPhone);
  userToken = await signIn(t, visitor.ownerPhone);
});
afterAll(() => t.close());

const today = () => t.clock.now().toISOString().slice(0, 10);
const statsOf = async (id: string, day = today()) =>
  (await dailyInteractionStats(t.ctx.readStore, id, day, day))[0] ?? { view: 0, click: 0 };

/** A browser that ran the site's script: it asked for its visitor id, and its cookie jar keeps it. */
async function visitor(options: { userAgent?: string | null; ip?: string } = {}) {
  const agent = request.agent(t.app);
  if (options.userAgent !== null) agent.set('User-Agent', options.userAgent ?? CHROME);
  if (options.ip) agent.set('X-Forwarded-For', options.ip);
  await agent.post('/api/visitor').expect(200);
  return agent;
}

/**
 * Every interaction published before the marker's view has been through the statistics consumer
 * once the marker's view is counted (one topic, read in order).
 */
let markerViews = 0;
async function settled() {
  const marker = await visitor({ ip: `198.51.100.${++markerViews}` });
  await marker
    .post('/api/publications/add-views')
    .send({ publicationIds: ['marker'] })
    .expect(200);
  const allViews = async () =>
    (await dailyInteractionStats(t.ctx.readStore, 'marker', '2000-01-01', '2999-12-31')).reduce(
      (sum, d) => sum + d.view,
      0,
    );
  await until(async () => (await allViews()) >= markerViews);
}

describe('the visitor id', () => {
  it('is issued by the server in an HttpOnly, SameSite=Lax cookie for a year, and kept on the next call', async () => {
    const agent = request.agent(t.app).set('User-Agent', CHROME);
    const first = await agent.post('/api/visitor').expect(200);
    expect(first.body.data).toEqual({ issued: true });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^visitor=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBe(365 * 24 * 3600);
    expect(cookie).not.toMatch(/Secure/); // only in production
    expect((await agent.post('/api/visitor').expect(200)).body.data).toEqual({ issued: false });
  });
});

describe('counting views and openings', () => {
  it('200 made-up browser ids count nothing, and another agency’s dashboard does not move', async () => {
    const dashboard = async () =>
      (
        await request(t.app)
          .get('/api/publications-statistic?interval=7&publicationId=theirs')
          .set('Authorization', `Bearer ${ownerToken}`)
          .expect(200)
      ).body.data;
    const before = await dashboard();
    const forgedCookie = () =>
      `visitor=${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    await Promise.all(
      Array.from({ length: 200 }, (_, n) => {
        const call = request(t.app)
          .post('/api/publications/add-views')
          .set('User-Agent', CHROME)
          .send({ publicationIds: ['theirs'], uuid: randomUUID() });
        return (n % 2 ? call.set('Cookie', forgedCookie()) : call).expect(200);
      }),
    );
    for (let n = 0; n < 50; n++)
      await request(t.app)
        .get('/api/publications/theirs')
        .set('User-Agent', CHROME)
        .set('fingerprint', randomUUID())
        .expect(200);
    await settled();
    expect(await statsOf('theirs')).toMatchObject({ view: 0, click: 0 });
    expect(await dashboard()).toEqual(before);
  });

  it('a real visitor counts once a day: views and openings', async () => {
    const browser = await visitor({ ip: '203.0.113.10' });
    for (let n = 0; n < 3; n++) {
      await browser
        .post('/api/publications/add-views')
        .send({ publicationIds: ['daily', 'daily', 'hidden-draft'] })
        .expect(200);
      await browser.get('/api/publications/daily').expect(200);
    }
    await settled();
    expect(await statsOf('daily')).toMatchObject({ view: 1, click: 1 });
    expect(await statsOf('hidden-draft')).toMatchObject({ view: 0 });
    t.clock.advance(DAY);
    await browser
      .post('/api/publications/add-views')
      .send({ publicationIds: ['daily'] })
      .expect(200);
    await browser.get('/api/publications/daily').expect(200);
    await settled();
    expect(await statsOf('daily')).toMatchObject({ view: 1, click: 1 });
  });

  it('a call without the id gets one and counts nothing; the next call counts', async () => {
    const browser = request.agent(t.app).set('User-Agent', CHROME).set('X-Forwarded-For', '203.0.113.11');
    const first = await browser
      .post('/api/publications/add-views')
      .send({ publicationIds: ['signed'] })
      .expect(200);
    expect(String(first.headers['set-cookie'])).toMatch(/^visitor=/);
    await settled();
    expect((await statsOf('signed')).view).toBe(0);
    await browser
      .post('/api/publications/add-views')
      .send({ publicationIds: ['signed'] })
      .expect(200);
    await settled();
    expect((await statsOf('signed')).view).toBe(1);
  });

  it('a signed-in user counts without a visitor id', async () => {
    await request(t.app)
      .post('/api/publications/add-views')
      .set('User-Agent', CHROME)
      .set('Authorization', `Bearer ${userToken}`)
      .send({ publicationIds: ['signed'] })
      .expect(200);
    await settled();
    expect((await statsOf('signed')).view).toBe(2);
  });

  it('the limits cap a flood from one IP: one listing counts 10 views a day from one address, whatever the number of visitor ids', async () => {
    const flood = await Promise.all(Array.from({ length: 25 }, () => visitor({ ip: '192.0.2.66' })));
    for (const browser of flood) {
      await browser
        .post('/api/publications/add-views')
        .send({ publicationIds: ['flooded'] })
        .expect(200);
      await browser.get('/api/publications/flooded').expect(200);
    }
    const elsewhere = await visitor({ ip: '192.0.2.67' });
    await elsewhere
      .post('/api/publications/add-views')
      .send({ publicationIds: ['flooded'] })
      .expect(200);
    await settled();
    expect(await statsOf('flooded')).toMatchObject({ view: 11, click: 10 });
  });

  it('crawlers, headless browsers, tools and requests without a user agent count nothing, even with a visitor id', async () => {
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32.3',
      null,
    ];
    for (const [n, userAgent] of agents.entries()) {
      const bot = await visitor({ userAgent, ip: `203.0.113.${100 + n}` });
      await bot
        .post('/api/publications/add-views')
        .send({ publicationIds: ['crawled'] })
        .expect(200);
      await bot.get('/api/publications/crawled').expect(200);
    }
    await settled();
    expect(await statsOf('crawled')).toMatchObject({ view: 0, click: 0 });
  });

  it('the recently opened list belongs to the visitor id; a fingerprint header alone has none', async () => {
    const browser = await visitor({ ip: '203.0.113.12' });
    await browser.get('/api/publications/opened').expect(200);
    await settled();
    await until(
      async () => (await browser.get('/api/clicked-publications').expect(200)).body.data.length === 1,
    );
    expect(
      (await browser.get('/api/clicked-publications').expect(200)).body.data.map((p: { id: string }) => p.id),
    ).toEqual(['opened']);
    expect(
      (
        await request(t.app)
          .get('/api/clicked-publications')
          .set('fingerprint', 'browser-0123456789')
          .expect(200)
      ).body.data,
    ).toEqual([]);
  });
});

describe('the crawler list', () => {
  it('knows crawlers and tools from real browsers', () => {
    for (const bot of [
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)',
      'facebookexternalhit/1.1',
      'TelegramBot (like TwitterBot)',
      'Wget/1.21',
      'Go-http-client/2.0',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      '',
    ]) {
      expect({ bot, isBot: isBotUserAgent(bot) }).toEqual({ bot, isBot: true });
    }
    for (const browser of [
      CHROME,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.6.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 13; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 YandexSearch/24.60 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 12; CUBOT NOTE 20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
    ]) {
      expect({ browser, isBot: isBotUserAgent(browser) }).toEqual({ browser, isBot: false });
    }
  });
});
