import { ROLES, type StoredEvent } from '@estate/events';
import { AUDITED_KINDS } from '@estate/projections';
import request from 'supertest';
import { agencyActions, registerPerson, type BookingRequest } from '../../test/agencyActions';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import type { Actor } from '../core/access';
import { findLocation } from '../locations';
import { DEMO_PHONES } from '../seed';
import { csvCell } from './csv';

let t: TestApp;
const agencyId = 'agency-audit';
const owner: Actor = { userId: 'owner-audit', role: ROLES.AGENCY_OWNER, agencyId };
const agent: Actor = { userId: 'agent-audit', role: ROLES.AGENT, agencyId };
const moderator: Actor = { userId: 'demo-moderator', role: 99, agencyId: null };
const phones = { owner: '79550000401', agent: '79550000402', hire: '79550000403', other: '79550000404' };
let ownerToken: string;
let agentToken: string;
let moderatorToken: string;
let listingId: string;

/** any success: the calls answer 200 or 201 */
const ok = (res: request.Response) => expect([200, 201]).toContain(res.status);
const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const form = (title: string, price: number) => ({
  dealCategory: 'sale',
  propertyType: 1,
  title,
  description: 'Квартира с ремонтом',
  price,
  locationId: '1',
  address: { fullAddress: 'ул. Тверская, 12', geo: findLocation('1')?.centre },
  roomCount: 1,
  totalArea: 38,
});

/** Runs one command of every kind the agency's slices have, as the person who would, mostly over HTTP. */
beforeAll(async () => {
  t = await startTestApp();
  const register = (userId: string, name: string, phone: string, role: 1 | 2 | 3, agency: string | null) =>
    registerPerson(t.ctx, userId, name, phone, role, agency);
  await register(owner.userId, 'Ольга Владелец', phones.owner, ROLES.AGENCY_OWNER, agencyId);
  await register(agent.userId, 'Артём Агент', phones.agent, ROLES.AGENT, agencyId);
  await register('hire-audit', 'Новый Сотрудник', phones.hire, ROLES.USER, null);
  await register('other-owner', 'Чужой Владелец', phones.other, ROLES.AGENCY_OWNER, 'agency-other');
  const actions = agencyActions(t.ctx, agencyId);
  await actions.registerAgency(owner, 'Аудит-Недвижимость');
  await t.ctx.projections.whenCaughtUp();
  ownerToken = await signIn(t, phones.owner);
  agentToken = await signIn(t, phones.agent);
  moderatorToken = await signIn(t, DEMO_PHONES.moderator);

  // listings, as the agent, the owner and a moderator do them in the cabinet
  const created = await as(agentToken, request(t.app).post('/api/cabinet/publications'))
    .send(form('=1+2 Квартира у метро', 9_000_000))
    .expect(201);
  listingId = created.body.id;
  await as(agentToken, request(t.app).put(`/api/cabinet/publications/${listingId}`))
    .send(form('=1+2 Квартира у метро', 8_900_000))
    .expect(ok);
  await as(agentToken, request(t.app).post(`/api/cabinet/publications/${listingId}/publish`)).expect(ok);
  const status = (s: number) =>
    as(ownerToken, request(t.app).patch(`/api/agency/${agencyId}/publications/change-status`))
      .send({ status: s, publicationIds: [listingId] })
      .expect(ok);
  await status(2);
  await status(1);
  await status(3);
  await status(1);
  const moderation = (action: string, body = {}) =>
    as(moderatorToken, request(t.app).post(`/api/moderation/publications/${listingId}/${action}`))
      .send(body)
      .expect(ok);
  await moderation('approve');
  await moderation('decline', { reason: 'Фото не соответствуют' });
  await moderation('restore');

  // the agency and its staff, as the owner does them
  await as(ownerToken, request(t.app).patch(`/api/agency/${agencyId}`))
    .send({ name: 'Аудит и партнёры' })
    .expect(ok);
  const agencyPath = `/api/agency/${agencyId}/employee`;
  await as(ownerToken, request(t.app).post(agencyPath)).send({ clientPhone: phones.hire }).expect(ok);
  await as(ownerToken, request(t.app).patch(`${agencyPath}/hire-audit/change-active`))
    .send({ isActive: false })
    .expect(ok);
  await as(ownerToken, request(t.app).patch(`${agencyPath}/hire-audit/limit`))
    .send({ limit: 5000 })
    .expect(ok);
  await as(ownerToken, request(t.app).delete(`${agencyPath}/hire-audit`)).expect(ok);

  // money: an invoice, a top-up paid on the sandbox page, a tariff and another tariff
  await as(ownerToken, request(t.app).post(`/api/agency/${agencyId}/balance/invoice`))
    .send({
      sum: 5000,
      organizationName: 'ООО Аудит',
      inn: '7701234567',
      kpp: '770101001',
      account: '40702810900000000001',
    })
    .expect(ok);
  const topUp = await as(ownerToken, request(t.app).post(`/api/agency/${agencyId}/balance/top-up`))
    .send({ sum: 1000 })
    .expect(ok);
  const paymentId = (topUp.body.data.confirmationUrl as string).split('/').pop()!;
  await request(t.app).post(`/api/payments/sandbox/${paymentId}/pay`).expect(ok);
  await request(t.app)
    .post('/api/payments/webhook')
    .send({ event: 'payment.succeeded', object: { id: paymentId } })
    .expect(ok);
  await t.ctx.projections.whenCaughtUp();
  await as(agentToken, request(t.app).post(`/api/publications/${listingId}/tariffs/1-1-sale`)).expect(ok);
  await as(agentToken, request(t.app).post(`/api/publications/${listingId}/tariffs/3-1-sale`)).expect(ok);

  // what the system and the calls this test cannot make over HTTP do (a provider, a file, a guest)
  const charged = (await t.ctx.eventStore.readStream(`wallet-${agencyId}`)).find(
    (e: StoredEvent) => e.type === 'WalletCharged',
  )!;
  await actions.publication(listingId, { type: 'EndPromotion' }, 'billing');
  await actions.wallet(
    { type: 'Refund', agencyId, chargeId: (charged.data as { chargeId: string }).chargeId },
    'payments',
  );
  await actions.wallet({ type: 'StartTopUp', agencyId, paymentId: 'pay-cancelled', sum: 500 }, owner.userId);
  await actions.wallet({ type: 'CancelTopUp', agencyId, paymentId: 'pay-cancelled' }, 'payments');
  await actions.changeAvatar(owner);
  await actions.uploadPhoto(agent);
  const booking = (requestId: string, startDate: string, endDate: string): BookingRequest => ({
    requestId,
    publicationId: listingId,
    agencyId,
    authorId: agent.userId,
    guest: { userId: 'demo-user', name: 'Ирина', phone: '79990000100', email: null },
    startDate,
    endDate,
    adultCount: 2,
    childCount: 0,
    nights: 2,
    price: 6000,
    deposit: null,
    chatId: `chat-${requestId}`,
    guestKeyHash: null,
    listing: null,
  });
  const book = (id: string, from: string, to: string) =>
    actions.booking(id, { type: 'RequestBooking', ...booking(id, from, to) }, 'demo-user');
  await book('b-accept', '2026-01-10', '2026-01-12');
  await actions.booking('b-accept', { type: 'AcceptBooking', actor: agent, entryId: 'e1' }, agent.userId);
  await actions.booking(
    'b-accept',
    { type: 'CheckOutGuest', actor: agent, today: '2026-01-12' },
    agent.userId,
  );
  await book('b-reject', '2026-02-10', '2026-02-12');
  await actions.booking('b-reject', { type: 'RejectBooking', actor: owner, reason: 'Ремонт' }, owner.userId);
  await book('b-cancel', '2026-03-10', '2026-03-12');
  await actions.booking(
    'b-cancel',
    { type: 'CancelBooking', actor: owner, reason: 'Изменились планы', cancellationId: 'c1' },
    owner.userId,
  );
  const range = { startDate: '2030-05-01', endDate: '2030-05-03' };
  await actions.calendar(
    listingId,
    { type: 'Block', publicationId: listingId, entryId: 'blk-1', source: 'manual', note: null, ...range },
    agent.userId,
  );
  await actions.calendar(
    listingId,
    { type: 'ReleaseBlock', publicationId: listingId, entryId: 'blk-1' },
    agent.userId,
  );
  await actions.calendar(
    listingId,
    {
      type: 'ImportCalendar',
      publicationId: listingId,
      ranges: [{ ...range, note: null }],
      today: '2030-01-01',
    },
    agent.userId,
  );
  const start = {
    chatId: 'chat-audit',
    publicationId: listingId,
    visitorId: 'demo-user',
    authorId: agent.userId,
    agencyId,
    listing: {
      title: 'Квартира',
      image: null,
      price: 1,
      roomCount: 1,
      totalArea: 38,
      dealCategory: 'sale',
      propertyType: 1,
    },
    bookingRequestId: null,
  };
  const say = (messageId: string, authorId: string) =>
    actions.chat(
      'chat-audit',
      {
        type: 'SendMessage',
        chatId: 'chat-audit',
        messageId,
        authorId,
        text: 'Здравствуйте',
        replyMessageIds: [],
        start: messageId === 'm1' ? start : null,
      },
      authorId,
    );
  await say('m1', 'demo-user');
  await say('m2', agent.userId);
  await actions.publication(
    listingId,
    { type: 'DeactivatePublication', actor: moderator, reason: 'Проверка' },
    moderator.userId,
  );
  await as(ownerToken, request(t.app).delete(`/api/agency/${agencyId}/publications`))
    .query({ 'publicationIds[]': listingId })
    .expect(ok);
  await t.ctx.projections.whenCaughtUp();
}, 60_000);
afterAll(() => t.close());

type Entry = {
  id: string;
  kind: string;
  actor: { id: string | null; role: string; name: string };
  sessionId: string | null;
  summary: string;
  target: { type: string; id: string; link: string; label: string | null };
};
const trail = async (query: Record<string, string> = {}) =>
  as(ownerToken, request(t.app).get('/api/cabinet/audit'))
    .query({ range: '[0,199]', sort: '["at","ASC"]', ...query })
    .expect(200);

describe('the agency audit trail', () => {
  it('has every kind of command of the agency’s slices, each with its actor', async () => {
    const { body } = await trail();
    const entries = body as Entry[];
    const expected: Record<string, string> = {
      PublicationCreated: agent.userId,
      PublicationEdited: agent.userId,
      PublicationPublished: agent.userId,
      PublicationArchived: owner.userId,
      PublicationMovedToDraft: owner.userId,
      PublicationDeleted: owner.userId,
      PublicationDeclined: moderator.userId,
      PublicationChecked: moderator.userId,
      PublicationRestored: moderator.userId,
      PublicationDeactivated: moderator.userId,
      PublicationPromoted: agent.userId,
      PublicationPromotionEnded: 'billing',
      TopUpStarted: owner.userId,
      WalletCredited: 'payments',
      TopUpCancelled: 'payments',
      WalletCharged: agent.userId,
      PromotionTariffChosen: agent.userId,
      WalletRefunded: 'payments',
      InvoiceRequested: owner.userId,
      AgencyRegistered: owner.userId,
      AgencyProfileChanged: owner.userId,
      AgencyAvatarChanged: owner.userId,
      EmployeeAdded: owner.userId,
      EmployeeRemoved: owner.userId,
      EmployeeActivityChanged: owner.userId,
      EmployeeLimitChanged: owner.userId,
      PhotoUploaded: agent.userId,
      BookingRequested: 'demo-user',
      BookingAccepted: agent.userId,
      BookingRejected: owner.userId,
      BookingCancelled: owner.userId,
      GuestCheckedOut: agent.userId,
      DatesBlocked: agent.userId,
      CalendarEntryReleased: agent.userId,
      CalendarFeedImported: agent.userId,
      ChatMessagePosted: agent.userId,
    };
    expect(Object.keys(expected).sort()).toEqual([...AUDITED_KINDS].sort());
    const found = Object.fromEntries(
      AUDITED_KINDS.map((kind) => [kind, entries.find((e) => e.kind === kind)?.actor.id ?? 'missing']),
    );
    expect(found).toEqual(expected);
    // the visitor's own chat message is not the agency's action
    expect(entries.filter((e) => e.kind === 'ChatMessagePosted')).toHaveLength(1);
  });

  it('says from which session each action over HTTP came, and who each person is', async () => {
    const entries = (await trail()).body as Entry[];
    const created = entries.find((e) => e.kind === 'PublicationCreated')!;
    const archived = entries.find((e) => e.kind === 'PublicationArchived')!;
    expect(created.sessionId).toMatch(/^[0-9a-f]{12}$/);
    expect(archived.sessionId).toMatch(/^[0-9a-f]{12}$/);
    expect(archived.sessionId).not.toBe(created.sessionId);
    expect(created.actor).toMatchObject({ name: 'Артём Агент', role: 'agent' });
    expect(archived.actor).toMatchObject({ name: 'Ольга Владелец', role: 'owner' });
    expect(entries.find((e) => e.kind === 'PublicationDeclined')!.actor.role).toBe('moderator');
    const credited = entries.find((e) => e.kind === 'WalletCredited')!;
    expect([credited.actor.role, credited.actor.name, credited.sessionId]).toEqual([
      'system',
      'Платёжная система',
      null,
    ]);
    // a command run without a request has no session
    expect(entries.find((e) => e.kind === 'PhotoUploaded')!.sessionId).toBeNull();
    expect(created.target).toMatchObject({
      type: 'publication',
      id: listingId,
      link: `#/publications/${listingId}`,
    });
    expect(entries.find((e) => e.kind === 'EmployeeAdded')!.target).toMatchObject({
      type: 'employee',
      label: 'Новый Сотрудник',
      link: '#/employees',
    });
  });

  it('shows what a person reads, never an internal id: a tariff by its name, a photo as a photo', async () => {
    const entries = (await trail()).body as Entry[];
    const tariffs = entries.filter((e) => e.kind === 'WalletCharged').map((e) => e.summary);
    expect(tariffs).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Оплачен тариф «Размещение» за объявление «/)]),
    );
    expect(tariffs.join(' ')).not.toMatch(/\d-\d+-(sale|rent|dailyRent)/);
    const photo = entries.find((e) => e.kind === 'PhotoUploaded')!;
    expect(photo.target.label).toBe('Фотография');
    expect(photo.target.link).toMatch(/^\/storage\//);
    const csv = (await as(ownerToken, request(t.app).get('/api/cabinet/audit/export')).expect(200)).text;
    expect(csv).not.toMatch(/\d-\d+-(sale|rent|dailyRent)|;\/storage\/[^;]*;\/storage/);
  });

  it('filters by employee, kind and dates, sorts and pages with Content-Range', async () => {
    const byAgent = (await trail({ filter: JSON.stringify({ actorId: agent.userId }) })).body as Entry[];
    expect(byAgent.length).toBeGreaterThan(5);
    expect(byAgent.every((e) => e.actor.id === agent.userId)).toBe(true);
    const staff = (await trail({ filter: JSON.stringify({ area: 'staff' }) })).body as Entry[];
    expect(staff.map((e) => e.kind)).toEqual([
      'EmployeeAdded',
      'EmployeeActivityChanged',
      'EmployeeLimitChanged',
      'EmployeeRemoved',
    ]);
    const all = (await trail()).body as (Entry & { at: string })[];
    const page = await trail({
      range: '[1,2]',
      sort: '["at","DESC"]',
      filter: JSON.stringify({ at_gte: all[0].at, at_lte: all[all.length - 1].at }),
    });
    expect(page.headers['content-range']).toBe(`audit 1-2/${all.length}`);
    expect(page.body.map((e: Entry) => e.id)).toEqual([all[all.length - 2].id, all[all.length - 3].id]);
    const bad = await as(ownerToken, request(t.app).get('/api/cabinet/audit'))
      .query({ filter: JSON.stringify({ kind: '__proto__' }) })
      .expect(400);
    expect(bad.body.errorCode).toBe(1);
  });

  it('exports the trail as CSV with Russian headers, cells a spreadsheet would run escaped', async () => {
    const res = await as(ownerToken, request(t.app).get('/api/cabinet/audit/export'))
      .query({ filter: JSON.stringify({ area: 'listings' }), sort: '["at","ASC"]' })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Дата и время (МСК);Сотрудник;Роль;Сеанс;Раздел;Действие;Описание;Объект;Ссылка');
    expect(lines[1]).toContain(';Артём Агент;агент;');
    expect(lines[1]).toContain(`;'=1+2 Квартира у метро;#/publications/${listingId}`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('+7 999')).toBe("'+7 999");
    expect(csvCell('a;"b"')).toBe('"a;""b"""');
  });

  it('is the owner’s: an agent, a plain user and a signed-out visitor are refused', async () => {
    await as(agentToken, request(t.app).get('/api/cabinet/audit')).expect(403);
    await as(agentToken, request(t.app).get('/api/cabinet/audit/export')).expect(403);
    await request(t.app).get('/api/cabinet/audit').expect(401);
    const other = await signIn(t, phones.other);
    const theirs = await as(other, request(t.app).get('/api/cabinet/audit')).expect(200);
    expect(theirs.body).toEqual([]);
  });
});
