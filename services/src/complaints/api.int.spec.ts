import { PUBLICATION_STATUS } from '@estate/events';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { trustPhone } from '../../test/trust';
import { handlePublication } from '../publications';
import { registerSiteUsers } from '../../test/users';

/**
 * api.md Complaint: a visitor's complaint about a listing (`POST /api/publications/{id}/complaint`)
 * from a phone confirmed by SMS code, its validation in Russian, the per-IP limit (the abuse rules
 * are in abuse.int.spec.ts); the moderators' queue (`/api/cabinet/complaints`,
 * `/api/cabinet/complained-publications`) and their decision: dismiss, or decline the listing.
 * Every answer is also checked against its declared schema (core/route.ts).
 */
let t: TestApp;
let agency: Awaited<ReturnType<typeof createAgency>>;
let moderator: string;
let user: string;
let agent: string;
/** the trust token of COMPLAINT's phone, from its SMS code, as the site's form gets it */
let trust: string;

let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;
const COMPLAINT = {
  phone: '+7 (916) 555-00-01',
  email: 'visitor@example.ru',
  comment: 'Фотографии не этой квартиры, на просмотре всё иначе',
  policy: true,
  'g-recaptcha-response': 'test',
};
const complain = (publicationId: string, body: Record<string, unknown> = {}, ip = newIp()) =>
  request(t.app)
    .post(`/api/publications/${publicationId}/complaint`)
    .set('X-Forwarded-For', ip)
    .set('trust-token', trust)
    .send({ ...COMPLAINT, ...body });
const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const read = (token: string, path: string) => as(token, request(t.app).get(path));
const act = (token: string, path: string, body: object = {}) =>
  as(token, request(t.app).post(path).send(body));
const filter = (value: object) => encodeURIComponent(JSON.stringify(value));

beforeAll(async () => {
  // the per-phone and per-listing limits are abuse.int.spec.ts's: here one phone files them all
  t = await startTestApp({
    seed: false,
    env: {
      COMPLAINTS_LIMIT_PER_IP: '3',
      COMPLAINTS_LIMIT_PER_PHONE: '100',
      COMPLAINTS_LIMIT_PER_LISTING: '100',
    },
  });
  agency = await createAgency(t.ctx, 'complaints', '81');
  for (const id of ['cl-flat', 'cl-house', 'cl-hidden'])
    await createPublication(t.ctx, agency.agent, { id, price: 9_000_000, publishedDaysAgo: 5 });
  await createPublication(t.ctx, agency.agent, { id: 'cl-draft', price: 5_000_000 });
  await registerSiteUsers(
    t.ctx,
    { userId: 'cl-user', name: 'Пётр', phone: '79162240001' },
    { userId: 'moderator', name: 'Модератор Анна', phone: '79990000000' },
  );
  moderator = await signIn(t, '79990000000');
  user = await signIn(t, '79162240001');
  agent = await signIn(t, agency.agentPhone);
  trust = await trustPhone(t, '79165550001');
});
afterAll(() => t.close());

describe('api.md Complaint: phone, email, comment up to 240, policy must be true', () => {
  it('records the complaint about a published listing', async () => {
    const res = await complain('cl-flat').expect(201);
    expect(res.body.data).toMatchObject({ status: 'open' });
    await t.ctx.projections.whenCaughtUp();
    const detail = await read(moderator, `/api/cabinet/complaints/${res.body.data.id}`).expect(200);
    expect(detail.body).toMatchObject({
      publicationId: 'cl-flat',
      listing: { title: 'Объявление cl-flat', agencyId: agency.agencyId, authorId: agency.agent.userId },
      phone: '79165550001',
      email: 'visitor@example.ru',
      status: 'open',
      statusName: 'Новая',
      userId: null,
      history: [{ action: 'filed', moderator: null }],
    });
  });

  it('names the signed-in visitor, whose own phone needs no code', async () => {
    const res = await as(
      user,
      request(t.app)
        .post('/api/publications/cl-house/complaint')
        .set('X-Forwarded-For', newIp())
        .send({ ...COMPLAINT, phone: '79162240001' }),
    ).expect(201);
    await t.ctx.projections.whenCaughtUp();
    expect((await read(moderator, `/api/cabinet/complaints/${res.body.data.id}`)).body.userId).toBe(
      'cl-user',
    );
  });

  const bad = async (body: Record<string, unknown>) => {
    const res = await complain('cl-flat', body).expect(400);
    expect(res.body).toMatchObject({ errorCode: 1, message: 'Некорректные данные' });
    return res.body.errors as Record<string, string[]>;
  };

  it('refuses a missing or unticked consent', async () => {
    const consent = { policy: ['Необходимо согласиться с политикой конфиденциальности'] };
    expect(await bad({ policy: undefined })).toEqual(consent);
    expect(await bad({ policy: false })).toEqual(consent);
  });

  it('refuses a comment of 241 characters, or under 10', async () => {
    expect(await bad({ comment: 'а'.repeat(241) })).toEqual({ comment: ['Не больше 240 символов'] });
    expect(await bad({ comment: 'Плохо' })).toEqual({ comment: ['Минимум 10 символов'] });
    await complain('cl-flat', { comment: 'а'.repeat(240) }).expect(201);
  });

  it('refuses a bad phone, a bad e-mail, and no bot check', async () => {
    expect(await bad({ phone: '123', email: 'не почта' })).toEqual({
      phone: ['Неверный формат телефона'],
      email: ['Введите корректный адрес почты'],
    });
    expect(await bad({ 'g-recaptcha-response': undefined })).toHaveProperty(['g-recaptcha-response']);
  });

  it('answers 404 for a listing not on the site', async () => {
    for (const listing of ['cl-draft', 'no-such-listing']) {
      const answer = await complain(listing);
      expect([answer.status, answer.body.errorCode]).toEqual([404, 100]);
    }
  });

  it('takes 3 complaints an hour from one address (429 beyond)', async () => {
    const ip = '192.0.2.91';
    for (let i = 0; i < 3; i++) await complain('cl-house', {}, ip).expect(201);
    expect((await complain('cl-house', {}, ip).expect(429)).body).toMatchObject({
      errorCode: 108,
      message: 'Превышен лимит запросов, пожалуйста попробуйте позже.',
    });
  });
});

describe('the moderators’ queue', () => {
  it('lists the complaints by status and listing, with Content-Range', async () => {
    await t.ctx.projections.whenCaughtUp();
    const all = await read(moderator, '/api/cabinet/complaints?range=[0,99]').expect(200);
    const total = all.body.length as number;
    expect(all.headers['content-range']).toBe(`complaints 0-${total - 1}/${total}`);
    const flat = await read(
      moderator,
      `/api/cabinet/complaints?filter=${filter({ publicationId: 'cl-flat', status: 'open' })}&sort=["filedAt","ASC"]&range=[0,0]`,
    ).expect(200);
    expect(flat.body).toHaveLength(1);
    expect(flat.headers['content-range']).toBe('complaints 0-0/2');
  });

  it('lists the listings complained about with their counts and the last complaint', async () => {
    const res = await read(
      moderator,
      `/api/cabinet/complained-publications?filter=${filter({ open: true })}`,
    ).expect(200);
    expect(res.body.map((l: { id: string }) => l.id).sort()).toEqual(['cl-flat', 'cl-house']);
    const house = res.body.find((l: { id: string }) => l.id === 'cl-house');
    expect(house).toMatchObject({ title: 'Объявление cl-house', complaintsCount: 4, openCount: 4 });
    expect(res.headers['content-range']).toBe('complained-publications 0-1/2');
  });

  it('dismisses a complaint: the listing stays, the decision is recorded once', async () => {
    const id = (await complain('cl-house').expect(201)).body.data.id;
    await t.ctx.projections.whenCaughtUp();
    const res = await act(moderator, `/api/cabinet/complaints/${id}/dismiss`, {
      reason: 'Нарушений нет',
    }).expect(200);
    expect(res.body.data).toMatchObject({
      status: 'dismissed',
      statusName: 'Отклонена',
      reason: 'Нарушений нет',
      resolvedBy: { id: 'moderator', name: 'Модератор Анна' },
    });
    await act(moderator, `/api/cabinet/complaints/${id}/dismiss`).expect(200);
    const declined = await act(moderator, `/api/cabinet/complaints/${id}/decline`, {
      reason: 'Фото не те',
    }).expect(422);
    expect(declined.body).toMatchObject({ errorCode: 104, message: 'Жалоба уже рассмотрена и отклонена' });
    const listing = await read(moderator, '/api/cabinet/publications/cl-house').expect(200);
    expect(listing.body.status).toBe(PUBLICATION_STATUS.PUBLISHED);
  });

  it('declines the listing with the reason, upholding its other open complaints', async () => {
    const open = await read(
      moderator,
      `/api/cabinet/complaints?filter=${filter({ publicationId: 'cl-flat' })}`,
    );
    const [first, second] = open.body as { id: string }[];
    const reason = 'Фотографии не соответствуют объекту';
    expect(
      (await act(moderator, `/api/cabinet/complaints/${first.id}/decline`, { reason: 'Н' }).expect(400)).body
        .errors,
    ).toEqual({
      reason: ['Укажите причину отклонения'],
    });
    const res = await act(moderator, `/api/cabinet/complaints/${first.id}/decline`, { reason }).expect(200);
    expect(res.body.data).toMatchObject({
      status: 'upheld',
      statusName: 'Объявление отклонено',
      reason,
      resolvedBy: { id: 'moderator', name: 'Модератор Анна' },
    });
    const listing = await read(moderator, '/api/cabinet/publications/cl-flat').expect(200);
    expect(listing.body).toMatchObject({ status: PUBLICATION_STATUS.DECLINED, declineReason: reason });
    expect((await read(moderator, `/api/cabinet/complaints/${second.id}`)).body).toMatchObject({
      status: 'upheld',
    });
    // decided: the same decision asked again is refused with what became of it
    const again = await act(moderator, `/api/cabinet/complaints/${first.id}/decline`, { reason }).expect(422);
    expect(again.body.message).toBe('Жалоба уже рассмотрена: объявление отклонено');
    await act(moderator, `/api/cabinet/complaints/${first.id}/dismiss`).expect(422);
    const queue = await read(
      moderator,
      `/api/cabinet/complained-publications?filter=${filter({ open: true })}`,
    );
    expect(queue.body.map((l: { id: string }) => l.id)).toEqual(['cl-house']);
    const flat = await read(
      moderator,
      `/api/cabinet/complained-publications?filter=${filter({ open: false })}`,
    );
    expect(flat.body).toEqual([expect.objectContaining({ id: 'cl-flat', complaintsCount: 2, openCount: 0 })]);
  });

  it('a listing hidden meanwhile is not declined: the refusal, and the complaint stays open', async () => {
    const id = (await complain('cl-hidden').expect(201)).body.data.id;
    await handlePublication(t.ctx.eventStore, 'cl-hidden', {
      type: 'ArchivePublication',
      actor: agency.agent,
    });
    await t.ctx.projections.whenCaughtUp();
    const res = await act(moderator, `/api/cabinet/complaints/${id}/decline`, {
      reason: 'Фото не те',
    }).expect(422);
    expect(res.body.message).toBe('Это объявление нельзя отклонить в текущем статусе');
    const complaint = await read(moderator, `/api/cabinet/complaints/${id}`).expect(200);
    expect(complaint.body.status).toBe('open');
    expect(complaint.body.history.map((h: { action: string }) => h.action)).toEqual([
      'filed',
      'upheld',
      'reopened',
    ]);
    // and the moderator may dismiss it after all
    await act(moderator, `/api/cabinet/complaints/${id}/dismiss`).expect(200);
  });

  it('answers 404 for a complaint that does not exist', async () => {
    for (const answer of [
      await read(moderator, '/api/cabinet/complaints/no-such'),
      await act(moderator, '/api/cabinet/complaints/no-such/dismiss'),
      await act(moderator, '/api/cabinet/complaints/no-such/decline', { reason: 'Причина' }),
    ])
      expect([answer.status, answer.body.errorCode]).toEqual([404, 100]);
  });

  it('is for moderators only: 403 for a user and an agent, 401 without a session', async () => {
    const [some] = (await read(moderator, '/api/cabinet/complaints')).body as { id: string }[];
    for (const token of [user, agent]) {
      expect((await read(token, '/api/cabinet/complaints').expect(403)).body.errorCode).toBe(102);
      await read(token, '/api/cabinet/complained-publications').expect(403);
      await read(token, `/api/cabinet/complaints/${some.id}`).expect(403);
      await act(token, `/api/cabinet/complaints/${some.id}/dismiss`).expect(403);
      await act(token, `/api/cabinet/complaints/${some.id}/decline`, { reason: 'Причина' }).expect(403);
    }
    await request(t.app).get('/api/cabinet/complaints').expect(401);
  });
});
