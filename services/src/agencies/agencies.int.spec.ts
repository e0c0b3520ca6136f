import request from 'supertest';
import { lettersTo } from '../../test/letters';
import { createAgency } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_PHONES } from '../seed';
import { NOT_REGISTERED } from './api/employees';
import { INN_TAKEN, NAME_TAKEN } from './agencyKey';
import { registerSiteUser } from '../../test/users';

let t: TestApp;
let userToken: string;
let otherUserToken: string;
let moderatorToken: string;
let ownerToken: string;
let agentToken: string;
let strangerToken: string;
const form = {
  name: 'Пётр Иванов',
  agencyName: 'Новый дом',
  email: 'petr@example.ru',
  legalEntity: 1,
  inn: '7701234567',
  kpp: '770101001',
  siteLink: 'https://novydom.ru',
};

beforeAll(async () => {
  t = await startTestApp();
  await registerSiteUser(t.ctx, { userId: 'u-realtor', name: 'Пётр Иванов', phone: '79161230001' });
  await registerSiteUser(t.ctx, { userId: 'u-other', name: 'Анна Кот', phone: '79161230002' });
  await registerSiteUser(t.ctx, {
    userId: 'u-hire',
    name: 'Олег Новиков',
    phone: '79161230003',
    email: 'oleg@example.ru',
  });
  const agency = await createAgency(t.ctx, 'ag', '51');
  const other = await createAgency(t.ctx, 'ot', '52');
  userToken = await signIn(t, '79161230001');
  otherUserToken = await signIn(t, '79161230002');
  moderatorToken = await signIn(t, DEMO_PHONES.moderator);
  ownerToken = await signIn(t, agency.ownerPhone);
  agentToken = await signIn(t, agency.agentPhone);
  strangerToken = await signIn(t, other.ownerPhone);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);

describe('the realtor request', () => {
  it('starts as none (4), validates the spec’s fields, and is sent for review (1)', async () => {
    expect(
      (await as(userToken, request(t.app).get('/api/realtor-database-request')).expect(200)).body.data,
    ).toEqual({ status: 4 });
    const bad = await as(
      userToken,
      request(t.app)
        .post('/api/realtor-database-request')
        .send({ name: 'Пё', agencyName: '', email: 'нет', legalEntity: 1 }),
    ).expect(400);
    expect(bad.body.errors).toEqual({
      name: ['Обязательное поле'],
      agencyName: ['Обязательное поле'],
      email: ['Введите корректный адрес почты'],
      inn: ['Обязательное поле'],
    });
    expect(
      (
        await as(
          userToken,
          request(t.app)
            .post('/api/realtor-database-request')
            .send({ ...form, legalEntity: 2, kpp: '770101001' }),
        ).expect(400)
      ).body.errors,
    ).toEqual({ kpp: ['КПП указывается только для юридического лица'] });
    const sent = await as(userToken, request(t.app).post('/api/realtor-database-request').send(form)).expect(
      200,
    );
    expect(sent.body.data).toMatchObject({
      status: 1,
      statusName: 'На рассмотрении',
      agencyName: 'Новый дом',
      inn: '7701234567',
    });
    const updated = await as(
      userToken,
      request(t.app)
        .patch('/api/realtor-database-request')
        .send({ ...form, siteLink: 'https://novy-dom.ru' }),
    ).expect(200);
    expect(updated.body.data).toMatchObject({ status: 1, siteLink: 'https://novy-dom.ru' });
  });

  it('refuses a name or a tax number another agency or request already has', async () => {
    const name = await as(
      otherUserToken,
      request(t.app)
        .post('/api/realtor-database-request')
        .send({ ...form, agencyName: 'этажи плюс', inn: '7709999999' }),
    ).expect(400);
    expect(name.body).toEqual({ errorCode: 1, message: NAME_TAKEN, errors: { agencyName: [NAME_TAKEN] } });
    const inn = await as(
      otherUserToken,
      request(t.app)
        .post('/api/realtor-database-request')
        .send({ ...form, agencyName: 'Другое имя' }),
    ).expect(400);
    expect(inn.body).toEqual({ errorCode: 1, message: INN_TAKEN, errors: { inn: [INN_TAKEN] } });
    await as(agentToken, request(t.app).post('/api/realtor-database-request').send(form)).expect(403);
  });

  it('is approved or rejected by a moderator only; a rejected one can be sent again; confirm creates the agency', async () => {
    await as(userToken, request(t.app).post('/api/realtor-database-request/confirm')).expect(422);
    await as(ownerToken, request(t.app).post('/api/moderation/realtor-requests/u-realtor/approve')).expect(
      403,
    );
    const queue = await as(moderatorToken, request(t.app).get('/api/moderation/realtor-requests')).expect(
      200,
    );
    expect(queue.body.data.map((r: { userId: string }) => r.userId)).toEqual(['u-realtor']);
    const rejected = await as(
      moderatorToken,
      request(t.app)
        .post('/api/moderation/realtor-requests/u-realtor/reject')
        .send({ reason: 'Укажите сайт агентства' }),
    ).expect(200);
    expect(rejected.body.data).toMatchObject({ status: 3, reason: 'Укажите сайт агентства' });
    // the decision is told by a letter to the request's address, once the reactors have followed it
    const [rejection] = await lettersTo(t, 'petr@example.ru');
    expect(rejection.subject).toBe('Заявка риелтора отклонена');
    expect(rejection.text).toContain('Причина: Укажите сайт агентства');
    await as(userToken, request(t.app).post('/api/realtor-database-request').send(form)).expect(200);
    expect(
      (
        await as(
          moderatorToken,
          request(t.app).post('/api/moderation/realtor-requests/u-realtor/approve'),
        ).expect(200)
      ).body.data.status,
    ).toBe(2);
    expect((await lettersTo(t, 'petr@example.ru', 2))[0].subject).toBe('Заявка риелтора одобрена');
    await as(userToken, request(t.app).post('/api/realtor-database-request').send(form)).expect(422);

    const confirmed = await as(
      userToken,
      request(t.app).post('/api/realtor-database-request/confirm'),
    ).expect(200);
    const agencyId = confirmed.body.data.agencyId;
    const profile = await as(userToken, request(t.app).get('/api/profile')).expect(200);
    expect(profile.body.data).toMatchObject({ role: 2, agencyId });
    const agency = await as(userToken, request(t.app).get(`/api/agency/${agencyId}`)).expect(200);
    expect(agency.body.data).toMatchObject({
      name: 'Новый дом',
      legalEntity: 1,
      inn: '7701234567',
      kpp: '770101001',
      canViewInCatalog: 1,
      walletBalance: 0,
    });
  });

  it('can be withdrawn (back to 4)', async () => {
    await as(
      otherUserToken,
      request(t.app)
        .post('/api/realtor-database-request')
        .send({ ...form, agencyName: 'Третье агентство', inn: '7701111111' }),
    ).expect(200);
    expect(
      (await as(otherUserToken, request(t.app).delete('/api/realtor-database-request')).expect(200)).body
        .data,
    ).toEqual({ status: 4 });
    expect(
      (await as(otherUserToken, request(t.app).get('/api/realtor-database-request')).expect(200)).body.data,
    ).toEqual({ status: 4 });
  });
});

describe('the agency profile', () => {
  it('is read by its staff and changed by its owner only, with the spec’s rules', async () => {
    expect(
      (await as(agentToken, request(t.app).get('/api/agency/agency-ag')).expect(200)).body.data.name,
    ).toBe('Агентство ag');
    await as(strangerToken, request(t.app).get('/api/agency/agency-ag')).expect(403);
    await as(agentToken, request(t.app).patch('/api/agency/agency-ag').send({ description: 'x' })).expect(
      403,
    );
    const changed = await as(
      ownerToken,
      request(t.app).patch('/api/agency/agency-ag').send({
        description: 'Продаём квартиры в центре',
        legalEntity: 2,
        inn: '770112345678',
        canViewInCatalog: 0,
      }),
    ).expect(200);
    expect(changed.body.data).toMatchObject({
      description: 'Продаём квартиры в центре',
      legalEntity: 2,
      inn: '770112345678',
      canViewInCatalog: 0,
    });
    expect(
      (
        await as(
          ownerToken,
          request(t.app)
            .patch('/api/agency/agency-ag')
            .send({ description: 'я'.repeat(241) }),
        ).expect(400)
      ).body.errors,
    ).toEqual({ description: ['Не более 240 символов'] });
    expect(
      (
        await as(ownerToken, request(t.app).patch('/api/agency/agency-ag').send({ kpp: '770101001' })).expect(
          400,
        )
      ).body.errors,
    ).toEqual({ kpp: ['КПП указывается только для юридического лица'] });
    expect(
      (
        await as(
          ownerToken,
          request(t.app).patch('/api/agency/agency-ag').send({ name: 'Новый дом' }),
        ).expect(400)
      ).body.message,
    ).toBe(NAME_TAKEN);
  });
});

describe('employees', () => {
  it('are added by the phone of a registered user only', async () => {
    const unknown = await as(
      ownerToken,
      request(t.app).post('/api/agency/agency-ag/employee').send({ clientPhone: '+7 (900) 000-00-00' }),
    ).expect(404);
    expect(unknown.body).toEqual({
      errorCode: 2,
      message: NOT_REGISTERED,
      errors: { clientPhone: [NOT_REGISTERED] },
    });
    expect(
      (
        await as(
          ownerToken,
          request(t.app).post('/api/agency/agency-ag/employee').send({ clientPhone: '123' }),
        ).expect(400)
      ).body.errors,
    ).toEqual({ clientPhone: ['Неверный формат телефона'] });
    await as(
      agentToken,
      request(t.app).post('/api/agency/agency-ag/employee').send({ clientPhone: '79161230003' }),
    ).expect(403);
    const added = await as(
      ownerToken,
      request(t.app).post('/api/agency/agency-ag/employee').send({ clientPhone: '+7 (916) 123-00-03' }),
    ).expect(201);
    expect(added.body.data).toMatchObject({ id: 'u-hire', isActive: true, limit: null });
    const list = await as(ownerToken, request(t.app).get('/api/agency/agency-ag/employee')).expect(200);
    expect(list.body.data.map((e: { id: string }) => e.id).sort()).toEqual(['agent-ag', 'u-hire']);
    await as(
      strangerToken,
      request(t.app).post('/api/agency/agency-ot/employee').send({ clientPhone: '79161230003' }),
    ).expect(422);
  });

  it('are switched off (kept out of the agency’s calls), given a limit, and removed back to users', async () => {
    const hireToken = await signIn(t, '79161230003');
    await as(hireToken, request(t.app).get('/api/agency/agency-ag/publications')).expect(200);
    expect(
      (
        await as(
          ownerToken,
          request(t.app).patch('/api/agency/agency-ag/employee/u-hire/change-active'),
        ).expect(200)
      ).body.data.isActive,
    ).toBe(false);
    expect(
      (await as(hireToken, request(t.app).get('/api/agency/agency-ag/publications')).expect(403)).body
        .message,
    ).toBe('Доступ сотрудника отключён владельцем агентства');
    await as(
      ownerToken,
      request(t.app).patch('/api/agency/agency-ag/employee/u-hire/change-active').send({ isActive: true }),
    ).expect(200);
    await as(
      ownerToken,
      request(t.app).patch('/api/agency/agency-ag/employee/u-hire/limit').send({ limit: 5000 }),
    ).expect(200);
    const list = await as(ownerToken, request(t.app).get('/api/agency/agency-ag/employee')).expect(200);
    expect(list.body.data.find((e: { id: string }) => e.id === 'u-hire')).toMatchObject({
      isActive: true,
      limit: 5000,
    });
    await as(ownerToken, request(t.app).delete('/api/agency/agency-ag/employee/u-hire')).expect(200);
    expect((await as(hireToken, request(t.app).get('/api/profile')).expect(200)).body.data).toMatchObject({
      role: 3,
      agencyId: null,
    });
  });
});
