import request from 'supertest';
import { ERASED_PERSON } from '@estate/events';
import { USERS } from '@estate/projections';
import { lastCode, signIn, startTestApp, type TestApp } from '../../test/testApp';
import { registerSiteUsers } from '../../test/users';

/**
 * A person's data: its export, its erasure by the person with an SMS code, and a moderator's
 * erasure by request (services/src/identity/erasure.ts); test/personalErasure.int.spec.ts looks
 * for what an erasure leaves in the files.
 */
let t: TestApp;
let moderator: string;
const MODERATOR_PHONE = '79990000000';
const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  await registerSiteUsers(
    t.ctx,
    { userId: 'moderator', name: 'Модератор', phone: MODERATOR_PHONE },
    { userId: 'erasure-self', name: 'Сам Себе', phone: '79165550001', email: 'self@example.ru' },
    { userId: 'erasure-asked', name: 'Просил Удалить', phone: '79165550002' },
    { userId: 'erasure-other', name: 'Другой', phone: '79165550003' },
  );
  moderator = await signIn(t, MODERATOR_PHONE);
});
afterAll(() => t.close());

describe('the export', () => {
  it('gives the signed-in person their profile and their documents, and nobody else’s', async () => {
    const token = await signIn(t, '79165550003');
    const { body } = await as(token, request(t.app).get('/api/profile/export')).expect(200);
    expect(body.data).toMatchObject({
      profile: { id: 'erasure-other', name: 'Другой', phone: '79165550003' },
      favourites: [],
      bookings: [],
      chatMessages: [],
    });
    await request(t.app).get('/api/profile/export').expect(401);
  });
});

describe('deleting one’s account', () => {
  it('refuses a wrong code and keeps the account', async () => {
    const token = await signIn(t, '79165550001');
    t.clock.advance(31_000);
    await as(
      token,
      request(t.app).post('/api/profile/delete/send-code').send({ 'g-recaptcha-response': 'test' }),
    ).expect(200);
    const code = await lastCode(t, '79165550001');
    const wrong = code === '0000' ? '1111' : '0000';
    const refused = await as(token, request(t.app).post('/api/profile/delete').send({ smsCode: wrong }));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body).toHaveProperty('errorCode');
    await as(token, request(t.app).get('/api/profile')).expect(200);
    // the right code erases: the session ends, the number is free for a new sign-up
    await as(token, request(t.app).post('/api/profile/delete').send({ smsCode: code })).expect(200);
    await as(token, request(t.app).get('/api/profile')).expect(401);
    const user = await t.ctx.readStore.collection(USERS).findOne({ _id: 'erasure-self' });
    expect(user).toMatchObject({ name: ERASED_PERSON, email: null });
    t.clock.advance(31_000);
    const signUp = () =>
      request(t.app).post('/api/auth/registration').send({
        name: 'Новый владелец',
        phone: '79165550001',
        email: 'new-owner@example.ru',
        'g-recaptcha-response': 'test',
      });
    await signUp().expect(200);
    const taken = await request(t.app).post('/api/auth/registration').send({
      name: 'Занято',
      phone: '79165550003',
      email: 'taken@example.ru',
      'g-recaptcha-response': 'test',
    });
    expect(taken.body.errors).toEqual({
      phone: ['Пользователь с таким номером телефона уже зарегистрирован'],
    });
  });

  it('asks for the code in Russian field errors', async () => {
    const token = await signIn(t, '79165550003');
    const { body } = await as(token, request(t.app).post('/api/profile/delete').send({})).expect(400);
    expect(body.errors).toEqual({ smsCode: ['Обязательное поле'] });
  });
});

describe('a moderator’s erasure by request', () => {
  const erase = (token: string, userId: string, reason: unknown) =>
    as(token, request(t.app).post(`/api/moderation/users/${userId}/erase`).send({ reason }));

  it('is for moderators only, with the request named', async () => {
    const other = await signIn(t, '79165550003');
    await erase(other, 'erasure-asked', 'Письменный запрос от 01.12.2026').expect(403);
    const { body } = await erase(moderator, 'erasure-asked', '').expect(400);
    expect(body.errors).toEqual({ reason: ['Укажите основание: запрос пользователя, его дату и канал'] });
    await erase(moderator, 'nobody', 'Письменный запрос от 01.12.2026').expect(404);
  });

  it('erases the person, records who and why, and a second request changes nothing', async () => {
    const token = await signIn(t, '79165550002');
    await erase(moderator, 'erasure-asked', 'Письменный запрос от 01.12.2026').expect(200);
    await as(token, request(t.app).get('/api/profile')).expect(401);
    const events = await t.ctx.eventStore.readStream('user-erasure-asked');
    expect(events.at(-1)).toMatchObject({
      type: 'PersonErased',
      data: { userId: 'erasure-asked', by: 'moderator', reason: 'Письменный запрос от 01.12.2026' },
    });
    expect(events[0].data).toMatchObject({ name: ERASED_PERSON, phone: '' });
    await erase(moderator, 'erasure-asked', 'Повторный запрос').expect(200);
    expect(await t.ctx.eventStore.readStream('user-erasure-asked')).toHaveLength(events.length);
  });
});
