import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { settled } from '../../test/settled';
import { trustPhone } from '../../test/trust';
import { bookingStream } from './booking';
import { todayOf } from './dates';
import { registerSiteUser } from '../../test/users';

/** Anonymous booking requests (issue 12, item 5): the bot check, a phone confirmed by SMS code, limits, one request per asking, the guest's own page. */
let t: TestApp;
let hostPhone: string;
const GUEST = '79162220000';
const USER = '79162220001';
const OTHER = '79162220002';
const TOO_MANY = 'Превышен лимит запросов, пожалуйста попробуйте позже.';

beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: { BOOKING_LIMIT_PER_IP: '6', BOOKING_LIMIT_PER_PHONE: '4', BOOKING_LIMIT_PER_LISTING: '5' },
  });
  const agency = await createAgency(t.ctx, 'abuse', '41');
  hostPhone = agency.agentPhone;
  for (const id of ['loft', 'house', 'cabin', 'dacha', 'chalet'])
    await createPublication(t.ctx, agency.agent, {
      id,
      deal: 'dailyRent',
      price: 2_000,
      guests: 4,
      publishedDaysAgo: 10,
    });
  await registerSiteUser(t.ctx, { userId: 'user-1', name: 'Пётр', phone: USER });
});
afterAll(() => t.close());

/** Moscow dates, as the app's */
const day = (offset: number) => todayOf(new Date(Date.now() + offset * 86_400_000));
let ipCounter = 0;
/** Each test speaks from its own address (the app trusts the loopback proxy's X-Forwarded-For), so the per-IP limit is tested alone. */
const newIp = () => `203.0.113.${++ipCounter}`;
const ask = (
  publication: string,
  from: number,
  to: number,
  options: { phone?: string; trust?: string; token?: string; ip?: string; bot?: string | null } = {},
) => {
  const body: Record<string, unknown> = {
    name: 'Анна',
    phone: options.phone ?? GUEST,
    email: null,
    startDate: day(from),
    endDate: day(to),
    adultCount: 2,
    childCount: 0,
  };
  if (options.bot !== null) body['g-recaptcha-response'] = options.bot ?? 'test';
  let r = request(t.app)
    .post(`/api/booking/daily-rent/${publication}`)
    .set('X-Forwarded-For', options.ip ?? newIp())
    .send(body);
  if (options.trust) r = r.set('trust-token', options.trust);
  if (options.token) r = r.set('Authorization', `Bearer ${options.token}`);
  return r;
};
/** what was sent to a phone, once what follows the facts so far has happened */
const sms = async (phone: string) => {
  await settled(t);
  return (await request(t.app).get(`/api/dev/sms?phone=${phone}`).expect(200)).body.data as {
    text: string;
  }[];
};
const hostNotices = async () =>
  (await sms(hostPhone)).filter((m) => m.text.startsWith('Новая заявка')).length;

describe('a booking request needs a confirmed phone', () => {
  it('is refused with errorCode 6 without a trust token, and sends nothing', async () => {
    const before = await hostNotices();
    const res = await ask('loft', 10, 12).expect(403);
    expect(res.body).toMatchObject({
      errorCode: 6,
      errors: { phone: ['Подтвердите номер телефона кодом из СМС'] },
    });
    expect(await hostNotices()).toBe(before);
  });

  it('is refused with a wrong token, a token of another phone, or one more than a day old', async () => {
    await ask('loft', 10, 12, { trust: 'x'.repeat(43) }).expect(403);
    const otherPhones = await trustPhone(t, OTHER);
    expect((await ask('loft', 10, 12, { trust: otherPhones }).expect(403)).body.errorCode).toBe(6);
    const token = await trustPhone(t, GUEST);
    t.clock.advance(24 * 3600_000 + 1000);
    try {
      expect((await ask('loft', 10, 12, { trust: token }).expect(403)).body).toMatchObject({
        errorCode: 6,
        message: 'Подтверждение номера истекло или относится к другому номеру. Запросите новый код.',
      });
    } finally {
      t.clock.advance(-(24 * 3600_000 + 1000));
    }
  });

  it('needs the bot check', async () => {
    const token = await trustPhone(t, GUEST);
    expect((await ask('loft', 10, 12, { trust: token, bot: null }).expect(400)).body.errors).toHaveProperty([
      'g-recaptcha-response',
    ]);
  });

  it('needs no code from a signed-in user sending their own phone; another phone still needs one', async () => {
    const session = await signIn(t, USER);
    expect((await ask('cabin', 10, 12, { phone: USER, token: session }).expect(201)).body.data).toMatchObject(
      { phone: USER, guestPage: null },
    );
    expect((await ask('cabin', 14, 16, { phone: OTHER, token: session }).expect(403)).body.errorCode).toBe(6);
  });
});

describe('the same asking is one request', () => {
  it('answers the same request again while it is open: one stream, one notice to the host', async () => {
    const token = await trustPhone(t, GUEST);
    const before = await hostNotices();
    const first = await ask('house', 20, 23, { trust: token }).expect(201);
    expect(first.body.data).toMatchObject({ repeated: false, status: 1 });
    const again = await Promise.all([
      ask('house', 20, 23, { trust: token }),
      ask('house', 20, 23, { trust: token }),
    ]);
    for (const answer of again) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ id: first.body.data.id, repeated: true, guestPage: null });
    }
    expect(await t.ctx.eventStore.readStream(bookingStream(first.body.data.id))).toHaveLength(1);
    expect(await hostNotices()).toBe(before + 1);
    const host = await signIn(t, hostPhone);
    const listed = await request(t.app)
      .get(`/api/booking/daily-rent/list-for-agent?startDate=${day(19)}&endDate=${day(24)}`)
      .set('Authorization', `Bearer ${host}`)
      .expect(200);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([first.body.data.id]);
    // other nights are another asking
    expect((await ask('house', 20, 24, { trust: token }).expect(201)).body.data.id).not.toBe(
      first.body.data.id,
    );
  });

  it('may be asked again once rejected: a new request, and the host hears of it', async () => {
    const token = await trustPhone(t, GUEST);
    const first = await ask('house', 30, 31, { trust: token }).expect(201);
    const host = await signIn(t, hostPhone);
    await request(t.app)
      .post(`/api/booking/daily-rent/${first.body.data.id}/reject`)
      .set('Authorization', `Bearer ${host}`)
      .send({ text: 'Ремонт' })
      .expect(200);
    const before = await hostNotices();
    const second = await ask('house', 30, 31, { trust: token }).expect(201);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(second.body.data).toMatchObject({ status: 1, repeated: false });
    expect(await hostNotices()).toBe(before + 1);
  });
});

describe('limits', () => {
  it('per IP: every call counts; over the limit HTTP 429 with the spec’s text', async () => {
    const token = await trustPhone(t, OTHER);
    const ip = newIp();
    await ask('dacha', 40, 41, { phone: OTHER, trust: token, ip }).expect(201);
    for (let i = 0; i < 5; i++) await ask('dacha', 40, 41, { phone: OTHER, trust: token, ip }).expect(200); // the same request again also counts here
    const refused = await ask('dacha', 40, 41, { phone: OTHER, trust: token, ip }).expect(429);
    expect(refused.body).toMatchObject({ errorCode: 108, message: TOO_MANY });
    await ask('dacha', 40, 41, { phone: OTHER, trust: token }).expect(200); // another address is not held back
  });

  it('per phone: new requests of one phone from any address', async () => {
    const phone = '79162220010';
    const token = await trustPhone(t, phone);
    for (let i = 0; i < 4; i++)
      await ask(['loft', 'house', 'cabin', 'dacha'][i], 60, 61, { phone, trust: token }).expect(201);
    expect((await ask('loft', 62, 63, { phone, trust: token }).expect(429)).body.message).toBe(TOO_MANY);
    // the same request again is not a new one: answered, not refused
    expect((await ask('loft', 60, 61, { phone, trust: token }).expect(200)).body.data.repeated).toBe(true);
  });

  it('per listing: new requests for one listing from any phone and address', async () => {
    const phones = ['79162220020', '79162220021', '79162220022', '79162220023', '79162220024', '79162220025'];
    const tokens: string[] = [];
    for (const phone of phones) tokens.push(await trustPhone(t, phone));
    for (let i = 0; i < 5; i++)
      await ask('chalet', 70 + i, 71 + i, { phone: phones[i], trust: tokens[i] }).expect(201);
    expect(
      (await ask('chalet', 80, 81, { phone: phones[5], trust: tokens[5] }).expect(429)).body.message,
    ).toBe(TOO_MANY);
    await ask('loft', 80, 81, { phone: phones[5], trust: tokens[5] }).expect(201);
  });
});

describe('the guest’s own page', () => {
  it('is reached by the link in the answer and in the SMS, shows the request and cancels it with a reason; a wrong key sees nothing', async () => {
    const phone = '79162220030';
    const token = await trustPhone(t, phone);
    const res = await ask('loft', 90, 93, { phone, trust: token }).expect(201);
    const { id, guestPage } = res.body.data as { id: string; guestPage: string };
    expect(guestPage).toMatch(new RegExp(`^/booking/${id}#[A-Za-z0-9_-]{43}$`));
    const key = guestPage.split('#')[1];
    expect((await sms(phone)).some((m) => m.text.includes(guestPage))).toBe(true);
    const page = await request(t.app)
      .get(`/api/booking/daily-rent/guest/${id}`)
      .set('booking-key', key)
      .expect(200);
    expect(page.body.data).toMatchObject({
      id,
      startDate: day(90),
      endDate: day(93),
      nightsCount: 3,
      price: 6_000,
      displayStatusName: 'Ожидает подтверждения',
    });
    expect(page.body.data).not.toHaveProperty('guestKeyHash');
    await request(t.app)
      .get(`/api/booking/daily-rent/guest/${id}`)
      .set('booking-key', `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)
      .expect(404);
    await request(t.app).get(`/api/booking/daily-rent/guest/${id}`).expect(404);
    await request(t.app)
      .post(`/api/booking/daily-rent/guest/${id}/cancel`)
      .set('booking-key', 'y'.repeat(43))
      .send({ text: 'x' })
      .expect(404);
    const cancelled = await request(t.app)
      .post(`/api/booking/daily-rent/guest/${id}/cancel`)
      .set('booking-key', key)
      .send({ text: 'Поменялись планы' })
      .expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 3, displayStatus: 5, reason: 'Поменялись планы' });
    await request(t.app)
      .post(`/api/booking/daily-rent/guest/${id}/cancel`)
      .set('booking-key', key)
      .send({ text: 'x' })
      .expect(422);
  });
});
