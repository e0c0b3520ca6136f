import request from 'supertest';
import { confirmationToken, lettersTo } from '../../test/letters';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_PHONES } from '../seed';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const JPG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(200, 1),
  Buffer.from([0xff, 0xd9]),
]);

describe('the profile through the HTTP API', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = await signIn(t, DEMO_PHONES.user);
  });
  afterAll(() => t.close());
  const auth = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);
  const profile = async () => (await auth(request(t.app).get('/api/profile')).expect(200)).body.data;

  it('answers 401 in the envelope without a session', async () => {
    for (const path of [
      '/api/profile',
      '/api/profile/avatar',
      '/api/profile/switch-notifications?canReceiveNotifications=false',
    ]) {
      const res = await request(t.app).get(path).expect(401);
      expect(res.body).toEqual({ errorCode: 101, message: 'Требуется авторизация' });
    }
    await request(t.app).post('/api/profile/avatar').attach('avatar', PNG, 'a.png').expect(401);
  });

  it('changes the name, trimmed, and refuses an empty one', async () => {
    const res = await auth(
      request(t.app).patch('/api/profile/change-name').send({ name: '  Ирина Соколова ' }),
    ).expect(200);
    expect(res.body.data.name).toBe('Ирина Соколова');
    const bad = await auth(request(t.app).patch('/api/profile/change-name').send({ name: '   ' })).expect(
      400,
    );
    expect(bad.body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { name: ['Обязательное поле'] },
    });
  });

  it('switches notifications by the spec’s GET query and by PATCH', async () => {
    const off = await auth(
      request(t.app).get('/api/profile/switch-notifications').query({ canReceiveSmsNotifications: 'false' }),
    ).expect(200);
    expect(off.body.data.settings).toEqual({
      canReceiveNotifications: true,
      canReceiveSmsNotifications: false,
      canReceiveEmailNotifications: true,
      canReceiveTariffNotifications: true,
    });
    await auth(
      request(t.app).patch('/api/profile/switch-notifications').send({ canReceiveNotifications: false }),
    ).expect(200);
    await auth(
      request(t.app)
        .patch('/api/profile/notification-setting')
        .send({ name: 'canReceiveEmailNotifications', value: false }),
    ).expect(200);
    expect(await profile()).toMatchObject({
      hasReceiveNotifications: false,
      settings: {
        canReceiveNotifications: false,
        canReceiveSmsNotifications: false,
        canReceiveEmailNotifications: false,
      },
    });
    await auth(
      request(t.app).get('/api/profile/switch-notifications').query({ canReceiveNotifications: 'maybe' }),
    ).expect(400);
    await auth(request(t.app).get('/api/profile/switch-notifications')).expect(400);
  });

  it('stores a png or jpg avatar under /storage and serves it', async () => {
    const res = await auth(request(t.app).post('/api/profile/avatar').attach('avatar', PNG, 'me.png')).expect(
      200,
    );
    const avatarPath = res.body.data.avatarPath as string;
    expect(avatarPath).toMatch(/^\/storage\/avatars\/demo-user\/[0-9a-f]{24}\.png$/);
    const served = await request(t.app).get(avatarPath).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    expect((await auth(request(t.app).get('/api/profile/avatar')).expect(200)).body.data.avatarPath).toBe(
      avatarPath,
    );
    expect((await profile()).avatar).toBe(avatarPath);

    // told by content, not by name: a jpg named .png is a jpg, text named .jpg is refused
    const jpg = await auth(
      request(t.app).post('/api/profile/avatar').attach('avatar', JPG, 'photo.png'),
    ).expect(200);
    expect(jpg.body.data.avatarPath).toMatch(/\.jpg$/);
    const fake = await auth(
      request(t.app).post('/api/profile/avatar').attach('avatar', Buffer.from('<svg onload=alert(1)>'), {
        filename: 'x.jpg',
        contentType: 'image/jpeg',
      }),
    ).expect(400);
    expect(fake.body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { avatar: ['Допустимы изображения JPG и PNG'] },
    });
  });

  it('refuses an avatar over 10 MB and a request without a file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await auth(
      request(t.app).post('/api/profile/avatar').attach('avatar', big, 'big.png'),
    ).expect(400);
    expect(res.body.errors).toEqual({ avatar: ['Файл больше 10 МБ'] });
    const none = await auth(request(t.app).post('/api/profile/avatar').field('name', 'x')).expect(400);
    expect(none.body.errors).toEqual({ avatar: ['Выберите файл изображения'] });
  });

  it('changes the e-mail, sends a link, and confirms it once followed', async () => {
    const changed = await auth(
      request(t.app).post('/api/auth/change-email').send({ newEmail: 'irina@example.ru' }),
    ).expect(200);
    expect(changed.body.data).toEqual({ email: 'irina@example.ru', isVerifiedEmail: false });
    const letters = await lettersTo(t, 'irina@example.ru');
    expect(letters[0].subject).toBe('Подтвердите адрес электронной почты');
    const emailToken = await confirmationToken(t, 'irina@example.ru');

    // the spec's client asks for the letter again with its session token in the body
    await request(t.app).post('/api/auth/send-confirm-email/').send({ token }).expect(200);
    await request(t.app).post('/api/auth/send-confirm-email/').send({ token: 'not-a-session' }).expect(401);

    await request(t.app).post('/api/auth/confirm-email').send({ token: emailToken }).expect(200);
    expect((await profile()).isVerifiedEmail).toBe(true);
    await request(t.app).post('/api/auth/confirm-email').send({ token: emailToken }).expect(200);
    const forged = await request(t.app)
      .post('/api/auth/confirm-email')
      .send({ token: `${emailToken.split('.')[0]}.forged-secret-forged-secret` })
      .expect(400);
    expect(forged.body).toEqual({
      errorCode: 1,
      message: 'Ссылка недействительна. Запросите новую ссылку в профиле.',
    });
    await request(t.app).post('/api/auth/confirm-email').send({ token: 'garbage-garbage' }).expect(400);
  });

  it('refuses a link older than three days', async () => {
    await auth(request(t.app).post('/api/auth/change-email').send({ newEmail: 'late@example.ru' })).expect(
      200,
    );
    const emailToken = await confirmationToken(t, 'late@example.ru');
    t.clock.advance(3 * 24 * 3600_000 + 1000);
    const res = await request(t.app).post('/api/auth/confirm-email').send({ token: emailToken }).expect(400);
    expect(res.body.message).toBe('Срок действия ссылки истёк. Запросите новую ссылку в профиле.');
  });

  it('refuses a malformed address with the spec’s text', async () => {
    const res = await auth(request(t.app).post('/api/auth/change-email').send({ newEmail: 'irina@' })).expect(
      400,
    );
    expect(res.body.errors).toEqual({ newEmail: ['Введите корректный адрес почты'] });
  });
});
