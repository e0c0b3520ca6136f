import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { trustPhone } from '../../test/trust';
import { registerSiteUsers } from '../../test/users';

/**
 * Issue 40, item 2: complaints flooded the moderators' queue from many addresses with made-up
 * phones. A complaint now needs a signed-in user's own phone or one confirmed by SMS code (errorCode 6
 * otherwise, as a lead and a booking), and beside the per-IP limit there are limits per phone and
 * per listing (429 in the spec's envelope).
 */
let t: TestApp;
let moderator: string;
const TOO_MANY = { errorCode: 108, message: 'Превышен лимит запросов, пожалуйста попробуйте позже.' };
const NOT_CONFIRMED = {
  errorCode: 6,
  message: 'Подтвердите номер телефона кодом из СМС',
  errors: { phone: ['Подтвердите номер телефона кодом из СМС'] },
};

beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: { COMPLAINTS_LIMIT_PER_PHONE: '2', COMPLAINTS_LIMIT_PER_LISTING: '3' },
  });
  const agency = await createAgency(t.ctx, 'complaint-abuse', '91');
  for (const id of ['ca-flood', 'ca-one', 'ca-two', 'ca-three', 'ca-busy'])
    await createPublication(t.ctx, agency.agent, { id, price: 6_000_000, publishedDaysAgo: 3 });
  await registerSiteUsers(
    t.ctx,
    { userId: 'ca-moderator', name: 'Модератор Ирина', phone: '79990000000' },
    { userId: 'ca-user', name: 'Олег', phone: '79163330100' },
  );
  moderator = await signIn(t, '79990000000');
});
afterAll(() => t.close());

let ipCounter = 0;
const newIp = () => `203.0.113.${++ipCounter}`;
const complain = (
  listing: string,
  phone: string,
  options: { trust?: string; ip?: string; token?: string } = {},
) => {
  let r = request(t.app)
    .post(`/api/publications/${listing}/complaint`)
    .set('X-Forwarded-For', options.ip ?? newIp());
  if (options.trust) r = r.set('trust-token', options.trust);
  if (options.token) r = r.set('Authorization', `Bearer ${options.token}`);
  return r.send({
    phone,
    email: 'someone@example.ru',
    comment: 'Объявление — обман, квартиры не существует',
    policy: true,
    'g-recaptcha-response': 'test',
  });
};
const queueOf = async (listing: string) => {
  await t.ctx.projections.whenCaughtUp();
  const filter = encodeURIComponent(JSON.stringify({ publicationId: listing }));
  return (
    await request(t.app)
      .get(`/api/cabinet/complaints?filter=${filter}`)
      .set('Authorization', `Bearer ${moderator}`)
      .expect(200)
  ).body as { phone: string }[];
};

describe('a complaint needs a confirmed phone', () => {
  it('refuses 15 complaints from 15 addresses with made-up phones, and none reaches the queue', async () => {
    const answers = [];
    for (let i = 0; i < 15; i++)
      answers.push(await complain('ca-flood', `7916444${String(i).padStart(4, '0')}`));
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array(15).fill([403, NOT_CONFIRMED]));
    expect(await queueOf('ca-flood')).toEqual([]);
  });

  it('refuses a made-up trust token, and one of another phone', async () => {
    const otherPhones = await trustPhone(t, '79164440100');
    for (const trust of ['made-up-token-of-thirty-chars-x', otherPhones]) {
      const answer = await complain('ca-flood', '79164440101', { trust }).expect(403);
      expect(answer.body).toMatchObject({
        errorCode: 6,
        message: 'Подтверждение номера истекло или относится к другому номеру. Запросите новый код.',
      });
    }
    expect(await queueOf('ca-flood')).toEqual([]);
  });

  it('takes a complaint from a phone confirmed by its SMS code, or from the signed-in user’s own phone', async () => {
    const trust = await trustPhone(t, '79164440200');
    await complain('ca-one', '79164440200', { trust }).expect(201);
    const user = await signIn(t, '79163330100');
    await complain('ca-one', '79163330100', { token: user }).expect(201);
    // signed in, but naming another phone: that one must be confirmed
    expect((await complain('ca-one', '79164440201', { token: user }).expect(403)).body.errorCode).toBe(6);
    expect((await queueOf('ca-one')).map((c) => c.phone).sort()).toEqual(['79163330100', '79164440200']);
  });
});

describe('the limits beside the per-IP one', () => {
  it('takes 2 complaints a day from one phone, from any address (429 beyond)', async () => {
    const trust = await trustPhone(t, '79164440300');
    await complain('ca-two', '79164440300', { trust }).expect(201);
    await complain('ca-three', '79164440300', { trust }).expect(201);
    const third = await complain('ca-busy', '79164440300', { trust }).expect(429);
    expect(third.body).toMatchObject(TOO_MANY);
    expect(third.body.errors.retryAfter).toHaveLength(1);
  });

  it('takes 3 complaints a day about one listing, from any phones and addresses (429 beyond)', async () => {
    const answers = [];
    for (const phone of ['79164440401', '79164440402', '79164440403', '79164440404'])
      answers.push(await complain('ca-busy', phone, { trust: await trustPhone(t, phone) }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429]);
    expect(answers[3].body).toMatchObject(TOO_MANY);
    expect(await queueOf('ca-busy')).toHaveLength(3);
  });
});
