import { Writable } from 'node:stream';
import request from 'supertest';
import { createLogger } from '../core/logger';
import type { SmsMessage, SmsProvider } from '../core/notify/port';
import { OutboxSms } from '../core/notify/outbox';
import { lastCode, signIn, startTestApp, type TestApp } from '../../test/testApp';
import { sendCodeFrom } from '../../test/trust';
import { DEMO_PHONES } from '../seed';

const BOT = { 'g-recaptcha-response': 'test-token' };
const newPhone = (() => {
  let n = 1000;
  return () => `7912000${String(n++).padStart(4, '0')}`;
})();

describe('accounts through the HTTP API', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    // every line the app logs, at the most verbose level, to look for secrets in them
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    t = await startTestApp({ logger: createLogger('trace', stream) });
  });
  afterAll(() => t.close());

  const post = (path: string, body: object, token?: string) => {
    const r = request(t.app).post(path).send(body);
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  };
  /** a login code for a phone, asked once the wait after the code before it is over */
  const loginCode = async (phone: string) => {
    t.clock.advance(31_000);
    await post('/api/auth/send-login-sms-code', { phone, ...BOT }).expect(200);
    return lastCode(t, phone);
  };
  /** a new phone registered, and the code sent to confirm it */
  const registering = async (name: string, email: string) => {
    const phone = newPhone();
    await post('/api/auth/registration', { name, phone, email, ...BOT }).expect(200);
    return { phone, code: await lastCode(t, phone) };
  };

  it('registers with a code from the outbox, reads the profile, logs out, and signs in again', async () => {
    const phone = newPhone();
    const sent = await post('/api/auth/registration', {
      name: 'Анна Петрова',
      phone: `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`,
      email: 'anna@example.ru',
      ...BOT,
    }).expect(200);
    // endTime is 30 s after the server's time of sending, which the answer gives beside it
    expect(Date.parse(sent.body.data.endTime) - Date.parse(sent.body.data.serverTime)).toBe(30_000);
    expect(Math.abs(Date.parse(sent.body.data.serverTime) - t.clock.now().getTime())).toBeLessThan(5_000);
    const code = await lastCode(t, phone);

    const confirmed = await post('/api/auth/confirm-phone', { phone, smsCode: code }).expect(200);
    const token = confirmed.body.data.token as string;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(confirmed.headers['set-cookie'][0]).toMatch(
      /^auth-token=.+Max-Age=2592000; .*HttpOnly; SameSite=Lax$/,
    );

    const profile = await request(t.app).get('/api/profile').set('Cookie', `auth-token=${token}`).expect(200);
    expect(profile.body.data).toMatchObject({
      name: 'Анна Петрова',
      phone,
      email: 'anna@example.ru',
      role: 3,
      isVerifiedEmail: false,
      agencyId: null,
      status: 'Обычный',
    });
    expect(profile.body.data.settings).toEqual({
      canReceiveNotifications: true,
      canReceiveSmsNotifications: true,
      canReceiveEmailNotifications: true,
      canReceiveTariffNotifications: true,
    });

    await post('/api/auth/logout', {}, token).expect(200);
    const revoked = await request(t.app)
      .get('/api/profile')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);
    expect(revoked.body).toEqual({ errorCode: 101, message: 'Требуется авторизация' });

    const again = await signIn(t, phone);
    expect(again).not.toBe(token);
    await request(t.app).get('/api/profile').set('Authorization', `Bearer ${again}`).expect(200);
  });

  it('refuses a wrong code (errorCode 5, HTTP 400), then takes the right one', async () => {
    const { phone, code } = await registering('Олег', 'oleg@example.ru');
    const wrong = code === '0000' ? '0001' : '0000';
    const res = await post('/api/auth/confirm-phone', { phone, smsCode: wrong }).expect(400);
    expect(res.body).toEqual({ errorCode: 5, message: 'Введен неправильный код' });
    await post('/api/auth/confirm-phone', { phone, smsCode: code }).expect(200);
  });

  it('allows five wrong tries, then not even the right code', async () => {
    const phone = DEMO_PHONES.agent;
    const code = await loginCode(phone);
    const wrong = code === '9999' ? '9998' : '9999';
    for (let i = 0; i < 5; i++) await post('/api/auth/login', { phone, smsCode: wrong }).expect(400);
    const blocked = await post('/api/auth/login', { phone, smsCode: code }).expect(400);
    expect(blocked.body).toMatchObject({
      errorCode: 5,
      message: 'Превышено число попыток ввода кода. Запросите новый код.',
    });
  });

  it('refuses an expired code', async () => {
    const phone = DEMO_PHONES.owner;
    const code = await loginCode(phone);
    t.clock.advance(5 * 60_000 + 1000);
    const res = await post('/api/auth/login', { phone, smsCode: code }).expect(400);
    expect(res.body).toMatchObject({
      errorCode: 5,
      message: 'Срок действия кода истёк. Запросите новый код.',
    });
  });

  it('refuses a new code before endTime and gives one after it', async () => {
    const phone = DEMO_PHONES.user;
    t.clock.advance(31_000);
    const first = await post('/api/auth/send-login-sms-code', { phone, ...BOT }).expect(200);
    t.clock.advance(10_000);
    const early = await post('/api/auth/send-login-sms-code', { phone, ...BOT }).expect(429);
    expect(early.body).toMatchObject({
      errorCode: 107,
      message: 'Новый код можно получить через 20 сек.',
      errors: { endTime: [first.body.data.endTime] },
    });
    t.clock.advance(20_000);
    await post('/api/auth/send-login-sms-code', { phone, ...BOT }).expect(200);
  });

  it('answers an unknown phone with errorCode 2', async () => {
    const res = await post('/api/auth/send-login-sms-code', { phone: newPhone(), ...BOT }).expect(404);
    expect(res.body).toEqual({ errorCode: 2, message: 'Пользователь не найден' });
  });

  it('refuses a second registration of a phone', async () => {
    const res = await post('/api/auth/registration', {
      name: 'Ещё раз',
      phone: DEMO_PHONES.user,
      email: 'x@example.ru',
      ...BOT,
    }).expect(400);
    expect(res.body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { phone: ['Пользователь с таким номером телефона уже зарегистрирован'] },
    });
  });

  it('answers a malformed phone with errorCode 4 and field errors', async () => {
    const res = await post('/api/auth/send-login-sms-code', { phone: '+7 (999) 12', ...BOT }).expect(400);
    expect(res.body).toEqual({
      errorCode: 4,
      message: 'Неверный номер',
      errors: { phone: ['Неверный формат телефона'] },
    });
    const reg = await post('/api/auth/registration', { name: '', phone: '123', email: 'нет', ...BOT }).expect(
      400,
    );
    expect(reg.body.errorCode).toBe(4);
    expect(Object.keys(reg.body.errors).sort()).toEqual(['email', 'name', 'phone']);
  });

  it('requires the bot-check token', async () => {
    const res = await post('/api/auth/send-login-sms-code', { phone: DEMO_PHONES.user }).expect(400);
    expect(res.body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { 'g-recaptcha-response': ['Обязательное поле'] },
    });
    await post('/api/auth/registration', { name: 'Анна', phone: newPhone(), email: 'a@example.ru' }).expect(
      400,
    );
    await post('/api/sms-code/send', { phone: newPhone() }).expect(400);
  });

  it('answers a wrong role with 403 in the envelope', async () => {
    const token = await signIn(t, DEMO_PHONES.user);
    const res = await request(t.app)
      .get('/api/cabinet/publications')
      .set('Authorization', `Bearer ${token}`)
      .expect(403);
    expect(res.body).toEqual({ errorCode: 102, message: 'Недостаточно прав для этого действия' });
  });

  it('gives the configured moderator phones the moderator role', async () => {
    const token = await signIn(t, DEMO_PHONES.moderator);
    const { body } = await request(t.app)
      .get('/api/profile')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(body.data.role).toBe(99);
  });

  it('moves an account to a new phone confirmed by its code, freeing the old one', async () => {
    const oldPhone = newPhone();
    await post('/api/auth/registration', {
      name: 'Пётр',
      phone: oldPhone,
      email: 'petr@example.ru',
      ...BOT,
    }).expect(200);
    const token = (
      await post('/api/auth/confirm-phone', { phone: oldPhone, smsCode: await lastCode(t, oldPhone) }).expect(
        200,
      )
    ).body.data.token;
    const taken = await post('/api/auth/change-phone', { newPhone: DEMO_PHONES.owner, ...BOT }, token).expect(
      400,
    );
    expect(taken.body.errors).toEqual({
      newPhone: ['Пользователь с таким номером телефона уже зарегистрирован'],
    });

    const target = newPhone();
    await post('/api/auth/change-phone', { newPhone: target, ...BOT }, token).expect(200);
    await post(
      '/api/auth/confirm-change-phone',
      { newPhone: target, smsCode: (await lastCode(t, target)) === '0000' ? '0001' : '0000' },
      token,
    ).expect(400);
    const changed = await post(
      '/api/auth/confirm-change-phone',
      { newPhone: target, smsCode: await lastCode(t, target) },
      token,
    ).expect(200);
    expect(changed.body.data.phone).toBe(target);
    expect(
      (await request(t.app).get('/api/profile').set('Authorization', `Bearer ${token}`)).body.data.phone,
    ).toBe(target);

    await signIn(t, target);
    await post('/api/auth/send-login-sms-code', { phone: oldPhone, ...BOT }).expect(404);
    await post('/api/auth/registration', {
      name: 'Новый владелец',
      phone: oldPhone,
      email: 'n@example.ru',
      ...BOT,
    }).expect(200);
  });

  it('checks a form phone and returns a trust token', async () => {
    const phone = newPhone();
    const sent = await post('/api/sms-code/send', { phone, ...BOT }).expect(200);
    expect(sent.body.data.endTime).toBeDefined();
    const res = await post('/api/sms-code/verify', {
      phone,
      smsCode: Number(await lastCode(t, phone)),
      ...BOT,
    });
    // a number loses leading zeros; the API pads it back to four digits
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone, token: expect.any(String) });
  });

  it('never writes a token or a code to the logs', async () => {
    const { phone, code } = await registering('Тайна', 'secret@example.ru');
    const token = (await post('/api/auth/confirm-phone', { phone, smsCode: code }).expect(200)).body.data
      .token;
    await request(t.app).get('/api/profile').set('Authorization', `Bearer ${token}`).expect(200);
    await request(t.app).get('/api/profile').set('Cookie', `auth-token=${token}`).expect(200);
    await request(t.app)
      .get(`/api/profile?token=${token}`)
      .expect(200)
      .catch(() => undefined);
    await post('/api/auth/logout', {}, token).expect(200);
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(1000);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(new RegExp(`[^0-9]${code}[^0-9]`));
  });
});

describe('abuse limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { SMS_LIMIT_PER_PHONE: '3', SMS_LIMIT_PER_IP: '5', CODE_CHECK_LIMIT_PER_IP: '1000' },
    });
  });
  afterAll(() => t.close());
  const send = (phone: string, ip: string) => sendCodeFrom(t, phone, ip);

  it('answers 429 with the spec text when one phone asks for too many codes', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(31_000);
      await send(phone, `10.0.0.${i + 1}`).expect(200);
    }
    t.clock.advance(31_000);
    const res = await send(phone, '10.0.0.9').expect(429);
    expect(res.body).toMatchObject({
      errorCode: 108,
      message: 'Превышен лимит запросов, пожалуйста попробуйте позже.',
    });
  });

  it('answers 429 when one IP asks for codes for too many phones', async () => {
    for (let i = 0; i < 5; i++) await send(newPhone(), '10.1.1.1').expect(200);
    const res = await send(newPhone(), '10.1.1.1').expect(429);
    expect(res.body.message).toBe('Превышен лимит запросов, пожалуйста попробуйте позже.');
    await send(newPhone(), '10.1.1.2').expect(200);
  });
});

describe('a failing SMS provider', () => {
  class FlakySms implements SmsProvider {
    readonly name = 'flaky';
    calls = 0;
    constructor(
      private readonly failures: number,
      private readonly inner: SmsProvider,
    ) {}
    async send(message: SmsMessage) {
      this.calls++;
      if (this.calls <= this.failures) throw new Error('gateway down');
      await this.inner.send(message);
    }
  }

  it('is retried with back-off and the code arrives', async () => {
    const t = await startTestApp();
    const flaky = new FlakySms(2, new OutboxSms(t.ctx.readStore));
    t.ctx.sms = flaky; // the worker reads the provider from the context at each job
    try {
      const phone = newPhone();
      await request(t.app)
        .post('/api/sms-code/send')
        .send({ phone, ...BOT })
        .expect(200);
      expect(flaky.calls).toBe(3);
      expect(await lastCode(t, phone)).toMatch(/^\d{4}$/);
    } finally {
      await t.close();
    }
  });

  it('answers errorCode 3 when every try fails, keeps the job as a dead letter, and lets the user ask again at once', async () => {
    const t = await startTestApp();
    const flaky = new FlakySms(3, new OutboxSms(t.ctx.readStore));
    t.ctx.sms = flaky; // the worker reads the provider from the context at each job
    try {
      const phone = newPhone();
      const res = await request(t.app)
        .post('/api/sms-code/send')
        .send({ phone, ...BOT })
        .expect(503);
      expect(res.body).toEqual({ errorCode: 3, message: 'Не удалось отправить СМС - код' });
      const dead = await t.ctx.jobs.deadLetters('sms');
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ failedReason: 'gateway down', data: { to: phone } });
      await request(t.app)
        .post('/api/sms-code/send')
        .send({ phone, ...BOT })
        .expect(200);
      expect(await lastCode(t, phone)).toMatch(/^\d{4}$/);
    } finally {
      await t.close();
    }
  });
});
