import request from 'supertest';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_PHONES } from '../seed';
import { hashToken, SESSION_IDLE_SECONDS } from './sessions';
import { sessionStream } from './sessionActivity';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

describe('the session cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Signs in through the SMS flow and answers the session cookie the server set, as a browser keeps it. */
  const cookieSignIn = async (phone: string) => {
    const token = await signIn(t, phone);
    return { token, cookie: `auth-token=${token}` };
  };

  it('is HttpOnly, SameSite=Lax, for the whole site, and lives 30 days unused (not Secure outside production)', async () => {
    t.clock.advance(31_000);
    await request(t.app)
      .post('/api/auth/send-login-sms-code')
      .send({ phone: DEMO_PHONES.user, 'g-recaptcha-response': 't' })
      .expect(200);
    const { body } = await request(t.app).get('/api/dev/sms').query({ phone: DEMO_PHONES.user });
    const code = /\b(\d{4})\b/.exec(body.data[0].text)![1];
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ phone: DEMO_PHONES.user, smsCode: code })
      .expect(200);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(
      /^auth-token=[\w-]+; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('ends a session unused for 30 days, and the server clears the dead cookie', async () => {
    const { cookie } = await cookieSignIn(DEMO_PHONES.user);
    await request(t.app).get('/api/profile').set('Cookie', cookie).expect(200);
    t.clock.advance(SESSION_IDLE_SECONDS * 1000 + HOUR);
    const dead = await request(t.app).get('/api/profile').set('Cookie', cookie).expect(401);
    expect(dead.body).toEqual({ errorCode: 101, message: 'Требуется авторизация' });
    expect(String(dead.headers['set-cookie'])).toMatch(
      /^auth-token=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
  });

  it('slides forward on use: a session used every 20 days lives on; the cookie is renewed with it', async () => {
    const { cookie, token } = await cookieSignIn(DEMO_PHONES.user);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * DAY);
      const used = await request(t.app).get('/api/profile').set('Cookie', cookie).expect(200);
      expect(String(used.headers['set-cookie'])).toMatch(
        /^auth-token=[\w-]+; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
      );
    }
    await t.ctx.projections.whenCaughtUp();
    expect((await t.ctx.eventStore.readStream(sessionStream(hashToken(token)))).map((e) => e.type)).toEqual([
      'SessionUsed',
      'SessionUsed',
      'SessionUsed',
    ]);
  });

  it('records a use at most once an hour, however many requests come', async () => {
    const { cookie, token } = await cookieSignIn(DEMO_PHONES.user);
    t.clock.advance(2 * HOUR);
    await Promise.all(
      Array.from({ length: 10 }, () => request(t.app).get('/api/profile').set('Cookie', cookie).expect(200)),
    );
    for (let i = 0; i < 5; i++)
      await request(t.app).get('/api/favorite-publications').set('Cookie', cookie).expect(200);
    t.clock.advance(30 * 60_000);
    const quiet = await request(t.app).get('/api/profile').set('Cookie', cookie).expect(200);
    expect(quiet.headers['set-cookie']).toBeUndefined();
    expect(await t.ctx.eventStore.readStream(sessionStream(hashToken(token)))).toHaveLength(1);
  });

  it('ends a session after a year however much it is used', async () => {
    const { cookie } = await cookieSignIn(DEMO_PHONES.user);
    const statuses: number[] = [];
    for (let i = 0; i < 18; i++) {
      t.clock.advance(20 * DAY);
      statuses.push((await request(t.app).get('/api/profile').set('Cookie', cookie)).status);
    }
    t.clock.advance(10 * DAY);
    statuses.push((await request(t.app).get('/api/profile').set('Cookie', cookie)).status);
    expect(statuses).toEqual([...Array<number>(18).fill(200), 401]);
  });

  it('keeps Bearer tokens working for API clients, with the same idle end', async () => {
    const { token } = await cookieSignIn(DEMO_PHONES.user);
    const answer = await request(t.app)
      .get('/api/profile')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(answer.headers['set-cookie']).toBeUndefined();
    t.clock.advance(SESSION_IDLE_SECONDS * 1000 + HOUR);
    await request(t.app).get('/api/profile').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('marks every signed-in answer and every cookie-setting answer no-store, and leaves anonymous answers cacheable', async () => {
    const { cookie } = await cookieSignIn(DEMO_PHONES.user);
    for (const path of [
      '/api/profile',
      '/api/favorite-publications',
      '/api/locations?search=Мос',
      '/api/client-config',
    ]) {
      const answer = await request(t.app).get(path).set('Cookie', cookie);
      expect([path, answer.headers['cache-control']]).toEqual([path, 'no-store']);
    }
    const anonymous = await request(t.app).get('/api/client-config').expect(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
    const deadCookie = await request(t.app)
      .get('/api/client-config')
      .set('Cookie', 'auth-token=nothing-like-a-session')
      .expect(200);
    expect(deadCookie.headers['cache-control']).toBe('no-store');
  });
});

describe('cross-site writes with the cookie', () => {
  let t: TestApp;
  let cookie: string;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://estate.example' } });
    token = await signIn(t, DEMO_PHONES.user);
    cookie = `auth-token=${token}`;
  });
  afterAll(() => t.close());
  const rename = (name: string) =>
    request(t.app).patch('/api/profile/change-name').send({ name }).set('Cookie', cookie);

  it('refuses a write from a foreign Origin carried only by the cookie (403)', async () => {
    const refused = await rename('Злоумышленник').set('Origin', 'https://evil.example').expect(403);
    expect(refused.body).toEqual({ errorCode: 102, message: 'Запрос с другого сайта отклонён' });
    await request(t.app).post('/api/auth/logout').set('Cookie', cookie).set('Origin', 'null').expect(403);
    await rename('Злоумышленник').set('Sec-Fetch-Site', 'cross-site').expect(403);
    await rename('Злоумышленник').set('Sec-Fetch-Site', 'same-site').expect(403);
    const profile = await request(t.app).get('/api/profile').set('Cookie', cookie).expect(200);
    expect(profile.body.data.name).not.toBe('Злоумышленник');
  });

  it('refuses the settings switch by GET (the spec’s query form) when a foreign page links to it', async () => {
    const before = (await request(t.app).get('/api/profile').set('Cookie', cookie).expect(200)).body.data
      .settings;
    const linked = await request(t.app)
      .get('/api/profile/switch-notifications')
      .query({ canReceiveNotifications: before.canReceiveNotifications ? 0 : 1 })
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(linked.body.message).toBe('Запрос с другого сайта отклонён');
    expect(
      (await request(t.app).get('/api/profile').set('Cookie', cookie).expect(200)).body.data.settings,
    ).toEqual(before);
    await request(t.app)
      .get('/api/profile/switch-notifications')
      .query({ canReceiveNotifications: before.canReceiveNotifications ? 1 : 0 })
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
  });

  it('lets the site itself write: its PUBLIC_URL origin, its own host, or a same-origin fetch', async () => {
    const statuses = [
      (await rename('Ирина Васильева').set('Origin', 'https://estate.example')).status,
      (await rename('Ирина Васильева').set('Host', 'shop.local:8080').set('Origin', 'http://shop.local:8080'))
        .status,
      (await rename('Ирина Васильева').set('Sec-Fetch-Site', 'same-origin')).status,
    ];
    expect(statuses).toEqual([200, 200, 200]);
  });

  it('leaves Bearer clients and callers without browser headers (webhooks, scripts) alone', async () => {
    const bearer = await request(t.app)
      .patch('/api/profile/change-name')
      .send({ name: 'Ирина Васильева' })
      .set('Authorization', `Bearer ${token}`)
      .set('Origin', 'https://tool.example');
    expect([bearer.status, (await rename('Ирина Васильева')).status]).toEqual([200, 200]);
  });
});
