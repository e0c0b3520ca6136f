import { randomUUID } from 'node:crypto';
import {
  findPublication,
  walletBalance,
  WALLET_OPERATIONS,
  type WalletOperationDocument,
} from '@estate/projections';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { handlePublication } from '../publications';
import { billPromotions } from './promotion';
import { handleWallet } from './wallet';

/**
 * Issue 12, items 2 and 3: a repeated payment of a running promotion charged again and extended
 * nothing (a double click took 40 ₽ for one day, 50 parallel clicks 1,000 ₽), and the price was
 * read from the tariff id (a Moscow listing bought the top with `3-0-sale` at 90 ₽ instead of 180 ₽).
 */
let t: TestApp;
let ownerToken: string;
const AGENCY = 'agency-tp';
const HOUR = 3600_000;

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const agency = await createAgency(t.ctx, 'tp', '71');
  for (const id of [
    'double',
    'parallel',
    'keyed',
    'reused',
    'change',
    'moscow',
    'old-price',
    'interrupted',
    'draft-keyed',
  ]) {
    await createPublication(t.ctx, agency.agent, {
      id,
      price: 9_000_000,
      publishedDaysAgo: id === 'draft-keyed' ? undefined : 10,
    });
  }
  await createPublication(t.ctx, agency.agent, {
    id: 'spb',
    city: '2',
    deal: 'rent',
    price: 50_000,
    publishedDaysAgo: 10,
  });
  await handleWallet(t.ctx.eventStore, AGENCY, {
    type: 'Credit',
    agencyId: AGENCY,
    paymentId: 'seed-money',
    sum: 10_000,
  });
  await t.ctx.projections.whenCaughtUp();
  ownerToken = await signIn(t, agency.ownerPhone);
});
afterAll(() => t.close());

const pay = (publication: string, tariff: string, key?: string) => {
  const r = request(t.app)
    .post(`/api/publications/${publication}/tariffs/${tariff}`)
    .set('Authorization', `Bearer ${ownerToken}`);
  return key ? r.set('Idempotency-Key', key) : r;
};
const balance = () => walletBalance(t.ctx.readStore, AGENCY);
/** The wallet's operations as the owner reads them, for one listing. */
async function chargesOf(publication: string) {
  const res = await request(t.app)
    .get(`/api/agency/${AGENCY}/balance`)
    .set('Authorization', `Bearer ${ownerToken}`)
    .expect(200);
  return (res.body.data.operations as { kind: string; sum: number; publicationId: string | null }[]).filter(
    (o) => o.publicationId === publication,
  );
}
const publicationOf = async (id: string) =>
  (
    await request(t.app)
      .get(`/api/agency/${AGENCY}/publications/${id}`)
      .set('Authorization', `Bearer ${ownerToken}`)
      .expect(200)
  ).body.data;

describe('paying a running promotion again', () => {
  it('a double click: the second payment is refused (111) and only one day is charged', async () => {
    const before = await balance();
    const first = await pay('double', '1-1-sale').expect(200);
    expect(first.body.meta).toMatchObject({ charged: 20, repeated: false, tariffId: '1-1-sale' });
    const second = await pay('double', '1-1-sale').expect(409);
    expect(second.body.errorCode).toBe(111);
    expect(second.body.message).toMatch(/^Этот тариф уже оплачен до \d\d\.\d\d\.\d{4}, \d\d:\d\d \(МСК\)/);
    expect(await balance()).toBe(before - 20);
    expect(await chargesOf('double')).toEqual([expect.objectContaining({ kind: 'charge', sum: 20 })]);
  });

  it('50 clicks at once without a key: exactly one charge, every other answer is 111', async () => {
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay('parallel', '1-1-sale')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect({ status: a.status, errorCode: a.body.errorCode }).toEqual({ status: 409, errorCode: 111 });
    expect(await chargesOf('parallel')).toEqual([expect.objectContaining({ kind: 'charge', sum: 20 })]);
    expect(await balance()).toBe(before - 20);
    expect((await publicationOf('parallel')).adTariff).toMatchObject({ positionType: 1 });
  });

  it('50 requests at once with one Idempotency-Key: one charge, and every answer is the first payment', async () => {
    const before = await balance();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay('keyed', '3-1-sale', key)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const paidUntil = answers[0].body.meta.paidUntil;
    for (const a of answers) expect(a.body.meta).toMatchObject({ tariffId: '3-1-sale', paidUntil });
    expect(answers.filter((a) => a.body.meta.repeated === false).map((a) => a.body.meta.charged)).toEqual([
      180,
    ]);
    expect(await chargesOf('keyed')).toEqual([expect.objectContaining({ kind: 'charge', sum: 180 })]);
    expect(await balance()).toBe(before - 180);
    // the same key later still answers the first payment and charges nothing
    const later = await pay('keyed', '3-1-sale', key).expect(200);
    expect(later.body.meta).toMatchObject({ repeated: true, charged: 0, paidUntil });
    expect(await balance()).toBe(before - 180);
  });

  it('a draft paid with one key twice is published and charged once', async () => {
    const key = randomUUID();
    const before = await balance();
    await pay('draft-keyed', '1-1-sale', key).expect(200);
    await pay('draft-keyed', '1-1-sale', key).expect(200);
    expect(await balance()).toBe(before - 20);
    expect(await publicationOf('draft-keyed')).toMatchObject({ status: 1, adTariff: { positionType: 1 } });
  });

  it('the same key with another listing or tariff is refused (112); a malformed key is errorCode 1', async () => {
    const key = randomUUID();
    await pay('reused', '1-1-sale', key).expect(200);
    const before = await balance();
    expect((await pay('reused', '3-1-sale', key).expect(422)).body.errorCode).toBe(112);
    expect((await pay('change', '1-1-sale', key).expect(422)).body.errorCode).toBe(112);
    const malformed = await pay('change', '1-1-sale', 'not a key!').expect(400);
    expect(malformed.body).toMatchObject({
      errorCode: 1,
      errors: { 'Idempotency-Key': [expect.stringMatching(/^Ключ Idempotency-Key/)] },
    });
    expect(await balance()).toBe(before);
  });

  it('another position type while one runs starts at the end of the paid day, charges nothing now, and the daily charge bills its price from then', async () => {
    const first = await pay('change', '1-1-sale').expect(200);
    const before = await balance();
    const changed = await pay('change', '3-1-sale').expect(200);
    expect(changed.body.meta).toMatchObject({
      charged: 0,
      startsAt: first.body.meta.paidUntil,
      paidUntil: null,
    });
    expect(changed.body.meta.message).toMatch(/^Тариф «Топ» начнёт действовать с /);
    expect(await balance()).toBe(before);
    expect((await publicationOf('change')).adTariff).toMatchObject({ positionType: 1 }); // the paid day keeps its tariff
    expect((await pay('change', '3-1-sale').expect(409)).body.errorCode).toBe(111); // chosen already

    t.clock.advance(25 * HOUR);
    await billPromotions(t.ctx);
    expect((await chargesOf('change')).map((o) => o.sum).sort((a, b) => a - b)).toEqual([20, 180]);
    expect((await publicationOf('change')).adTariff).toMatchObject({ positionType: 3 });
  });
});

describe('the price comes from the listing, not from the tariff id', () => {
  it('a Moscow listing is refused a tariff of another city or deal (errorCode 1 on tariffId) and pays 180 ₽ for its own top', async () => {
    const before = await balance();
    for (const foreign of ['3-0-sale', '3-2-sale', '3-1-rent']) {
      const refused = await pay('moscow', foreign).expect(400);
      expect(refused.body).toMatchObject({
        errorCode: 1,
        errors: { tariffId: [expect.stringContaining('3-1-sale')] },
      });
    }
    expect(await balance()).toBe(before);
    const tariffs = await request(t.app)
      .get('/api/publications/moscow/tariffs')
      .set('Authorization', `Bearer ${ownerToken}`)
      .expect(200);
    expect(tariffs.body.data.map((x: { id: string; pricePerDay: number }) => [x.id, x.pricePerDay])).toEqual([
      ['1-1-sale', 20],
      ['2-1-sale', 60],
      ['3-1-sale', 180],
    ]);
    expect((await pay('moscow', '3-1-sale').expect(200)).body.meta.charged).toBe(180);
    expect(await balance()).toBe(before - 180);
    const spb = await request(t.app)
      .get('/api/publications/spb/tariffs')
      .set('Authorization', `Bearer ${ownerToken}`)
      .expect(200);
    expect(spb.body.data[0].id).toBe('1-2-rent');
  });

  it('the daily charge bills the price of the listing’s city even for a promotion bought with another city’s id', async () => {
    // a promotion bought before the check, with the cheaper id of "other cities"
    const now = t.clock.now().getTime();
    await handlePublication(t.ctx.eventStore, 'old-price', {
      type: 'PromotePublication',
      positionType: 3,
      tariffId: '3-0-sale',
      until: new Date(now + HOUR).toISOString(),
    });
    await t.ctx.projections.whenCaughtUp();
    t.clock.advance(2 * HOUR);
    await billPromotions(t.ctx);
    expect((await chargesOf('old-price')).map((o) => o.sum)).toEqual([180]);
    expect((await findPublication(t.ctx.readStore, 'old-price'))?.promotion).toMatchObject({
      positionType: 3,
      tariffId: '3-1-sale',
    });
  });
});

describe('a payment interrupted after the charge', () => {
  it('is finished by the next click, which charges nothing more', async () => {
    // the process died after the wallet's charge and before the listing was promoted
    const at = t.clock.now().toISOString();
    await handleWallet(t.ctx.eventStore, AGENCY, {
      type: 'PayTariff',
      agencyId: AGENCY,
      publicationId: 'interrupted',
      chargeId: 'promotion-1:interrupted',
      tariff: { id: '2-1-sale', positionType: 2, sum: 60 },
      running: null,
      idempotencyKey: null,
      by: 'owner-tp',
      at,
      limit: null,
    });
    await t.ctx.projections.whenCaughtUp();
    const before = await balance();
    t.clock.advance(60_000);
    expect((await pay('interrupted', '2-1-sale').expect(409)).body.errorCode).toBe(111);
    expect(await publicationOf('interrupted')).toMatchObject({ adTariff: { positionType: 2 } });
    expect(await balance()).toBe(before);
    expect(await chargesOf('interrupted')).toHaveLength(1);
  });
});

it('counts charges in the read model exactly as the wallet stream has them', async () => {
  const operations = await t.ctx.readStore
    .collection<WalletOperationDocument>(WALLET_OPERATIONS)
    .find({ agencyId: AGENCY });
  const sum = operations.reduce(
    (total, o) => total + (o.kind === 'top-up' || o.kind === 'refund' ? o.sum : -o.sum),
    0,
  );
  expect(sum).toBe(await balance());
});
