import { ROLES } from '@estate/events';
import { walletBalance } from '@estate/projections';
import request from 'supertest';
import { NO_POINT } from '../publications';
import { createAgency, createPublication } from '../../test/publications';
import { lettersTo } from '../../test/letters';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { handleAgency } from '../agencies';
import { billPromotions } from './promotion';
import { registerSiteUser } from '../../test/users';

let t: TestApp;
let ownerToken: string;
let agentToken: string;
let strangerToken: string;
let userToken: string;
const phones = { owner: '' };
const AGENCY = 'agency-mo';
/** listings paid for all at once against one wallet that cannot pay them all */
const FLOOR_PUBLICATIONS = 60;

beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { PAYMENT_WAIT_MS: '5000' } });
  const agency = await createAgency(t.ctx, 'mo', '61');
  const other = await createAgency(t.ctx, 'mx', '62');
  await createPublication(t.ctx, agency.agent, { id: 'ad', price: 9_000_000, publishedDaysAgo: 10 });
  await createPublication(t.ctx, agency.agent, { id: 'draft', price: 8_000_000 });
  await createPublication(t.ctx, agency.agent, { id: 'nowhere', price: 8_000_000, geo: null });
  await createPublication(t.ctx, agency.agent, { id: 'busy', price: 7_000_000, publishedDaysAgo: 10 });
  await createPublication(t.ctx, other.owner, { id: 'poor-draft', price: 6_000_000 });
  await createPublication(t.ctx, agency.agent, { id: 'spare', price: 5_000_000, publishedDaysAgo: 10 });
  for (let i = 0; i < FLOOR_PUBLICATIONS; i++)
    await createPublication(t.ctx, agency.agent, {
      id: `floor-${i}`,
      price: 4_000_000,
      publishedDaysAgo: 10,
    });
  await registerSiteUser(t.ctx, { userId: 'buyer', name: 'Покупатель', phone: '79161239999' });
  phones.owner = agency.ownerPhone;
  ownerToken = await signIn(t, agency.ownerPhone);
  agentToken = await signIn(t, agency.agentPhone);
  strangerToken = await signIn(t, other.ownerPhone);
  userToken = await signIn(t, '79161239999');
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const balance = () => walletBalance(t.ctx.readStore, AGENCY);
/** The payer on the sandbox page: press a button, then the page calls the webhook as the provider would. */
async function payOnSandbox(confirmationUrl: string, action: 'pay' | 'cancel' = 'pay') {
  const id = confirmationUrl.split('/').pop()!;
  await request(t.app).get(`/api/payments/sandbox/${id}`).expect(200).expect('content-type', /html/);
  await request(t.app).post(`/api/payments/sandbox/${id}/${action}`).expect(200);
  return request(t.app)
    .post('/api/payments/webhook')
    .send({ event: action === 'pay' ? 'payment.succeeded' : 'payment.canceled', object: { id } })
    .expect(200);
}
const topUp = async (sum: number) => {
  const res = await as(
    ownerToken,
    request(t.app).post(`/api/agency/${AGENCY}/balance/top-up`).send({ sourceType: 1, sum }),
  ).expect(201);
  return res.body.data.confirmationUrl as string;
};

describe('the wallet', () => {
  it('is topped up through the payment page and credited once however often the webhook comes', async () => {
    const url = await topUp(1000);
    expect(url).toMatch(/\/api\/payments\/sandbox\/[\w-]+$/);
    expect(await balance()).toBe(0);
    const paid = await payOnSandbox(url);
    expect(paid.body.data.status).toBe('succeeded');
    expect(await balance()).toBe(1000);
    for (let i = 0; i < 3; i++)
      await request(t.app)
        .post('/api/payments/webhook')
        .send({ event: 'payment.succeeded', object: { id: url.split('/').pop() } })
        .expect(200);
    expect(await balance()).toBe(1000);
    const seen = await as(ownerToken, request(t.app).get(`/api/agency/${AGENCY}/balance`)).expect(200);
    expect(seen.body.data).toMatchObject({
      walletBalance: 1000,
      operations: [{ kind: 'top-up', sum: 1000 }],
    });
    expect(
      (await as(ownerToken, request(t.app).get('/api/profile')).expect(200)).body.data.agencyWalletBalance,
    ).toBe(1000);
  });

  it('credits nothing for a cancelled payment or an unknown one', async () => {
    const url = await topUp(500);
    expect((await payOnSandbox(url, 'cancel')).body.data.status).toBe('cancelled');
    expect(await balance()).toBe(1000);
    await request(t.app)
      .post('/api/payments/webhook')
      .send({ event: 'payment.succeeded', object: { id: 'forged' } })
      .expect(404);
  });

  it('is the owner’s: agents and other agencies are refused; the sum is checked', async () => {
    await as(
      agentToken,
      request(t.app).post(`/api/agency/${AGENCY}/balance/top-up`).send({ sourceType: 1, sum: 100 }),
    ).expect(403);
    await as(
      strangerToken,
      request(t.app).post(`/api/agency/${AGENCY}/balance/top-up`).send({ sourceType: 1, sum: 100 }),
    ).expect(403);
    expect(
      (
        await as(
          ownerToken,
          request(t.app).post(`/api/agency/${AGENCY}/balance/top-up`).send({ sourceType: 1, sum: '' }),
        ).expect(400)
      ).body.errors,
    ).toEqual({ sum: ['Введите сумму'] });
  });

  it('records a bank-transfer invoice request and e-mails it', async () => {
    const bad = await as(
      ownerToken,
      request(t.app).post(`/api/agency/${AGENCY}/balance/invoice`).send({
        sum: 5000,
        organizationName: 'ООО Ромашка',
        inn: '7701234567',
        account: '40702810900000000001',
      }),
    ).expect(400);
    expect(bad.body.errors).toEqual({ kpp: ['Для юридического лица укажите КПП'] });
    await as(
      ownerToken,
      request(t.app).post(`/api/agency/${AGENCY}/balance/invoice`).send({
        sum: 5000,
        organizationName: 'ООО Ромашка',
        inn: '7701234567',
        kpp: '770101001',
        account: '40702810900000000001',
      }),
    ).expect(201);
    // the letter follows the recorded request (a reactor queues it)
    const letters = await lettersTo(t, 'accounting@estate.local');
    expect(letters[0].text).toContain('ООО Ромашка');
  });
});

describe('promotion tariffs', () => {
  it('are priced per day from 10 ₽, by position, city and deal', async () => {
    const res = await request(t.app)
      .get('/api/publication-tariffs/1/sale?positionTypes[]=1&positionTypes[]=3')
      .expect(200);
    expect(res.body.data.map((x: { id: string; pricePerDay: number }) => [x.id, x.pricePerDay])).toEqual([
      ['1-1-sale', 20],
      ['3-1-sale', 180],
    ]);
    expect(
      (await request(t.app).get('/api/publication-tariffs/9/dailyRent').expect(200)).body.data[0].pricePerDay,
    ).toBe(10);
  });

  it('without enough money is errorCode 59 and changes nothing', async () => {
    const refused = await as(
      strangerToken,
      request(t.app).post('/api/publications/poor-draft/tariffs/3-1-sale'),
    ).expect(422);
    expect(refused.body).toEqual({ errorCode: 59, message: 'Недостаточно средств на балансе' });
    expect(
      (
        await as(strangerToken, request(t.app).get('/api/agency/agency-mx/publications/poor-draft')).expect(
          200,
        )
      ).body.data,
    ).toMatchObject({ status: 2, adTariff: null });
    expect(await walletBalance(t.ctx.readStore, 'agency-mx')).toBe(0);
    await as(strangerToken, request(t.app).post('/api/publications/ad/tariffs/1-1-sale')).expect(403);
    await as(ownerToken, request(t.app).post('/api/publications/ad/tariffs/1-2-rent')).expect(400);
    await as(ownerToken, request(t.app).post('/api/publications/ad/tariffs/nonsense')).expect(404);
  });

  it('refuses to pay for a draft that could not be published (no point on the map), charging nothing', async () => {
    const before = await balance();
    const { body } = await as(
      ownerToken,
      request(t.app).post('/api/publications/nowhere/tariffs/3-1-sale'),
    ).expect(400);
    expect(body).toMatchObject({ errorCode: 1, errors: { 'address.fullAddress': [NO_POINT] } });
    expect(await balance()).toBe(before);
  });

  it('pays for a draft: it is published and promoted, and the money leaves the wallet', async () => {
    await as(ownerToken, request(t.app).post('/api/publications/draft/tariffs/3-1-sale')).expect(200);
    const publication = await as(
      ownerToken,
      request(t.app).get(`/api/agency/${AGENCY}/publications/draft`),
    ).expect(200);
    expect(publication.body.data).toMatchObject({ status: 1, adTariff: { positionType: 3 } });
    await as(ownerToken, request(t.app).post('/api/publications/busy/tariffs/1-1-sale')).expect(200);
    expect(await balance()).toBe(1000 - 180 - 20);
    const tariffed = await as(ownerToken, request(t.app).post('/api/publications/tariffed')).expect(200);
    expect(tariffed.body.data.map((p: { id: string }) => p.id)).toEqual(['draft', 'busy']);
  });

  it('keeps an employee within their limit', async () => {
    const owner = { userId: 'owner-mo', role: ROLES.AGENCY_OWNER, agencyId: AGENCY };
    await handleAgency(t.ctx.eventStore, AGENCY, {
      type: 'AddEmployee',
      actor: owner,
      userId: 'agent-mo',
    });
    const limited = await handleAgency(t.ctx.eventStore, AGENCY, {
      type: 'SetEmployeeLimit',
      actor: owner,
      userId: 'agent-mo',
      limit: 30,
    });
    await t.ctx.projections.whenCaughtUp(limited.position);
    await as(agentToken, request(t.app).post('/api/publications/ad/tariffs/1-1-sale')).expect(200);
    const over = await as(agentToken, request(t.app).post('/api/publications/spare/tariffs/1-1-sale')).expect(
      422,
    );
    expect(over.body.message).toMatch(/^Превышен лимит трат сотрудника: 30 ₽ в месяц/);
  });

  it('of payments for 60 listings at once against one wallet, as many succeed as the money allows; the rest get errorCode 59; never below zero', async () => {
    const before = await balance();
    await payOnSandbox(await topUp(100));
    const funds = before + 100;
    expect(funds).toBeLessThan(FLOOR_PUBLICATIONS * 20);
    const answers = await Promise.all(
      Array.from({ length: FLOOR_PUBLICATIONS }, (_, i) =>
        as(ownerToken, request(t.app).post(`/api/publications/floor-${i}/tariffs/1-1-sale`)),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toBe(Math.floor(funds / 20));
    for (const r of refused)
      expect({ status: r.status, errorCode: r.body.errorCode }).toEqual({ status: 422, errorCode: 59 });
    expect(await balance()).toBe(funds - ok * 20);
    expect(await balance()).toBeGreaterThanOrEqual(0);
  });

  it('is charged per day, and ends with an event when the wallet cannot pay', async () => {
    await payOnSandbox(await topUp(180 + 20));
    const start = await balance();
    t.clock.advance(25 * 3600_000);
    const first = await billPromotions(t.ctx);
    expect(first.charged).toBeGreaterThan(0);
    expect(await balance()).toBeLessThan(start);
    expect(await billPromotions(t.ctx)).toEqual({ charged: 0, ended: 0 }); // the same day again charges nothing
    t.clock.advance(30 * 24 * 3600_000);
    for (let day = 0; day < 40 && (await billPromotions(t.ctx)).charged > 0; day++)
      t.clock.advance(24 * 3600_000);
    // weeks have passed: the sessions have outlived their idle expiry
    ownerToken = await signIn(t, phones.owner);
    userToken = await signIn(t, '79161239999');
    const publication = await as(
      ownerToken,
      request(t.app).get(`/api/agency/${AGENCY}/publications/draft`),
    ).expect(200);
    expect(publication.body.data.adTariff).toBeNull();
    expect(await balance()).toBeGreaterThanOrEqual(0);
  });
});

describe('the premium subscription', () => {
  it('lists the spec’s tariffs and extends premiumPeriod once per payment', async () => {
    const tariffs = await request(t.app).get('/api/tariffs').expect(200);
    expect(tariffs.body.data.map((x: { id: string; price: number }) => [x.id, x.price])).toEqual([
      ['month', 5000],
      ['half-year', 24996],
      ['year', 48000],
    ]);
    const started = await as(userToken, request(t.app).post('/api/tariffs/payment/month')).expect(201);
    expect(started.body.confirmationUrl).toBe(started.body.data.confirmationUrl);
    await payOnSandbox(started.body.data.confirmationUrl);
    const profile = (await as(userToken, request(t.app).get('/api/profile')).expect(200)).body.data;
    expect(profile.status).toBe('Премиум');
    await request(t.app)
      .post('/api/payments/webhook')
      .send({ object: { id: started.body.data.confirmationUrl.split('/').pop() } })
      .expect(200);
    expect(
      (await as(userToken, request(t.app).get('/api/profile')).expect(200)).body.data.premiumPeriod,
    ).toBe(profile.premiumPeriod);
    await as(userToken, request(t.app).post('/api/tariffs/payment/forever')).expect(404);
  });
});
