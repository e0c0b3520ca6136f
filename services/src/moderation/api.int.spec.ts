import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { registerSiteUsers } from '../../test/users';

/**
 * The moderators' queue of listings awaiting moderation, their approval, decline and restore, and
 * the moderation history of a listing and of a realtor request (issue 17, item 4). Every answer is
 * also checked against its declared schema (core/route.ts).
 */
let t: TestApp;
let moderator: string;
let owner: string;
let user: string;
const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const get = (token: string, path: string) => as(token, request(t.app).get(path));
const post = (token: string, path: string, body: object = {}) =>
  as(token, request(t.app).post(path).send(body));
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const agency = await createAgency(t.ctx, 'mq', '81');
  await createPublication(t.ctx, agency.agent, { id: 'mq-flat', price: 9_000_000, publishedDaysAgo: 1 });
  await createPublication(t.ctx, agency.agent, { id: 'mq-room', price: 3_000_000, publishedDaysAgo: 2 });
  await registerSiteUsers(
    t.ctx,
    { userId: 'mq-moderator', name: 'Модератор Анна', phone: '79990000000' },
    { userId: 'mq-user', name: 'Пётр Иванов', phone: '79162240001' },
  );
  moderator = await signIn(t, '79990000000');
  owner = await signIn(t, agency.ownerPhone);
  user = await signIn(t, '79162240001');
});
afterAll(() => t.close());

describe('listings awaiting moderation: /api/cabinet/moderation-listings', () => {
  it('lists the published listings not yet checked, the longest waiting first, with Content-Range', async () => {
    const res = await get(moderator, `/api/cabinet/moderation-listings?${filter({ awaiting: true })}`).expect(
      200,
    );
    expect(res.body.map((l: { id: string }) => l.id)).toEqual(['mq-room', 'mq-flat']);
    expect(res.body[0]).toMatchObject({ status: 1, statusName: 'Опубликовано', awaiting: true });
    expect(res.headers['content-range']).toBe('moderation-listings 0-1/2');
  });

  it('approves a listing: it leaves the queue; declines and restores another, each step in its history', async () => {
    await post(moderator, '/api/moderation/publications/mq-flat/approve').expect(200);
    const queue = await get(moderator, `/api/cabinet/moderation-listings?${filter({ awaiting: true })}`);
    expect(queue.body.map((l: { id: string }) => l.id)).toEqual(['mq-room']);
    const unchecked = await get(owner, '/api/agency/agency-mq/publications?status=1').expect(200);
    expect(unchecked.body.data.find((p: { id: string }) => p.id === 'mq-room').isChecked).toBe(false);

    const declined = await post(moderator, '/api/moderation/publications/mq-room/decline', {
      reason: 'Фото не соответствуют объекту',
    }).expect(200);
    expect(declined.body.data.status).toBe(4);
    const restored = await post(moderator, '/api/moderation/publications/mq-room/restore').expect(200);
    expect(restored.body.data.status).toBe(1);
    // a listing not declined cannot be restored
    const refused = await post(moderator, '/api/moderation/publications/mq-room/restore').expect(422);
    expect(refused.body.message).toBe('Восстановить можно только отклонённое объявление');

    const detail = await get(moderator, '/api/cabinet/moderation-listings/mq-room').expect(200);
    expect(detail.body).toMatchObject({ status: 1, awaiting: false, declineReason: null });
    expect(
      detail.body.history.map(
        (s: { action: string; actor: { name: string } | null; text: string | null }) => [
          s.action,
          s.actor?.name ?? null,
          s.text,
        ],
      ),
    ).toEqual([
      ['published', 'Агент mq', null],
      ['declined', 'Модератор Анна', 'Фото не соответствуют объекту'],
      ['restored', 'Модератор Анна', null],
    ]);
    expect(detail.body.history[1].actionName).toBe('Отклонено модератором');
    // the agency's list tells the check (product.md's isChecked): the restored listing was checked by its restorer
    const mine = await get(owner, '/api/agency/agency-mq/publications?status=1').expect(200);
    expect(
      Object.fromEntries(mine.body.data.map((p: { id: string; isChecked: boolean }) => [p.id, p.isChecked])),
    ).toEqual({ 'mq-flat': true, 'mq-room': true });
    const approved = await get(moderator, '/api/cabinet/moderation-listings/mq-flat').expect(200);
    expect(approved.body.history.at(-1)).toMatchObject({
      action: 'approved',
      actionName: 'Одобрено модератором',
    });
  });

  it('the history of a realtor request: submitted, rejected with the reason, by whom', async () => {
    await as(
      user,
      request(t.app).post('/api/realtor-database-request').send({
        name: 'Пётр Иванов',
        agencyName: 'Очередь модерации',
        email: 'petr-mq@example.ru',
        legalEntity: 1,
        inn: '7707083893',
        kpp: '770701001',
      }),
    ).expect(200);
    await post(moderator, '/api/moderation/realtor-requests/mq-user/reject', {
      reason: 'Проверьте ИНН',
    }).expect(200);
    await t.ctx.projections.whenCaughtUp();
    const res = await get(
      moderator,
      `/api/cabinet/moderation-history?${filter({ subject: 'realtor-request', subjectId: 'mq-user' })}`,
    ).expect(200);
    expect(
      res.body.map((s: { action: string; actor: { name: string } | null; text: string | null }) => [
        s.action,
        s.actor?.name ?? null,
        s.text,
      ]),
    ).toEqual([
      ['submitted', 'Пётр Иванов', null],
      ['rejected', 'Модератор Анна', 'Проверьте ИНН'],
    ]);
    expect(res.headers['content-range']).toBe('moderation-history 0-1/2');
  });

  it('refuses a history without its subject, a listing unknown, and anyone but a moderator', async () => {
    expect((await get(moderator, '/api/cabinet/moderation-history').expect(400)).body.errorCode).toBe(1);
    await get(moderator, '/api/cabinet/moderation-listings/no-such').expect(404);
    for (const token of [owner, user]) {
      await get(token, '/api/cabinet/moderation-listings').expect(403);
      await get(token, '/api/cabinet/moderation-listings/mq-flat').expect(403);
      await get(
        token,
        `/api/cabinet/moderation-history?${filter({ subject: 'publication', subjectId: 'mq-flat' })}`,
      ).expect(403);
      await post(token, '/api/moderation/publications/mq-flat/approve').expect(403);
      await post(token, '/api/moderation/publications/mq-room/restore').expect(403);
    }
    await request(t.app).get('/api/cabinet/moderation-listings').expect(401);
  });
});
