import ICAL from 'ical.js';
import request from 'supertest';
import { createAgency, createAgencyWithListings } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { settled } from '../../test/settled';
import { trustPhone } from '../../test/trust';
import { calendarStream } from './calendar';
import { todayOf } from './dates';
import { registerSiteUser } from '../../test/users';

let t: TestApp;
let ownerToken: string;
let strangerToken: string;
let guestToken: string;
let agentToken: string;
let moderatorToken: string;
let trust: string;
const GUEST_PHONE = '79161110000';
const UNAVAILABLE = 'Данный диапазон дат недоступен для бронирования. Попробуйте выбрать другие.';

beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: { BOOKING_LIMIT_PER_IP: '1000', BOOKING_LIMIT_PER_PHONE: '1000', BOOKING_LIMIT_PER_LISTING: '1000' },
  });
  const agency = await createAgencyWithListings(t.ctx, 'b', '31', [
    { id: 'flat', deal: 'dailyRent', price: 3_000, guests: 4, publishedDaysAgo: 10 },
    { id: 'flat-2', deal: 'dailyRent', price: 5_000, guests: 2, publishedDaysAgo: 10 },
    { id: 'sale', price: 9_000_000, publishedDaysAgo: 10 },
  ]);
  const other = await createAgency(t.ctx, 'x', '32');
  await registerSiteUser(t.ctx, {
    userId: 'guest-1',
    name: 'Ольга',
    phone: GUEST_PHONE,
    email: 'olga@example.ru',
  });
  ownerToken = await signIn(t, agency.ownerPhone);
  strangerToken = await signIn(t, other.ownerPhone);
  guestToken = await signIn(t, GUEST_PHONE);
  agentToken = await signIn(t, agency.agentPhone);
  await registerSiteUser(t.ctx, { userId: 'moderator', name: 'Модератор', phone: '79990000000' });
  moderatorToken = await signIn(t, '79990000000');
  trust = await trustPhone(t, GUEST_PHONE);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
/** a stay's dates are Moscow dates, as the app's (between 21:00 and 24:00 UTC Moscow is a day ahead) */
const day = (offset: number) => todayOf(new Date(Date.now() + offset * 86_400_000));
/** A request as the site sends it: the bot check's token, and the phone confirmed (signed in with it, or its trust token). */
const ask = (publicationId: string, from: number, to: number, extra: object = {}, token?: string) => {
  const r = request(t.app)
    .post(`/api/booking/daily-rent/${publicationId}`)
    .send({
      name: 'Ольга',
      phone: `+${GUEST_PHONE}`,
      email: 'olga@example.ru',
      startDate: day(from),
      endDate: day(to),
      adultCount: 2,
      childCount: 1,
      'g-recaptcha-response': 'test',
      ...extra,
    });
  return token ? as(token, r) : r.set('trust-token', trust);
};
const accept = (token: string, publicationId: string, requestId: string) =>
  as(token, request(t.app).post(`/api/booking/daily-rent/${publicationId}/${requestId}/accept`));
/** api.md: «POST .../{id}/calendar/check-date: startDate, endDate. Response existsFreeDateByPeriod.» */
const checkDate = async (publicationId: string, from: number, to: number) =>
  (
    await request(t.app)
      .post(`/api/booking/daily-rent/${publicationId}/calendar/check-date`)
      .send({ startDate: day(from), endDate: day(to) })
      .expect(200)
  ).body.data.existsFreeDateByPeriod;

describe('sending a request', () => {
  it('counts nights and the price, for a guest with or without an account', async () => {
    const res = await ask('flat', 10, 13).expect(201);
    expect(res.body.data).toMatchObject({
      nightsCount: 3,
      price: 9_000,
      pricePerDay: 3_000,
      allGuestsCount: 3,
      status: 1,
      displayStatus: 1,
      displayStatusName: 'Ожидает подтверждения',
    });
    const signedIn = await ask('flat', 14, 16, {}, guestToken).expect(201);
    expect(signedIn.body.data.id).not.toBe(res.body.data.id);
  });

  it('refuses past dates, an end before the start, too many guests, a listing that is not daily rent', async () => {
    expect((await ask('flat', -2, 1).expect(400)).body.errors).toEqual({
      startDate: ['Дата заезда уже прошла'],
    });
    expect((await ask('flat', 5, 5).expect(400)).body.errors).toEqual({
      endDate: ['Дата выезда должна быть позже даты заезда'],
    });
    expect((await ask('flat', 5, 6, { adultCount: 3, childCount: 2 }).expect(400)).body.errors).toEqual({
      adultCount: ['Не больше 4 гостей'],
    });
    expect((await ask('flat', 5, 6, { adultCount: 0 }).expect(400)).body.errors).toHaveProperty('adultCount');
    expect((await ask('flat', 5, 6, { phone: '123' }).expect(400)).body.errors).toHaveProperty('phone');
    await ask('sale', 5, 6).expect(404);
  });

  it('tells the host by SMS', async () => {
    await settled(t);
    const { body } = await request(t.app).get('/api/dev/sms?phone=79550000312').expect(200);
    expect(
      body.data.some((m: { text: string }) => m.text.startsWith('Новая заявка на «Объявление flat»')),
    ).toBe(true);
  });
});

describe('the availability check, as api.md writes it', () => {
  // «POST .../{id}/calendar/check-date: startDate, endDate. Response existsFreeDateByPeriod.»
  const post = (publicationId: string, body: object) =>
    request(t.app).post(`/api/booking/daily-rent/${publicationId}/calendar/check-date`).send(body);

  it('answers POST with startDate and endDate: existsFreeDateByPeriod, true while the nights are free', async () => {
    const res = await post('flat-2', { startDate: day(150), endDate: day(152) }).expect(200);
    expect(res.body).toEqual({ data: { existsFreeDateByPeriod: true } });
  });

  it('answers false once a booking holds one of the nights, and true again beside it', async () => {
    const { body } = await ask('flat-2', 160, 162, { adultCount: 1, childCount: 0 }).expect(201);
    await accept(ownerToken, 'flat-2', body.data.id).expect(200);
    expect((await post('flat-2', { startDate: day(161), endDate: day(163) }).expect(200)).body.data).toEqual({
      existsFreeDateByPeriod: false,
    });
    expect((await post('flat-2', { startDate: day(162), endDate: day(164) }).expect(200)).body.data).toEqual({
      existsFreeDateByPeriod: true,
    });
    // the GET the site asks with (docs/decisions.md) answers the same
    const byQuery = await request(t.app)
      .get(`/api/booking/daily-rent/flat-2/calendar/check-date?startDate=${day(161)}&endDate=${day(163)}`)
      .expect(200);
    expect(byQuery.body.data).toEqual({ existsFreeDateByPeriod: false });
  });

  it('refuses a period without its dates or with the check-out before the check-in, and a listing that is not daily rent', async () => {
    expect((await post('flat-2', {}).expect(400)).body).toMatchObject({
      errorCode: 1,
      errors: { startDate: expect.any(Array), endDate: expect.any(Array) },
    });
    expect((await post('flat-2', { startDate: day(5), endDate: day(5) }).expect(400)).body.errors).toEqual({
      endDate: ['Дата выезда должна быть позже даты заезда'],
    });
    await post('sale', { startDate: day(5), endDate: day(6) }).expect(404);
    await post('no-such-listing', { startDate: day(5), endDate: day(6) }).expect(404);
  });
});

describe('accepting', () => {
  it('reserves the dates: the calendar shows one entry and the period is no longer free', async () => {
    const { body } = await ask('flat', 20, 22, {}, guestToken).expect(201);
    expect(await checkDate('flat', 20, 22)).toBe(true);
    const accepted = await accept(ownerToken, 'flat', body.data.id).expect(200);
    expect(accepted.body.data).toMatchObject({
      status: 2,
      displayStatus: 2,
      displayStatusName: 'Ждут заселения',
    });
    expect(await checkDate('flat', 21, 23)).toBe(false);
    expect(await checkDate('flat', 22, 24)).toBe(true);
    const calendar = await request(t.app)
      .get(`/api/booking/daily-rent/flat/calendar?startDate=${day(0)}&endDate=${day(60)}`)
      .expect(200);
    expect(calendar.body.data).toEqual([
      {
        id: expect.any(String),
        startDate: day(20),
        endDate: day(22),
        type: 1,
        bookingDailyRentAdRequestId: null,
      },
    ]);
    expect((await ask('flat', 21, 25).expect(409)).body).toEqual({ errorCode: 109, message: UNAVAILABLE });
    // the guest hears about it, and the daily-rent search skips the busy nights
    await settled(t);
    const sms = await request(t.app).get(`/api/dev/sms?phone=${GUEST_PHONE}`).expect(200);
    expect(sms.body.data[0].text).toMatch(/^Бронирование с .* подтверждено\.$/);
    const search = await request(t.app)
      .post('/api/publications')
      .send({ dealCategory: 'dailyRent', dates: [day(21), day(23)] })
      .expect(200);
    expect(search.body.data.map((p: { id: string }) => p.id)).toEqual(['flat-2']);
  });

  it('shows which request holds a night only to staff who may manage the listing', async () => {
    const idsSeenBy = async (token?: string) => {
      const r = request(t.app).get(
        `/api/booking/daily-rent/flat/calendar?startDate=${day(0)}&endDate=${day(60)}`,
      );
      const { body } = await (token ? as(token, r) : r).expect(200);
      return body.data
        .filter((e: { type: number }) => e.type === 1)
        .map((e: { bookingDailyRentAdRequestId: string | null }) => e.bookingDailyRentAdRequestId);
    };
    const [held] = await idsSeenBy(ownerToken);
    expect(held).toEqual(expect.any(String));
    expect(await idsSeenBy(agentToken)).toEqual([held]); // the listing's agent
    expect(await idsSeenBy(moderatorToken)).toEqual([held]);
    expect(await idsSeenBy(strangerToken)).toEqual([null]); // the owner of another agency
    expect(await idsSeenBy(guestToken)).toEqual([null]); // a plain user, even the guest
    expect(await idsSeenBy()).toEqual([null]);
  });

  it('of 50 overlapping requests accepted at once, exactly one wins', async () => {
    const ids: string[] = [];
    // 50 different askings (the same one twice would be one request), all holding the night of day 32
    for (let i = 0; i < 50; i++)
      ids.push(
        (
          await ask('flat-2', 30 + (i % 3), 33 + (i % 3) + Math.floor(i / 3), {
            adultCount: 1,
            childCount: 0,
          }).expect(201)
        ).body.data.id,
      );
    const answers = await Promise.all(ids.map((id) => accept(ownerToken, 'flat-2', id)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200))
      expect({ status: lost.status, body: lost.body }).toEqual({
        status: 409,
        body: { errorCode: 109, message: UNAVAILABLE },
      });
    const calendar = await request(t.app)
      .get(`/api/booking/daily-rent/flat-2/calendar?startDate=${day(0)}&endDate=${day(60)}`)
      .expect(200);
    expect(calendar.body.data).toHaveLength(1);
    const counts = await as(
      ownerToken,
      request(t.app).get(`/api/booking/daily-rent/count?startDate=${day(29)}&endDate=${day(40)}`),
    ).expect(200);
    expect(counts.body.data.map((c: { count: number }) => c.count)).toEqual([49, 1, 0, 0, 0]);
  });

  it('with the same Idempotency-Key answers the same run again, writing nothing more; a malformed key is refused', async () => {
    const { body } = await ask('flat', 170, 171).expect(201);
    const key = 'accept-flat-170-0001';
    const first = await accept(ownerToken, 'flat', body.data.id).set('Idempotency-Key', key).expect(200);
    const head = await t.ctx.eventStore.headPosition();
    const again = await accept(ownerToken, 'flat', body.data.id).set('Idempotency-Key', key).expect(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await t.ctx.eventStore.headPosition()).toBe(head);
    expect(
      (await accept(ownerToken, 'flat', body.data.id).set('Idempotency-Key', 'short').expect(400)).body,
    ).toMatchObject({ errorCode: 1, errors: { 'Idempotency-Key': expect.any(Array) } });
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
    const res = await as(
      ownerToken,
      request(t.app).post(`/api/booking/daily-rent/${body.data.id}/reject`).send({ text: '' }),
    ).expect(200);
    expect(res.body.data).toMatchObject({ status: 4, displayStatus: 5, reason: 'Изменились планы' });
    expect((await accept(ownerToken, 'flat', body.data.id).expect(422)).body.message).toBe(
      'Заявка отклонена',
    );
  });

  it('a guest cancels their accepted booking and the nights are free again; a stranger cannot', async () => {
    const { body } = await ask('flat', 50, 52, {}, guestToken).expect(201);
    await accept(ownerToken, 'flat', body.data.id).expect(200);
    expect(await checkDate('flat', 50, 52)).toBe(false);
    await as(
      strangerToken,
      request(t.app).post(`/api/booking/daily-rent/${body.data.id}/cancel`).send({ text: 'x' }),
    ).expect(403);
    const res = await as(
      guestToken,
      request(t.app).post(`/api/booking/daily-rent/${body.data.id}/cancel`).send({ text: 'Поменялись даты' }),
    ).expect(200);
    expect(res.body.data).toMatchObject({ status: 3, displayStatus: 5, reason: 'Поменялись даты' });
    expect(await checkDate('flat', 50, 52)).toBe(true);
  });

  it('checks the guest out once the stay has begun', async () => {
    const { body } = await ask('flat', 1, 3, {}, guestToken).expect(201);
    await accept(ownerToken, 'flat', body.data.id).expect(200);
    await as(ownerToken, request(t.app).post(`/api/booking/daily-rent/${body.data.id}/check-out`)).expect(
      422,
    );
    t.clock.advance(2 * 86_400_000);
    const res = await as(
      ownerToken,
      request(t.app).post(`/api/booking/daily-rent/${body.data.id}/check-out`),
    ).expect(200);
    expect(res.body.data).toMatchObject({ displayStatus: 4, displayStatusName: 'Завершено' });
    t.clock.advance(-2 * 86_400_000);
  });
});

describe('lists', () => {
  it('the user’s own requests by the user status set, with messages in the detail', async () => {
    await settled(t); // the messages follow the facts
    const all = await as(
      guestToken,
      request(t.app).get('/api/booking/daily-rent/list-for-user?limit=15&offset=1'),
    ).expect(200);
    expect(all.body.meta.total).toBe(4);
    const cancelled = await as(
      guestToken,
      request(t.app).get('/api/booking/daily-rent/list-for-user?status=3'),
    ).expect(200);
    expect(cancelled.body.data.map((r: { reason: string }) => r.reason)).toEqual(['Поменялись даты']);
    const detail = await as(
      guestToken,
      request(t.app).get(`/api/booking/daily-rent/list/${cancelled.body.data[0].id}`),
    ).expect(200);
    expect(
      detail.body.data.messages.map((m: { kind: string; status: boolean }) => [m.kind, m.status]),
    ).toEqual([
      ['sent', false],
      ['accepted', false],
      ['canceled', true],
    ]);
    await as(
      strangerToken,
      request(t.app).get(`/api/booking/daily-rent/list/${cancelled.body.data[0].id}`),
    ).expect(403);
    await request(t.app).get('/api/booking/daily-rent/list-for-user').expect(401);
  });

  it('the agency’s requests by display status', async () => {
    const waiting = await as(
      ownerToken,
      request(t.app).get(
        `/api/booking/daily-rent/list-for-agent?status=2&startDate=${day(0)}&endDate=${day(60)}`,
      ),
    ).expect(200);
    expect(waiting.body.data.map((r: { startDate: string }) => r.startDate)).toEqual([
      day(20),
      expect.any(String),
    ]);
    expect(waiting.body.meta.per_page).toBe(15);
    expect(
      (await as(strangerToken, request(t.app).get('/api/booking/daily-rent/list-for-agent')).expect(200)).body
        .data,
    ).toEqual([]);
    await as(guestToken, request(t.app).get('/api/booking/daily-rent/list-for-agent')).expect(403);
  });
});

describe('the host’s calendar and iCal', () => {
  it('closes and reopens dates; closed dates cannot be booked; reserved ones cannot be closed', async () => {
    const closed = await as(
      ownerToken,
      request(t.app)
        .post('/api/booking/daily-rent/flat/calendar/set-unavailable-date')
        .send({ startDate: day(70), endDate: day(75) }),
    ).expect(201);
    expect((await ask('flat', 72, 73).expect(409)).body.message).toBe(UNAVAILABLE);
    await as(
      ownerToken,
      request(t.app)
        .post('/api/booking/daily-rent/flat/calendar/set-unavailable-date')
        .send({ startDate: day(21), endDate: day(22) }),
    ).expect(409);
    await as(
      strangerToken,
      request(t.app)
        .post('/api/booking/daily-rent/flat/calendar/set-unavailable-date')
        .send({ startDate: day(80), endDate: day(81) }),
    ).expect(403);
    await as(
      ownerToken,
      request(t.app).delete(
        `/api/booking/daily-rent/flat/calendar/unset-unavailable-date/${closed.body.data.id}`,
      ),
    ).expect(200);
    await ask('flat', 72, 73).expect(201);
  });

  it('publishes an RFC 5545 feed that ical.js reads back', async () => {
    await as(
      ownerToken,
      request(t.app)
        .post('/api/booking/daily-rent/flat/calendar/set-unavailable-date')
        .send({ startDate: day(90), endDate: day(92) }),
    ).expect(201);
    const res = await request(t.app).get('/api/booking/daily-rent/flat/calendar.ics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(res.text))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.startDate.toString(), e.endDate.toString(), e.summary])).toEqual(
      expect.arrayContaining([
        [day(20), day(22), 'Забронировано'],
        [day(90), day(92), 'Закрыто для бронирования'],
      ]),
    );
  });

  const feed = (ranges: [number, number][], extra: string[] = []) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other//EN',
      ...ranges.flatMap(([a, b], i) => [
        'BEGIN:VEVENT',
        `UID:other-${i}`,
        `DTSTART;VALUE=DATE:${day(a).replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${day(b).replace(/-/g, '')}`,
        'SUMMARY:Reserved',
        'END:VEVENT',
      ]),
      ...extra,
      'END:VCALENDAR',
    ].join('\r\n');
  const importFeed = (ics: string) =>
    as(ownerToken, request(t.app).post('/api/booking/daily-rent/flat/calendar/import').send({ ics }));
  const calendarLength = async () => (await t.ctx.eventStore.readStream(calendarStream('flat'))).length;

  it('imports another portal’s feed as blocks in one append, and the same feed again appends nothing', async () => {
    const before = await calendarLength();
    const first = await importFeed(
      feed([
        [100, 103],
        [110, 111],
        [20, 21],
      ]),
    ).expect(200);
    expect(first.body.data).toEqual({
      blocked: 2,
      released: 0,
      unchanged: 0,
      conflicts: [{ startDate: day(20), endDate: day(21), note: 'Reserved' }],
    });
    expect(await checkDate('flat', 101, 102)).toBe(false);
    expect(await calendarLength()).toBe(before + 1); // one event for the whole feed
    // an hourly re-import of an unchanged feed must not grow the stream
    const again = await importFeed(
      feed([
        [110, 111],
        [20, 21],
        [100, 103],
      ]),
    ).expect(200);
    expect(again.body.data).toEqual({
      blocked: 0,
      released: 0,
      unchanged: 2,
      conflicts: [{ startDate: day(20), endDate: day(21), note: 'Reserved' }],
    });
    expect(await calendarLength()).toBe(before + 1);
  });

  it('releases the ranges the other portal dropped and keeps the rest', async () => {
    const res = await importFeed(
      feed([
        [110, 111],
        [120, 122],
      ]),
    ).expect(200);
    expect(res.body.data).toEqual({ blocked: 1, released: 1, unchanged: 1, conflicts: [] });
    expect(await checkDate('flat', 101, 102)).toBe(true);
    expect(await checkDate('flat', 110, 111)).toBe(false);
    expect(await checkDate('flat', 121, 122)).toBe(false);
    const calendar = await as(
      ownerToken,
      request(t.app).get(`/api/booking/daily-rent/flat/calendar?startDate=${day(100)}&endDate=${day(130)}`),
    ).expect(200);
    expect(calendar.body.data.map((e: { startDate: string; type: number }) => [e.startDate, e.type])).toEqual(
      [
        [day(110), 2],
        [day(120), 2],
      ],
    );
  });

  it('ignores events wholly in the past and cuts ranges at two years ahead', async () => {
    const res = await importFeed(
      feed([
        [110, 111],
        [120, 122],
        [-30, -20],
        [-3, 1],
        [700, 900],
        [800, 801],
      ]),
    ).expect(200);
    const horizon = new Date(Date.parse(day(0)));
    horizon.setUTCFullYear(horizon.getUTCFullYear() + 2);
    expect(res.body.data).toMatchObject({ blocked: 2, released: 0, unchanged: 2 });
    const calendar = await as(
      ownerToken,
      request(t.app).get(`/api/booking/daily-rent/flat/calendar?startDate=${day(-40)}&endDate=${day(1000)}`),
    ).expect(200);
    const imported = calendar.body.data.filter(
      (e: { id: string; startDate: string }) =>
        e.id.startsWith('ical-') && e.startDate !== day(110) && e.startDate !== day(120),
    );
    expect(imported.map((e: { startDate: string; endDate: string }) => [e.startDate, e.endDate])).toEqual([
      [day(-3), day(1)],
      [day(700), horizon.toISOString().slice(0, 10)],
    ]);
  });

  it('refuses what is not a calendar, a file over 512 KB and more than 1,000 events, with the reason on ics', async () => {
    expect((await importFeed('not a calendar at all').expect(400)).body).toMatchObject({
      errorCode: 1,
      errors: { ics: ['Это не календарь iCalendar (.ics)'] },
    });
    expect(
      (await importFeed('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2030\r\n').expect(400)).body
        .errors,
    ).toEqual({ ics: ['Это не календарь iCalendar (.ics)'] });
    const big = feed([[130, 131]], [`X-PADDING:${'x'.repeat(530_000)}`]);
    expect((await importFeed(big).expect(400)).body).toMatchObject({
      errorCode: 1,
      errors: { ics: ['Файл календаря больше 512 КБ'] },
    });
    const many = feed(Array.from({ length: 1_001 }, (_, i) => [200 + i, 201 + i] as [number, number]));
    expect((await importFeed(many).expect(400)).body).toMatchObject({
      errorCode: 1,
      errors: { ics: ['В календаре больше 1000 событий: импортируйте не больше 1000'] },
    });
    // the largest allowed number of events is taken
    const most = feed(
      Array.from({ length: 1_000 }, (_, i) => [200 + (i % 400), 201 + (i % 400)] as [number, number]),
    );
    expect((await importFeed(most).expect(200)).body.data).toMatchObject({ blocked: 400, conflicts: [] });
  });
});
