import ICAL from 'ical.js';
import { ROLES } from '@estate/events';
import request from 'supertest';
import { createAgency, createListing } from '../../test/listings';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { registerUser } from '../identity/registration';

let t: TestApp;
let ownerToken: string;
let strangerToken: string;
let guestToken: string;
const GUEST_PHONE = '79161110000';
const UNAVAILABLE = 'Данный диапазон дат недоступен для бронирования. Попробуйте выбрать другие.';

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const agency = await createAgency(t.ctx, 'b', '31');
  const other = await createAgency(t.ctx, 'x', '32');
  await createListing(t.ctx, agency.agent, { id: 'flat', deal: 'dailyRent', price: 3_000, guests: 4, publishedDaysAgo: 10 });
  await createListing(t.ctx, agency.agent, { id: 'flat-2', deal: 'dailyRent', price: 5_000, guests: 2, publishedDaysAgo: 10 });
  await createListing(t.ctx, agency.agent, { id: 'sale', price: 9_000_000, publishedDaysAgo: 10 });
  await registerUser(t.ctx, { type: 'RegisterUser', userId: 'guest-1', name: 'Ольга', phone: GUEST_PHONE, email: 'olga@example.ru', role: ROLES.USER, agencyId: null });
  ownerToken = await signIn(t, agency.ownerPhone);
  strangerToken = await signIn(t, other.ownerPhone);
  guestToken = await signIn(t, GUEST_PHONE);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ask = (publicationId: string, from: number, to: number, extra: object = {}, token?: string) => {
  const r = request(t.app).post(`/api/booking/daily-rent/${publicationId}`).send({ name: 'Ольга', phone: `+${GUEST_PHONE}`, email: 'olga@example.ru', startDate: day(from), endDate: day(to), adultCount: 2, childCount: 1, ...extra });
  return token ? as(token, r) : r;
};
const accept = (token: string, publicationId: string, requestId: string) => as(token, request(t.app).post(`/api/booking/daily-rent/${publicationId}/${requestId}/accept`));
const checkDate = async (publicationId: string, from: number, to: number) =>
  (await request(t.app).get(`/api/booking/daily-rent/${publicationId}/calendar/check-date?startDate=${day(from)}&endDate=${day(to)}`).expect(200)).body.data.existsFreeDateByPeriod;

describe('sending a request', () => {
  it('counts nights and the price, for a guest with or without an account', async () => {
    const res = await ask('flat', 10, 13).expect(201);
    expect(res.body.data).toMatchObject({ nightsCount: 3, price: 9_000, pricePerDay: 3_000, allGuestsCount: 3, status: 1, displayStatus: 1, displayStatusName: 'Ожидает подтверждения' });
    const signedIn = await ask('flat', 10, 13, {}, guestToken).expect(201);
    expect(signedIn.body.data.id).not.toBe(res.body.data.id);
  });

  it('refuses past dates, an end before the start, too many guests, a listing that is not daily rent', async () => {
    expect((await ask('flat', -2, 1).expect(400)).body.errors).toEqual({ startDate: ['Дата заезда уже прошла'] });
    expect((await ask('flat', 5, 5).expect(400)).body.errors).toEqual({ endDate: ['Дата выезда должна быть позже даты заезда'] });
    expect((await ask('flat', 5, 6, { adultCount: 3, childCount: 2 }).expect(400)).body.errors).toEqual({ adultCount: ['Не больше 4 гостей'] });
    expect((await ask('flat', 5, 6, { adultCount: 0 }).expect(400)).body.errors).toHaveProperty('adultCount');
    expect((await ask('flat', 5, 6, { phone: '123' }).expect(400)).body.errors).toHaveProperty('phone');
    await ask('sale', 5, 6).expect(404);
  });

  it('tells the host by SMS', async () => {
    const { body } = await request(t.app).get('/api/dev/sms?phone=79550000312').expect(200);
    expect(body.data.some((m: { text: string }) => m.text.startsWith('Новая заявка на «Объявление flat»'))).toBe(true);
  });
});

describe('accepting', () => {
  it('reserves the dates: the calendar shows one entry and the period is no longer free', async () => {
    const { body } = await ask('flat', 20, 22, {}, guestToken).expect(201);
    expect(await checkDate('flat', 20, 22)).toBe(true);
    const accepted = await accept(ownerToken, 'flat', body.data.id).expect(200);
    expect(accepted.body.data).toMatchObject({ status: 2, displayStatus: 2, displayStatusName: 'Ждут заселения' });
    expect(await checkDate('flat', 21, 23)).toBe(false);
    expect(await checkDate('flat', 22, 24)).toBe(true);
    const calendar = await request(t.app).get(`/api/booking/daily-rent/flat/calendar?startDate=${day(0)}&endDate=${day(60)}`).expect(200);
    expect(calendar.body.data).toEqual([{ id: expect.any(String), startDate: day(20), endDate: day(22), type: 1, bookingDailyRentAdRequestId: null }]);
    expect((await ask('flat', 21, 25).expect(409)).body).toEqual({ errorCode: 109, message: UNAVAILABLE });
    // the guest hears about it, and the daily-rent search skips the busy nights
    const sms = await request(t.app).get(`/api/dev/sms?phone=${GUEST_PHONE}`).expect(200);
    expect(sms.body.data[0].text).toMatch(/^Бронирование с .* подтверждено\.$/);
    const search = await request(t.app).post('/api/publications').send({ dealCategory: 'dailyRent', dates: [day(21), day(23)] }).expect(200);
    expect(search.body.data.map((p: { id: string }) => p.id)).toEqual(['flat-2']);
  });

  it('of 50 overlapping requests accepted at once, exactly one wins', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await ask('flat-2', 30 + (i % 3), 33 + (i % 3), { adultCount: 1, childCount: 0 }).expect(201)).body.data.id);
    const answers = await Promise.all(ids.map((id) => accept(ownerToken, 'flat-2', id)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expect({ status: lost.status, body: lost.body }).toEqual({ status: 409, body: { errorCode: 109, message: UNAVAILABLE } });
    const calendar = await request(t.app).get(`/api/booking/daily-rent/flat-2/calendar?startDate=${day(0)}&endDate=${day(60)}`).expect(200);
    expect(calendar.body.data).toHaveLength(1);
    const counts = await as(ownerToken, request(t.app).get(`/api/booking/daily-rent/count?startDate=${day(29)}&endDate=${day(40)}`)).expect(200);
    expect(counts.body.data.map((c: { count: number }) => c.count)).toEqual([49, 1, 0, 0, 0]);
  });

  it('is for the listing’s agency only', async () => {
    const { body } = await ask('flat', 40, 41).expect(201);
    expect((await accept(strangerToken, 'flat', body.data.id).expect(403)).body.errorCode).toBe(102);
    await accept(guestToken, 'flat', body.data.id).expect(403);
    await request(t.app).post(`/api/booking/daily-rent/flat/${body.data.id}/accept`).expect(401);
    await accept(ownerToken, 'flat-2', body.data.id).expect(404);
  });
});

describe('rejecting, cancelling, checking out', () => {
  it('rejects with a reason (the default one when empty) and then cannot accept', async () => {
    const { body } = await ask('flat', 44, 45).expect(201);
    const res = await as(ownerToken, request(t.app).post(`/api/booking/daily-rent/${body.data.id}/reject`).send({ text: '' })).expect(200);
    expect(res.body.data).toMatchObject({ status: 4, displayStatus: 5, reason: 'Изменились планы' });
    expect((await accept(ownerToken, 'flat', body.data.id).expect(422)).body.message).toBe('Заявка отклонена');
  });

  it('a guest cancels their accepted booking and the nights are free again; a stranger cannot', async () => {
    const { body } = await ask('flat', 50, 52, {}, guestToken).expect(201);
    await accept(ownerToken, 'flat', body.data.id).expect(200);
    expect(await checkDate('flat', 50, 52)).toBe(false);
    await as(strangerToken, request(t.app).post(`/api/booking/daily-rent/${body.data.id}/cancel`).send({ text: 'x' })).expect(403);
    const res = await as(guestToken, request(t.app).post(`/api/booking/daily-rent/${body.data.id}/cancel`).send({ text: 'Поменялись даты' })).expect(200);
    expect(res.body.data).toMatchObject({ status: 3, displayStatus: 5, reason: 'Поменялись даты' });
    expect(await checkDate('flat', 50, 52)).toBe(true);
  });

  it('checks the guest out once the stay has begun', async () => {
    const { body } = await ask('flat', 1, 3, {}, guestToken).expect(201);
    await accept(ownerToken, 'flat', body.data.id).expect(200);
    await as(ownerToken, request(t.app).post(`/api/booking/daily-rent/${body.data.id}/check-out`)).expect(422);
    t.clock.advance(2 * 86_400_000);
    const res = await as(ownerToken, request(t.app).post(`/api/booking/daily-rent/${body.data.id}/check-out`)).expect(200);
    expect(res.body.data).toMatchObject({ displayStatus: 4, displayStatusName: 'Завершено' });
    t.clock.advance(-2 * 86_400_000);
  });
});

describe('lists', () => {
  it('the user’s own requests by the user status set, with messages in the detail', async () => {
    const all = await as(guestToken, request(t.app).get('/api/booking/daily-rent/list-for-user?limit=15&offset=1')).expect(200);
    expect(all.body.meta.total).toBe(4);
    const cancelled = await as(guestToken, request(t.app).get('/api/booking/daily-rent/list-for-user?status=3')).expect(200);
    expect(cancelled.body.data.map((r: { reason: string }) => r.reason)).toEqual(['Поменялись даты']);
    const detail = await as(guestToken, request(t.app).get(`/api/booking/daily-rent/list/${cancelled.body.data[0].id}`)).expect(200);
    expect(detail.body.data.messages.map((m: { kind: string; status: boolean }) => [m.kind, m.status])).toEqual([['sent', false], ['accepted', false], ['canceled', true]]);
    await as(strangerToken, request(t.app).get(`/api/booking/daily-rent/list/${cancelled.body.data[0].id}`)).expect(403);
    await request(t.app).get('/api/booking/daily-rent/list-for-user').expect(401);
  });

  it('the agency’s requests by display status', async () => {
    const waiting = await as(ownerToken, request(t.app).get(`/api/booking/daily-rent/list-for-agent?status=2&startDate=${day(0)}&endDate=${day(60)}`)).expect(200);
    expect(waiting.body.data.map((r: { startDate: string }) => r.startDate)).toEqual([day(20), expect.any(String)]);
    expect(waiting.body.meta.per_page).toBe(15);
    expect((await as(strangerToken, request(t.app).get('/api/booking/daily-rent/list-for-agent')).expect(200)).body.data).toEqual([]);
    await as(guestToken, request(t.app).get('/api/booking/daily-rent/list-for-agent')).expect(403);
  });
});

describe('the host’s calendar and iCal', () => {
  it('closes and reopens dates; closed dates cannot be booked; reserved ones cannot be closed', async () => {
    const closed = await as(ownerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/set-unavailable-date').send({ startDate: day(70), endDate: day(75) })).expect(201);
    expect((await ask('flat', 72, 73).expect(409)).body.message).toBe(UNAVAILABLE);
    await as(ownerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/set-unavailable-date').send({ startDate: day(21), endDate: day(22) })).expect(409);
    await as(strangerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/set-unavailable-date').send({ startDate: day(80), endDate: day(81) })).expect(403);
    await as(ownerToken, request(t.app).delete(`/api/booking/daily-rent/flat/calendar/unset-unavailable-date/${closed.body.data.id}`)).expect(200);
    await ask('flat', 72, 73).expect(201);
  });

  it('publishes an RFC 5545 feed that ical.js reads back', async () => {
    await as(ownerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/set-unavailable-date').send({ startDate: day(90), endDate: day(92) })).expect(201);
    const res = await request(t.app).get('/api/booking/daily-rent/flat/calendar.ics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(res.text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.startDate.toString(), e.endDate.toString(), e.summary])).toEqual(
      expect.arrayContaining([[day(20), day(22), 'Забронировано'], [day(90), day(92), 'Закрыто для бронирования']]),
    );
  });

  it('imports another portal’s feed as blocks, replacing the previous import', async () => {
    const feed = (ranges: [number, number][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other//EN',
      ...ranges.flatMap(([a, b], i) => ['BEGIN:VEVENT', `UID:other-${i}`, `DTSTART;VALUE=DATE:${day(a).replace(/-/g, '')}`, `DTEND;VALUE=DATE:${day(b).replace(/-/g, '')}`, 'SUMMARY:Reserved', 'END:VEVENT']),
      'END:VCALENDAR'].join('\r\n');
    const first = await as(ownerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/import').send({ ics: feed([[100, 103], [110, 111], [20, 21]]) })).expect(200);
    expect(first.body.data).toEqual({ blocked: 2, conflicts: [{ startDate: day(20), endDate: day(21), note: 'Reserved' }] });
    expect(await checkDate('flat', 101, 102)).toBe(false);
    await as(ownerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/import').send({ ics: feed([[110, 111]]) })).expect(200);
    expect(await checkDate('flat', 101, 102)).toBe(true);
    expect(await checkDate('flat', 110, 111)).toBe(false);
    expect((await as(ownerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/import').send({ ics: 'not a calendar at all' })).expect(400)).body.errors).toEqual({ ics: ['Это не календарь iCalendar (.ics)'] });
  });
});
