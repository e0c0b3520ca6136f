import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ERASED_PERSON } from '@estate/events';
import { BOOKING_REQUESTS, CATALOGUE, type ProjectionRunner } from '@estate/projections';
import { capturedLogs } from '../services/test/capturedLogs';
import { DEV_EMAIL, DEV_SMS } from '../services/src/core/notify/outbox';
import { projectionsOf } from '../services/src/slices';
import { createAgencyWithListings } from '../services/test/publications';
import { settled } from '../services/test/settled';
import { lastCode, signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { registerSiteUser } from '../services/test/users';

/**
 * Issue 43, item 5: a person who used the site — a profile with a name and an e-mail, a chat
 * message, a request with their phone, a booking — deletes their account with an SMS code; then
 * none of their phone (in every form), name or e-mail is left in the log's file, the bus's, the job
 * queue's, any read model or the logs, while the agency's listings and the booking's dates and sum
 * stay, and every read model rebuilds from the log.
 */
const PHONE = '79163337788';
const NAME = 'Эвелина Шредерова';
const EMAIL = 'erase-me@example.ru';
const CHAT_TEXT = 'Эвелина спрашивает: можно посмотреть квартиру в субботу?';
const SEARCH_NAME = 'Двушка у мамы Эвелины на Соколе';

const moscowDay = (offset: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe('erasing a person', () => {
  let t: TestApp;
  const { logger, lines } = capturedLogs();
  beforeAll(async () => {
    t = await startTestApp({ seed: false, logger });
  });
  afterAll(() => t.close());

  it('leaves none of their phone, name or e-mail anywhere, and the rest of the log valid', async () => {
    const agency = await createAgencyWithListings(t.ctx, 'erase', '71', [
      { id: 'erase-flat', deal: 'dailyRent', price: 4_000, guests: 3, publishedDaysAgo: 5 },
      { id: 'erase-sale', price: 8_000_000, publishedDaysAgo: 5 },
    ]);
    await registerSiteUser(t.ctx, { userId: 'erased-person', name: NAME, phone: PHONE, email: EMAIL });
    await t.ctx.projections.whenCaughtUp();
    const token = await signIn(t, PHONE);
    const as = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);

    await as(
      request(t.app).post('/api/chats/send-message').send({ adId: 'erase-sale', text: CHAT_TEXT }),
    ).expect(201);
    await as(
      request(t.app)
        .post('/api/send-request')
        .send({
          kind: 'callback',
          name: NAME,
          phone: `8${PHONE.slice(1)}`,
          text: `Перезвоните Эвелине на ${PHONE}`,
          titlePage: 'Главная',
          'g-recaptcha-response': 'test',
        }),
    ).expect(201);
    const booking = await as(
      request(t.app)
        .post('/api/booking/daily-rent/erase-flat')
        .send({
          name: NAME,
          phone: `+${PHONE}`,
          email: EMAIL,
          startDate: moscowDay(20),
          endDate: moscowDay(22),
          adultCount: 2,
          childCount: 0,
          'g-recaptcha-response': 'test',
        }),
    ).expect(201);
    const bookingId = booking.body.data.id as string;
    await as(
      request(t.app)
        .post('/api/saved-searches')
        .send({
          name: SEARCH_NAME,
          filters: { dealCategory: 'sale' },
          alerts: { frequency: 'weekly', email: false, sms: false },
        }),
    ).expect(201);
    await settled(t);

    // the export first: what the read models hold about the person
    const exported = (await as(request(t.app).get('/api/profile/export')).expect(200)).body.data;
    expect(exported.profile).toMatchObject({ name: NAME, email: EMAIL, phone: PHONE });
    expect(exported.chatMessages.map((m: { text: string }) => m.text)).toContain(CHAT_TEXT);
    expect(exported.requests).toHaveLength(1);
    expect(exported.bookings.map((b: { _id: string }) => b._id)).toEqual([bookingId]);

    t.clock.advance(31_000);
    await as(
      request(t.app).post('/api/profile/delete/send-code').send({ 'g-recaptcha-response': 'test' }),
    ).expect(200);
    await as(
      request(t.app)
        .post('/api/profile/delete')
        .send({ smsCode: await lastCode(t, PHONE) }),
    ).expect(200);
    await settled(t);

    // nothing of theirs in any file, read model or log line
    const files = ['events.sqlite', 'bus.sqlite', 'jobs.sqlite'].flatMap((name) =>
      ['', '-wal'].map((suffix) => join(t.dataDir, name + suffix)).filter(existsSync),
    );
    const collections = [
      ...new Set([...projectionsOf().flatMap((p) => Object.keys(p.collections)), DEV_SMS, DEV_EMAIL]),
    ];
    const readModels = await Promise.all(
      collections.map(async (name) => ({
        name,
        json: JSON.stringify(await t.ctx.readStore.collection(name).find({})),
      })),
    );
    const secrets = {
      phone: PHONE,
      'phone without its country code (8…, +7…)': PHONE.slice(1),
      'first name': NAME.split(' ')[0],
      'family name': NAME.split(' ')[1],
      'e-mail': EMAIL,
      "a saved search's name": SEARCH_NAME,
    };
    const found = Object.entries(secrets).flatMap(([what, secret]) => [
      ...files
        .filter((file) => readFileSync(file).includes(Buffer.from(secret)))
        .map((file) => `${what} in ${file}`),
      ...readModels.filter((m) => m.json.includes(secret)).map((m) => `${what} in the read model ${m.name}`),
      ...lines
        .filter((line) => line.includes(secret))
        .map((line) => `${what} in the log: ${line.slice(0, 200)}`),
    ]);
    expect(found).toEqual([]);

    // the person is gone: their session ended, their number signs in as nobody's
    await as(request(t.app).get('/api/profile')).expect(401);
    // the agency's listings and the booking's dates and sum stay, with the placeholder for the guest
    const rebuilt = t.ctx.projections as ProjectionRunner;
    await rebuilt.rebuild('all');
    const stay = await t.ctx.readStore.collection(BOOKING_REQUESTS).findOne({ _id: bookingId });
    expect(stay).toMatchObject({
      startDate: moscowDay(20),
      endDate: moscowDay(22),
      price: 8_000,
      guest: { userId: 'erased-person', name: ERASED_PERSON, phone: '', email: null },
    });
    expect(await t.ctx.readStore.collection(CATALOGUE).countDocuments({ agencyId: agency.agencyId })).toBe(2);
  });
});
