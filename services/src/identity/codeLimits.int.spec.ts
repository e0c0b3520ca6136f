import { lastCode, startTestApp, type TestApp } from '../../test/testApp';
import { checkCodeFrom, sendCodeFrom } from '../../test/trust';
import { MAX_WRONG_TRIES, MAX_WRONG_TRIES_PER_DAY } from './phone';

let n = 5000;
const newPhone = () => `7913000${String(n++).padStart(4, '0')}`;

describe('the hourly code quota of a phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, env: { SMS_LIMIT_PER_PHONE: '3', SMS_LIMIT_PER_IP: '1000' } });
  });
  afterAll(() => t.close());
  const send = (phone: string, ip: string) => sendCodeFrom(t, phone, ip);

  it('is spent only on codes actually sent: a burst of early resends locks nobody out', async () => {
    const phone = newPhone();
    await send(phone, '10.2.0.1').expect(200);
    // twenty clicks on «Получить код» within the 30 s pause, from anywhere
    for (let i = 0; i < 20; i++) {
      const early = await send(phone, `10.2.1.${i}`).expect(429);
      expect(early.body.errorCode).toBe(107);
    }
    for (let i = 0; i < 2; i++) {
      t.clock.advance(31_000);
      await send(phone, '10.2.0.1').expect(200);
    }
    // the quota (3 an hour) is spent by the three codes sent, and only now
    t.clock.advance(31_000);
    const spent = await send(phone, '10.2.0.1').expect(429);
    expect(spent.body).toMatchObject({
      errorCode: 108,
      message: 'Превышен лимит запросов, пожалуйста попробуйте позже.',
    });
  });
});

describe('the daily cap on wrong codes per phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    // per-IP limits out of the way: the cap must hold across any number of addresses
    t = await startTestApp({
      seed: false,
      env: { SMS_LIMIT_PER_PHONE: '1000', SMS_LIMIT_PER_IP: '1000', CODE_CHECK_LIMIT_PER_IP: '1000' },
    });
  });
  afterAll(() => t.close());
  const send = (phone: string, ip: string) => sendCodeFrom(t, phone, ip);
  const check = (phone: string, smsCode: string, ip: string) => checkCodeFrom(t, phone, smsCode, ip);

  it(`stops guessing after ${MAX_WRONG_TRIES_PER_DAY} wrong codes a day from many IPs, then gives the phone back the next day`, async () => {
    const phone = newPhone();
    let ip = 0;
    for (let round = 0; round < MAX_WRONG_TRIES_PER_DAY / MAX_WRONG_TRIES; round++) {
      t.clock.advance(31_000);
      await send(phone, `10.3.${round}.1`).expect(200);
      const code = await lastCode(t, phone);
      const wrong = code === '0000' ? '0001' : '0000';
      for (let i = 0; i < MAX_WRONG_TRIES; i++) await check(phone, wrong, `10.4.0.${ip++}`).expect(400);
    }
    t.clock.advance(31_000);
    const noMoreCodes = await send(phone, '10.5.0.1').expect(429);
    expect(noMoreCodes.body.message).toMatch(
      /^Слишком много неверных кодов для этого номера\. Повторите попытку через 2[34] ч\.$/,
    );

    t.clock.advance(24 * 60 * 60_000);
    await send(phone, '10.5.0.1').expect(200);
    const code = await lastCode(t, phone);
    const checked = await check(phone, code, '10.5.0.1').expect(200);
    expect(checked.body.data.phone).toBe(phone);
  });

  it('refuses even the right code, with tries left on it, once the phone reaches the cap', async () => {
    const phone = newPhone();
    const wrongOf = (code: string) => (code === '0000' ? '0001' : '0000');
    // 5 + 5 + 5 + 4 wrong codes: 19, each code used up or nearly
    for (const tries of [5, 5, 5, 4]) {
      t.clock.advance(31_000);
      await send(phone, '10.6.0.1').expect(200);
      const code = await lastCode(t, phone);
      for (let i = 0; i < tries; i++) await check(phone, wrongOf(code), `10.7.${tries}.${i}`).expect(400);
    }
    // a fresh code (19 < 20: still sent), one wrong try on it makes 20: its right code no longer opens it
    t.clock.advance(31_000);
    await send(phone, '10.6.0.1').expect(200);
    const code = await lastCode(t, phone);
    await check(phone, wrongOf(code), '10.8.0.1').expect(400);
    const refused = await check(phone, code, '10.8.0.2').expect(400);
    expect(refused.body).toMatchObject({
      errorCode: 5,
      message: expect.stringMatching(/^Слишком много неверных кодов для этого номера/),
    });
  });
});
