import { until } from '@estate/events/testing';
import { funnelOf, moscowDayOf, moscowDayStart, readFunnelState } from '@estate/projections';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { billPromotions, handleWallet } from '../money';
import { funnelAnswer, type FunnelDto, type FunnelPartDto } from './dto';
import { registerSiteUser } from '../../test/users';

/**
 * The exact funnel (issue 19, item 3) against a hand count of interactions made through the API
 * over five Moscow days D0–D4 of the test's clock: the sale listing is promoted from D1 12:00 (paid
 * through the API) and its next day is billed at D2 12:30; the billing at D3 12:30 finds no money
 * and ends the promotion, so D1, D2 and D3 are its promotion days and D0 and D4 are not.
 */
let t: TestApp;
let ownerToken: string;
let agentToken: string;
let otherOwnerToken: string;
let userToken: string;
let price: number;
const AGENCY = 'agency-fn';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 86_400_000;
let D0 = '';
let whileOpen: FunnelDto[] = [];
/** the answers compared before and after their days are closed: the listing's, the owner's and the agent's */
const closedPaths = (): [string, string][] => [
  [ownerToken, `/api/cabinet/funnel?publicationId=fn-sale&from=${dayName(-1)}&to=${dayName(1)}`],
  [agentToken, `/api/cabinet/funnel?publicationId=fn-sale&from=${dayName(0)}&to=${dayName(1)}`],
  [ownerToken, `/api/cabinet/funnel?publicationId=fn-daily&from=${dayName(-1)}&to=${dayName(1)}`],
  [ownerToken, `/api/agency/${AGENCY}/funnel?from=${dayName(-1)}&to=${dayName(1)}`],
  [ownerToken, `/api/agency/${AGENCY}/funnel?from=${dayName(1)}&to=${dayName(1)}`],
  [agentToken, `/api/agency/${AGENCY}/funnel?from=${dayName(-1)}&to=${dayName(1)}`],
];

const dayName = (n: number) =>
  new Date(Date.parse(`${D0}T00:00:00.000Z`) + n * DAY).toISOString().slice(0, 10);
/** moves the app's clock to a Moscow day of the story and a time of it */
function moveTo(n: number, time: string) {
  const [h, m] = time.split(':').map(Number);
  const target = moscowDayStart(dayName(n)) + (h * 60 + m) * 60_000;
  const now = t.clock.now().getTime();
  if (target < now) throw new Error(`the clock is past D${n} ${time}`);
  t.clock.advance(target - now);
}

let ips = 0;
/** a browser that ran the site's script (its visitor id), speaking from an address of its own */
async function browser(userAgent = CHROME, token?: string) {
  const agent = request
    .agent(t.app)
    .set('User-Agent', userAgent)
    .set('X-Forwarded-For', `198.51.100.${++ips}`);
  if (token) agent.set('Authorization', `Bearer ${token}`);
  await agent.post('/api/visitor').expect(200);
  return agent;
}
type Browser = Awaited<ReturnType<typeof browser>>;
const view = (b: Browser, id: string) =>
  b
    .post('/api/publications/add-views')
    .send({ publicationIds: [id] })
    .expect(200);
const open = (b: Browser, id: string) => b.get(`/api/publications/${id}`).expect(200);
const phone = (b: Browser, id: string) => b.post(`/api/publications/${id}/phone-view`).expect(200);

/** every interaction sent so far has been through the statistics consumer: the marker's newest view is folded */
let markers = 0;
async function settled() {
  const marker = await browser();
  await view(marker, 'fn-marker');
  const expected = ++markers;
  // each marker a new viewer: its impressions, from the open days' sets and the closed days' counts
  await until(async () => {
    const figures = await funnelOf(t.ctx.readStore, ['fn-marker'], dayName(-30), dayName(30), {
      publicationId: 'fn-marker',
    });
    return figures.total.counts.impressions >= expected;
  });
  await t.ctx.projections.whenCaughtUp();
}

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  D0 = moscowDayOf(new Date(t.clock.now().getTime() + DAY).toISOString());
  const agency = await createAgency(t.ctx, 'fn', '61');
  const other = await createAgency(t.ctx, 'fo', '62');
  await createPublication(t.ctx, agency.agent, { id: 'fn-sale', price: 9_000_000, publishedDaysAgo: 10 });
  await createPublication(t.ctx, agency.owner, {
    id: 'fn-daily',
    deal: 'dailyRent',
    price: 3_000,
    guests: 4,
    publishedDaysAgo: 10,
  });
  await createPublication(t.ctx, other.agent, { id: 'fn-marker', price: 1_000_000, publishedDaysAgo: 10 });
  await registerSiteUser(t.ctx, { userId: 'fn-user', name: 'Покупатель', phone: '79161230071' });
  await t.ctx.projections.whenCaughtUp();
  ownerToken = await signIn(t, agency.ownerPhone);
  agentToken = await signIn(t, agency.agentPhone);
  otherOwnerToken = await signIn(t, other.ownerPhone);
  userToken = await signIn(t, '79161230071');
  const tariffs = await request(t.app)
    .get('/api/publications/fn-sale/tariffs')
    .set('Authorization', `Bearer ${ownerToken}`)
    .expect(200);
  const tariff = (tariffs.body.data as { id: string; positionType: number; pricePerDay: number }[]).find(
    (x) => x.positionType === 1,
  )!;
  price = tariff.pricePerDay;
  // money for exactly two days
  await handleWallet(t.ctx.eventStore, AGENCY, {
    type: 'Credit',
    agencyId: AGENCY,
    paymentId: 'fn-money',
    sum: 2 * price,
  });

  const a = await browser();
  const b = await browser();
  const c = await browser(CHROME, userToken);
  const d = await browser();
  const bot = await browser('curl/8.5.0');
  const crawler = await browser('Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)');

  // D-1 (today by the wall clock, which dates the events of the log): c books the daily listing
  await view(c, 'fn-daily');
  await open(c, 'fn-daily');
  await c
    .post('/api/booking/daily-rent/fn-daily')
    .send({
      name: 'Покупатель',
      phone: '79161230071',
      email: null,
      startDate: dayName(10),
      endDate: dayName(12),
      adultCount: 2,
      childCount: 0,
      'g-recaptcha-response': 'test',
    })
    .expect((res) => {
      if (res.status >= 300) throw new Error(`booking: ${res.status} ${JSON.stringify(res.body)}`);
    });

  moveTo(0, '10:00');
  await view(a, 'fn-sale');
  await view(a, 'fn-sale'); // the same viewer on the same day: once
  await open(a, 'fn-sale');
  for (const robot of [bot, crawler]) {
    await view(robot, 'fn-sale');
    await open(robot, 'fn-sale');
  }

  moveTo(1, '12:00');
  await request(t.app)
    .post(`/api/publications/fn-sale/tariffs/${tariff.id}`)
    .set('Authorization', `Bearer ${ownerToken}`)
    .expect(200);
  moveTo(1, '13:00');
  await view(a, 'fn-sale');
  await view(b, 'fn-sale');
  await open(b, 'fn-sale');
  await phone(b, 'fn-sale');
  await view(c, 'fn-sale');
  await open(c, 'fn-sale');
  await c.post('/api/favorite-publications/fn-sale').expect(200);
  const chat = await c
    .post('/api/chats/send-message')
    .send({ adId: 'fn-sale', text: 'Здравствуйте!', chatId: null });
  expect(chat.status).toBeLessThan(300);
  await view(a, 'fn-daily');
  await view(bot, 'fn-sale');
  await settled();
  // D0 and D1 while they are still open (their viewer sets kept): asked again at the end, once closed
  whileOpen = await Promise.all(closedPaths().map(([token, path]) => funnel(token, path)));

  moveTo(2, '12:30');
  expect(await billPromotions(t.ctx)).toEqual({ charged: 1, ended: 0 });
  moveTo(2, '13:00');
  await view(b, 'fn-sale');
  await view(b, 'fn-sale');
  await phone(b, 'fn-sale'); // a new day: counts again
  await view(a, 'fn-sale');

  moveTo(3, '11:00');
  await view(a, 'fn-sale');
  await settled();
  moveTo(3, '12:30');
  expect(await billPromotions(t.ctx)).toEqual({ charged: 0, ended: 1 });
  moveTo(3, '15:00');
  await view(d, 'fn-sale');

  moveTo(4, '10:00');
  await view(a, 'fn-sale');
  await open(b, 'fn-sale');
  await phone(b, 'fn-sale');
  await settled();
}, 60_000);
afterAll(() => t.close());

const get = (token: string, path: string) => request(t.app).get(path).set('Authorization', `Bearer ${token}`);
async function funnel(token: string, path: string): Promise<FunnelDto> {
  const res = await get(token, path).expect(200);
  return funnelAnswer.parse(res.body).data;
}
const counts = (part: FunnelPartDto) => Object.fromEntries(part.steps.map((s) => [s.step, s.count]));
const conversions = (part: FunnelPartDto) =>
  Object.fromEntries(part.steps.map((s) => [s.step, s.conversion]));

describe('the funnel of a listing', () => {
  it('counts each viewer once a day on each step, bots left out, split by the promotion days, with the money', async () => {
    const f = await funnel(
      ownerToken,
      `/api/cabinet/funnel?publicationId=fn-sale&from=${dayName(0)}&to=${dayName(4)}`,
    );
    expect(f).toMatchObject({
      publicationId: 'fn-sale',
      agencyId: AGENCY,
      publicationsCount: 1,
      hasBooking: false,
    });
    // D0 a · D1 a b c · D2 b a · D3 a d · D4 a
    expect(counts(f.total)).toEqual({
      impressions: 9,
      opened: 4,
      responses: 4,
      phone: 3,
      chat: 1,
      favorite: 1,
    });
    expect(conversions(f.total)).toEqual({
      impressions: null,
      opened: 44.4,
      responses: 100,
      phone: 75,
      chat: 25,
      favorite: 25,
    });
    expect(f.total.days).toBe(5);
    expect(f.promoted.days).toBe(3);
    expect(counts(f.promoted)).toEqual({
      impressions: 7,
      opened: 2,
      responses: 3,
      phone: 2,
      chat: 1,
      favorite: 1,
    });
    expect(f.notPromoted.days).toBe(2);
    expect(counts(f.notPromoted)).toEqual({
      impressions: 2,
      opened: 2,
      responses: 1,
      phone: 1,
      chat: 0,
      favorite: 0,
    });
    // two paid days, each spread over the Moscow days it covered, all of them in the period
    expect(f.promoted.money).toBe(2 * price);
    expect(f.promoted.costPerPhone).toBe(price);
    expect(f.promoted.costPerChat).toBe(2 * price);
    expect(f.notPromoted).toMatchObject({ money: 0, costPerPhone: null, costPerChat: null });
  });

  it('follows the period asked: the promotion days alone, and a day with nothing', async () => {
    const promoted = await funnel(
      ownerToken,
      `/api/cabinet/funnel?publicationId=fn-sale&from=${dayName(1)}&to=${dayName(3)}`,
    );
    expect(promoted.notPromoted.days).toBe(0);
    expect(promoted.promoted.money).toBe(2 * price);
    const first = await funnel(
      ownerToken,
      `/api/cabinet/funnel?publicationId=fn-sale&from=${dayName(1)}&to=${dayName(1)}`,
    );
    // D1 from 12:00: half of the first paid day
    expect(first.promoted.money).toBeCloseTo(price / 2, 1);
    const before = await funnel(
      ownerToken,
      `/api/cabinet/funnel?publicationId=fn-sale&from=${dayName(-5)}&to=${dayName(-1)}`,
    );
    expect(before.total.steps.every((s) => s.count === 0 && s.conversion === null)).toBe(true);
  });

  it('has the booking step for daily rent', async () => {
    const f = await funnel(
      ownerToken,
      `/api/cabinet/funnel?publicationId=fn-daily&from=${dayName(-1)}&to=${dayName(4)}`,
    );
    expect(f.hasBooking).toBe(true);
    expect(counts(f.total)).toEqual({
      impressions: 2,
      opened: 1,
      responses: 0,
      phone: 0,
      chat: 0,
      favorite: 0,
      booking: 1,
    });
    expect(conversions(f.total).booking).toBe(100);
    expect(f.promoted.days).toBe(0);
  });
});

describe('closed days', () => {
  it('answers a closed day exactly as it answered while the day was open', async () => {
    // the story's interactions reached D4: D2 and the days before it are closed, their sets gone
    expect(await readFunnelState(t.ctx.readStore)).toMatchObject({
      newest: dayName(4),
      closedThrough: dayName(2),
      late: 0,
    });
    const now = await Promise.all(closedPaths().map(([token, path]) => funnel(token, path)));
    expect(now).toEqual(whileOpen);
    // the comparison has the promotion's day, its money and its costs in it
    expect(whileOpen[3].promoted).toMatchObject({ days: 1, costPerPhone: expect.any(Number) });
    expect(whileOpen[3].promoted.money).toBeGreaterThan(0);
  });
});

describe('the funnel of the agency', () => {
  it('counts a viewer of two of its listings on one day once, for the owner all listings', async () => {
    const f = await funnel(ownerToken, `/api/agency/${AGENCY}/funnel?from=${dayName(-1)}&to=${dayName(4)}`);
    expect(f).toMatchObject({ publicationId: null, publicationsCount: 2, hasBooking: true });
    // D-1 c (daily) · D0 a · D1 a b c, a and c of both listings once · D2 b a · D3 a d · D4 a
    expect(counts(f.total)).toEqual({
      impressions: 10,
      opened: 5,
      responses: 4,
      phone: 3,
      chat: 1,
      favorite: 1,
      booking: 1,
    });
    expect(f.total.days).toBe(12);
    expect(f.promoted.days).toBe(3);
    expect(counts(f.promoted)).toMatchObject({ impressions: 7, opened: 2, booking: 0 });
    // D-1 c (daily) · D0 a · D1 a (daily) · D4 a
    expect(counts(f.notPromoted)).toMatchObject({ impressions: 4, opened: 3, booking: 1 });
    expect(f.promoted.money).toBe(2 * price);
  });

  it('gives an agent their own listings only', async () => {
    const f = await funnel(agentToken, `/api/agency/${AGENCY}/funnel?from=${dayName(0)}&to=${dayName(4)}`);
    expect(f.publicationsCount).toBe(1);
    expect(counts(f.total).impressions).toBe(9);
    await get(agentToken, '/api/cabinet/funnel?publicationId=fn-daily').expect(404);
  });

  it('is refused to another agency, to a visitor and for a malformed period', async () => {
    await get(otherOwnerToken, `/api/agency/${AGENCY}/funnel`).expect(403);
    await get(otherOwnerToken, '/api/cabinet/funnel?publicationId=fn-sale').expect(404);
    await get(userToken, `/api/agency/${AGENCY}/funnel`).expect(403);
    await request(t.app).get('/api/cabinet/funnel?publicationId=fn-sale').expect(401);
    const reversed = await get(
      ownerToken,
      `/api/agency/${AGENCY}/funnel?from=${dayName(3)}&to=${dayName(1)}`,
    ).expect(400);
    expect(reversed.body).toMatchObject({
      errorCode: 1,
      errors: { from: ['Начало периода не может быть позже его конца'] },
    });
    const long = await get(ownerToken, `/api/agency/${AGENCY}/funnel?from=2025-01-01&to=2026-06-01`).expect(
      400,
    );
    expect(long.body.errors.to).toEqual(['Период не может быть длиннее 366 дней']);
    expect(
      (await get(ownerToken, `/api/agency/${AGENCY}/funnel?from=2026-13-45`).expect(400)).body.errorCode,
    ).toBe(1);
    expect(
      (await get(ownerToken, '/api/cabinet/funnel').expect(400)).body.errors.publicationId,
    ).toBeDefined();
  });

  it('covers the 30 days up to today by default', async () => {
    const f = await funnel(ownerToken, `/api/agency/${AGENCY}/funnel`);
    expect(f.to).toBe(moscowDayOf(t.clock.now().toISOString()));
    expect(f.total.days).toBe(60);
  });
});
