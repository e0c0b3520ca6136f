import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { handleWallet } from './wallet';
import { registerSiteUser } from '../../test/users';

/**
 * The money calls as ../shared/spec/api.md and product.md word them, each written from the spec's
 * sentence it quotes. Every answer is also checked against its declared schema (core/route.ts).
 */
let t: TestApp;
let ownerToken: string;
let userToken: string;
const AGENCY = 'agency-sp';

beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { PAYMENT_WAIT_MS: '5000' } });
  const agency = await createAgency(t.ctx, 'sp', '91');
  await createPublication(t.ctx, agency.agent, { id: 'sp-top', price: 9_000_000, publishedDaysAgo: 5 });
  await createPublication(t.ctx, agency.agent, { id: 'sp-plain', price: 8_000_000, publishedDaysAgo: 5 });
  await handleWallet(t.ctx.eventStore, AGENCY, {
    type: 'Credit',
    agencyId: AGENCY,
    paymentId: 'sp-money',
    sum: 1_000,
  });
  await registerSiteUser(t.ctx, { userId: 'sp-buyer', name: 'Покупатель', phone: '79161230091' });
  await t.ctx.projections.whenCaughtUp();
  ownerToken = await signIn(t, agency.ownerPhone);
  userToken = await signIn(t, '79161230091');
  await as(ownerToken, request(t.app).post('/api/publications/sp-top/tariffs/3-1-sale')).expect(200);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);

describe('product.md: "Agency-list extras: … adTariff (title, iconPath, pricePerDay)"', () => {
  it('the agency list gives a promoted listing its tariff’s title, icon and price per day, and null to the others', async () => {
    const list = await as(
      ownerToken,
      request(t.app).get(`/api/agency/${AGENCY}/publications`).query({ status: 1 }),
    ).expect(200);
    const byId = Object.fromEntries(
      (list.body.data as { id: string; adTariff: unknown }[]).map((p) => [p.id, p.adTariff]),
    );
    expect(byId['sp-top']).toMatchObject({
      title: 'Топ',
      iconPath: '/storage/demo/tariff-3.svg',
      pricePerDay: 180,
      positionType: 3,
    });
    expect(byId['sp-plain']).toBeNull();
    // the one listing read by the same call's path shows the same
    const one = await as(ownerToken, request(t.app).get(`/api/agency/${AGENCY}/publications/sp-top`)).expect(
      200,
    );
    expect(one.body.data.adTariff).toEqual(byId['sp-top']);
  });

  it('the promoted listings of POST /api/publications/tariffed carry the same adTariff', async () => {
    const tariffed = await as(ownerToken, request(t.app).post('/api/publications/tariffed')).expect(200);
    expect(tariffed.body.data).toEqual([
      expect.objectContaining({
        id: 'sp-top',
        adTariff: expect.objectContaining({
          title: 'Топ',
          iconPath: '/storage/demo/tariff-3.svg',
          pricePerDay: 180,
        }),
      }),
    ]);
  });
});

describe('product.md: "publication tariff (id, title, pricePerDay, descriptionList or advantages, iconPath)"', () => {
  it('GET /api/publication-tariffs/{a}/{b} with positionTypes [1,2,3] lists them with those fields', async () => {
    const res = await request(t.app)
      .get('/api/publication-tariffs/1/sale')
      .query('positionTypes[]=1&positionTypes[]=2&positionTypes[]=3')
      .expect(200);
    expect(res.body.data).toHaveLength(3);
    for (const tariff of res.body.data)
      expect(Object.keys(tariff)).toEqual(
        expect.arrayContaining(['id', 'title', 'pricePerDay', 'descriptionList', 'advantages', 'iconPath']),
      );
  });

  it('the listing’s own tariffs mark the running one as the current tariff', async () => {
    const res = await as(ownerToken, request(t.app).get('/api/publications/sp-top/tariffs')).expect(200);
    expect(
      res.body.data.map((x: { positionType: number; isCurrentTariff: boolean }) => [
        x.positionType,
        x.isCurrentTariff,
      ]),
    ).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });
});

describe('product.md: "subscription tariff (id, price, priceBenefit, duration in months, isCurrentTariff)"', () => {
  it('GET /api/tariffs: isCurrentTariff is the tariff of the caller’s running premium, false for visitors and non-payers', async () => {
    const fields = ['id', 'price', 'priceBenefit', 'duration', 'isCurrentTariff'];
    const visitor = await request(t.app).get('/api/tariffs').expect(200);
    for (const tariff of visitor.body.data)
      expect(Object.keys(tariff)).toEqual(expect.arrayContaining(fields));
    expect(visitor.body.data.map((x: { isCurrentTariff: boolean }) => x.isCurrentTariff)).toEqual([
      false,
      false,
      false,
    ]);

    // api.md: "POST /api/tariffs/payment/{id}. The response has confirmationUrl and the browser opens it."
    const started = await as(userToken, request(t.app).post('/api/tariffs/payment/half-year')).expect(201);
    const id = (started.body.confirmationUrl as string).split('/').pop()!;
    await request(t.app).post(`/api/payments/sandbox/${id}/pay`).expect(200);
    await request(t.app)
      .post('/api/payments/webhook')
      .send({ event: 'payment.succeeded', object: { id } })
      .expect(200);

    const payer = await as(userToken, request(t.app).get('/api/tariffs')).expect(200);
    expect(payer.body.meta).toEqual({ isPremium: true });
    expect(
      payer.body.data.map((x: { id: string; isCurrentTariff: boolean }) => [x.id, x.isCurrentTariff]),
    ).toEqual([
      ['month', false],
      ['half-year', true],
      ['year', false],
    ]);
    const other = await as(ownerToken, request(t.app).get('/api/tariffs')).expect(200);
    expect(other.body.data.some((x: { isCurrentTariff: boolean }) => x.isCurrentTariff)).toBe(false);
  });

  it('one click’s Idempotency-Key sent twice opens the same payment; with another tariff it is refused (112)', async () => {
    const key = randomUUID();
    const first = await as(
      userToken,
      request(t.app).post('/api/tariffs/payment/month').set('Idempotency-Key', key),
    ).expect(201);
    const again = await as(
      userToken,
      request(t.app).post('/api/tariffs/payment/month').set('Idempotency-Key', key),
    ).expect(201);
    expect(again.body.confirmationUrl).toBe(first.body.confirmationUrl);
    const other = await as(
      userToken,
      request(t.app).post('/api/tariffs/payment/year').set('Idempotency-Key', key),
    ).expect(422);
    expect(other.body.errorCode).toBe(112);
  });
});

describe('the cabinet’s wallet operations, in react-admin’s simple-rest shape', () => {
  const list = (token: string, query: Record<string, unknown> = {}) =>
    as(
      token,
      request(t.app)
        .get('/api/cabinet/wallet-operations')
        .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))),
    );

  it('answers the owner’s operations newest first, a page by range, with Content-Range', async () => {
    const all = await list(ownerToken).expect(200);
    expect(all.body.map((o: { kind: string }) => o.kind)).toEqual(['charge', 'top-up']);
    expect(all.headers['content-range']).toBe('wallet-operations 0-1/2');
    const second = await list(ownerToken, { range: [1, 1] }).expect(200);
    expect(second.body).toEqual([all.body[1]]);
    expect(second.headers['content-range']).toBe('wallet-operations 1-1/2');
    const oldestFirst = await list(ownerToken, { sort: ['at', 'ASC'] }).expect(200);
    expect(oldestFirst.body).toEqual([...all.body].reverse());
  });

  it('filters by kind and by Moscow days', async () => {
    const charges = await list(ownerToken, { filter: { kind: 'charge' } }).expect(200);
    expect(charges.body).toHaveLength(1);
    expect(charges.body[0]).toMatchObject({ kind: 'charge', publicationId: 'sp-top' });
    expect(charges.headers['content-range']).toBe('wallet-operations 0-0/1');
    // the Moscow day the charge was made on holds it, whichever day the tests' clock has reached since
    const moscowDay = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(iso));
    const day = moscowDay(charges.body[0].at);
    const thatDay = await list(ownerToken, { filter: { from: day, to: day } }).expect(200);
    expect(thatDay.body.map((o: { id: string }) => o.id)).toContain(charges.body[0].id);
    expect(thatDay.body.every((o: { at: string }) => moscowDay(o.at) === day)).toBe(true);
    const later = await list(ownerToken, { filter: { from: '2099-01-01' } }).expect(200);
    expect(later.body).toEqual([]);
    expect(later.headers['content-range']).toBe('wallet-operations 0-0/0');
  });

  it('refuses an agent and a plain user, and bad parameters with the envelope', async () => {
    const agentToken = await signIn(t, '79550000912');
    expect((await list(agentToken).expect(403)).body.message).toBe('Кошельком управляет владелец агентства');
    await list(userToken).expect(403);
    const bad = await list(ownerToken, { filter: { kind: 'gift' } }).expect(400);
    expect(bad.body).toMatchObject({ errorCode: 1 });
    expect(JSON.stringify(bad.body.errors)).toContain('Вид операции');
    await as(ownerToken, request(t.app).get('/api/cabinet/wallet-operations').query({ range: '[0' })).expect(
      400,
    );
  });
});

describe('the cabinet’s invoices, in react-admin’s simple-rest shape', () => {
  const list = (token: string, query: Record<string, unknown> = {}) =>
    as(
      token,
      request(t.app)
        .get('/api/cabinet/invoices')
        .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))),
    );
  const ask = (sum: number) =>
    as(
      ownerToken,
      request(t.app).post(`/api/agency/${AGENCY}/balance/invoice`).send({
        sum,
        organizationName: 'ООО «Ромашка»',
        inn: '7701234567',
        kpp: '770101001',
        account: '40702810900000000001',
      }),
    ).expect(201);

  it('lists the invoices the owner asked for, newest first, numbered as the accounting letter numbers them', async () => {
    const first = (await ask(15_000)).body.data.invoiceId as string;
    const second = (await ask(30_000)).body.data.invoiceId as string;
    await t.ctx.projections.whenCaughtUp();
    const all = await list(ownerToken).expect(200);
    expect(all.body.map((i: { id: string }) => i.id)).toEqual([second, first]);
    expect(all.body[1]).toEqual({
      id: first,
      number: first.slice(0, 8),
      sum: 15_000,
      organizationName: 'ООО «Ромашка»',
      inn: '7701234567',
      kpp: '770101001',
      account: '40702810900000000001',
      by: expect.any(String),
      at: expect.any(String),
    });
    expect(all.headers['content-range']).toBe('invoices 0-1/2');
    const bySum = await list(ownerToken, { sort: ['sum', 'ASC'], range: [0, 0] }).expect(200);
    expect(bySum.body.map((i: { id: string }) => i.id)).toEqual([first]);
    expect(bySum.headers['content-range']).toBe('invoices 0-0/2');
  });

  it('refuses an agent and a plain user, and bad parameters with the envelope', async () => {
    const agentToken = await signIn(t, '79550000912');
    await list(agentToken).expect(403);
    await list(userToken).expect(403);
    const bad = await list(ownerToken, { sort: ['inn', 'ASC'] }).expect(400);
    expect(bad.body).toMatchObject({ errorCode: 1 });
  });
});
