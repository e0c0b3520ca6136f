import request from 'supertest';
import { fold } from '../core/decider';
import type { Actor } from '../core/access';
import { changeUser } from '../identity';
import { findPublicationPlace } from '../locations';
import { publicationDecider, publicationStream, handlePublication } from '../publications';
import { lettersTo, type Letter } from '../../test/letters';
import { createAgency, createPublication, type PublicationSpec } from '../../test/publications';
import { settled } from '../../test/settled';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { sendDigests } from './digests';
import { registerSiteUser } from '../../test/users';

/**
 * Saved searches with alerts (issue 19, part 1) through the HTTP API: a new listing and a price
 * drop reach exactly the matching searches once; paused searches get nothing; the unsubscribe link
 * works without signing in and a forged one is refused; bad input gives the envelope; another
 * user's search is not found. Every answer is checked against its declared schema (core/route.ts).
 */
let t: TestApp;
let alice: string;
let bob: string;
let agent: Actor;
const ALICE = { id: 'alerts-alice', phone: '79162240001', email: 'alice@alerts.test' };
const BOB = { id: 'alerts-bob', phone: '79162240002', email: 'bob@alerts.test' };
const moscow = findPublicationPlace('1')!.centre;

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const save = (token: string, body: Record<string, unknown>) =>
  as(token, request(t.app).post('/api/saved-searches').send(body));
const list = async (token: string) =>
  new Map(
    (
      (await as(token, request(t.app).get('/api/saved-searches')).expect(200)).body.data as {
        name: string;
        newCount: number;
        matchedCount: number;
        id: string;
        paused: boolean;
      }[]
    ).map((s) => [s.name, s]),
  );
const outbox = async (to: string): Promise<Letter[]> => {
  await settled(t);
  return (await request(t.app).get('/api/dev/email').query({ to }).expect(200)).body.data;
};
const sms = async (phone: string): Promise<{ text: string }[]> => {
  await settled(t);
  return (await request(t.app).get('/api/dev/sms').query({ phone }).expect(200)).body.data;
};

/** a listing the agent publishes now: the alerts are about what is new */
const publishNow = (listing: Omit<PublicationSpec, 'publishedDaysAgo'>) =>
  createPublication(t.ctx, agent, { ...listing, publishedDaysAgo: 0 });
async function changePrice(id: string, price: number) {
  const stream = publicationStream(id);
  const publication = fold(publicationDecider, await t.ctx.eventStore.readStream(stream));
  if (!publication.exists) throw new Error(`no listing ${id}`);
  const { details } = publication;
  await handlePublication(t.ctx.eventStore, id, {
    type: 'EditPublication',
    actor: agent,
    details: { ...details, price },
  });
  await t.ctx.projections.whenCaughtUp();
}

const instant = { frequency: 'instant', email: true, sms: true };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  agent = (await createAgency(t.ctx, 'alerts', '72')).agent;
  for (const person of [ALICE, BOB])
    await registerSiteUser(t.ctx, {
      userId: person.id,
      name: 'Покупатель',
      phone: person.phone,
      email: person.email,
    });
  await t.ctx.projections.whenCaughtUp();
  alice = await signIn(t, ALICE.phone);
  bob = await signIn(t, BOB.phone);
  const searches: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
    [alice, 'До 10 млн', { dealCategory: 'sale', locationId: '1', price: { max: 10_000_000 } }, instant],
    [
      alice,
      'Двушки',
      { dealCategory: 'sale', locationId: '1', roomCount: [2] },
      { ...instant, frequency: 'daily' },
    ],
    [alice, 'Петербург', { dealCategory: 'sale', locationId: '2' }, instant],
    [alice, 'На паузе', { dealCategory: 'sale', locationId: '1' }, instant],
    [
      alice,
      'Область на карте',
      {
        dealCategory: 'sale',
        bounds: {
          south: moscow.lat - 0.2,
          west: moscow.lon - 0.3,
          north: moscow.lat + 0.2,
          east: moscow.lon + 0.3,
        },
      },
      { frequency: 'instant', email: true, sms: false },
    ],
    [alice, 'Аренда', { dealCategory: 'rent', locationId: '1' }, instant],
    [bob, 'Москва', { dealCategory: 'sale', geo_lat: moscow.lat, geo_lon: moscow.lon, radius: 3 }, instant],
  ];
  for (const [token, name, filters, alerts] of searches) {
    const res = await save(token, { name, filters, alerts }).expect(201);
    ids[name] = res.body.data.id;
  }
  await as(
    alice,
    request(t.app).patch(`/api/saved-searches/${ids['На паузе']}`).send({ paused: true }),
  ).expect(200);
});
afterAll(() => t.close());

describe('saving', () => {
  it("lists the user's own searches, newest first, with the limit", async () => {
    const res = await as(alice, request(t.app).get('/api/saved-searches')).expect(200);
    expect(res.body.meta).toEqual({ total: 6, limit: 20 });
    expect(res.body.data[0]).toMatchObject({
      name: 'Аренда',
      filters: { dealCategory: 'rent', locationId: '1' },
      alerts: instant,
      paused: false,
      newCount: 0,
    });
  });

  it('answers bad input with the envelope and its fields', async () => {
    const res = await save(alice, { name: ' ', filters: { price: { min: 5, max: 1 } } }).expect(400);
    expect(res.body).toMatchObject({ errorCode: 1, errors: { name: ['Введите название поиска'] } });
    const price = await save(alice, { name: 'Цена', filters: { price: { min: 5, max: 1 } } }).expect(400);
    expect(price.body.errors).toEqual({ 'filters.price.0.min': ['Цена «от» больше цены «до»'] });
    const weekly = await save(alice, {
      name: 'Раз в неделю',
      filters: {},
      alerts: { frequency: 'weekly', email: true, sms: true },
    }).expect(400);
    expect(weekly.body.errors['alerts.sms']).toBeDefined();
    const bad = await save(alice, {
      name: 'Х',
      filters: { dealCategory: 'castle' },
      alerts: { frequency: 'hourly' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['filters.dealCategory', 'alerts.frequency']),
    );
    await request(t.app).get('/api/saved-searches').expect(401);
  });

  it("does not show nor change another user's search", async () => {
    const other = ids['Москва'];
    await as(alice, request(t.app).get(`/api/saved-searches/${other}`)).expect(404);
    await as(alice, request(t.app).patch(`/api/saved-searches/${other}`).send({ name: 'Моё' })).expect(404);
    await as(alice, request(t.app).delete(`/api/saved-searches/${other}`)).expect(404);
    await as(alice, request(t.app).post(`/api/saved-searches/${other}/visit`)).expect(404);
    expect((await list(bob)).get('Москва')).toBeDefined();
  });

  it('keeps at most 20 searches a user', async () => {
    const token = await signIn(t, ALICE.phone);
    const extra: string[] = [];
    for (let i = (await list(token)).size; i < 20; i++)
      extra.push(
        (await save(token, { name: `Лишний ${i}`, filters: { locationId: '9' } }).expect(201)).body.data.id,
      );
    const res = await save(token, { name: 'Двадцать первый', filters: {} }).expect(422);
    expect(res.body.message).toMatch(/не больше 20/);
    for (const id of extra) await as(token, request(t.app).delete(`/api/saved-searches/${id}`)).expect(200);
  });
});

describe('alerts', () => {
  it('a new listing reaches exactly the matching searches, once', async () => {
    await publishNow({ id: 'alerts-p1', price: 9_000_000, rooms: 1 });
    const searches = await list(alice);
    expect(searches.get('До 10 млн')!.newCount).toBe(1);
    expect(searches.get('Область на карте')!.newCount).toBe(1);
    for (const name of ['Двушки', 'Петербург', 'На паузе', 'Аренда'])
      expect(searches.get(name)!.newCount).toBe(0);
    expect((await list(bob)).get('Москва')!.newCount).toBe(1);
    // one letter for the batch, naming both of alice's instant searches, with the listing's link
    const letters = await outbox(ALICE.email);
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toContain('«До 10 млн»');
    expect(letters[0].text).toContain('«Область на карте»');
    expect(letters[0].text).toMatch(/9 000 000 ₽/);
    expect(letters[0].text).toMatch(/http:\/\/\S+\/prodazha\/alerts-p1/);
    expect(letters[0].text).toMatch(/\/api\/saved-searches\/unsubscribe\?token=/);
    const alerts = (await sms(ALICE.phone)).filter((m) => /^Новое объявление/.test(m.text));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toMatch(
      /^Новое объявление по поиску «До 10 млн», «Область на карте»: 9 000 000 ₽ http/,
    );
    expect(await outbox(BOB.email)).toHaveLength(1);

    // hidden and published again: the same listing never alerts the same search twice
    await handlePublication(t.ctx.eventStore, 'alerts-p1', {
      type: 'ArchivePublication',
      actor: agent,
    });
    await handlePublication(t.ctx.eventStore, 'alerts-p1', {
      type: 'PublishPublication',
      actor: agent,
    });
    await t.ctx.projections.whenCaughtUp();
    expect(await outbox(ALICE.email)).toHaveLength(1);
    expect((await list(alice)).get('До 10 млн')!.newCount).toBe(1);
  });

  it('a price drop alerts once more a search that had the listing, and as new one that had not', async () => {
    await publishNow({ id: 'alerts-p2', price: 12_000_000, rooms: 3 });
    expect((await list(alice)).get('До 10 млн')!.newCount).toBe(1);
    const before = (await outbox(ALICE.email)).length; // the map area's letter for alerts-p2
    await changePrice('alerts-p2', 9_500_000);
    let letters = await outbox(ALICE.email);
    expect(letters).toHaveLength(before + 1);
    // new to the search under 10 million, cheaper for the map area that had it
    expect(letters[0].text).toContain('По вашему сохранённому поиску «До 10 млн» появилось новое объявление');
    expect(letters[0].text).toContain('По вашему сохранённому поиску «Область на карте» снизилась цена');
    expect(letters[0].text).toMatch(/9 500 000 ₽ \(цена снижена, было 12 000 000 ₽\)/);
    expect((await list(alice)).get('До 10 млн')!.newCount).toBe(2);
    // the next drop alerts the search that had it only as new, once; a rise and a third drop nobody
    await changePrice('alerts-p2', 9_400_000);
    letters = await outbox(ALICE.email);
    expect(letters).toHaveLength(before + 2);
    expect(letters[0].subject).toBe('Цена снижена: Объявление alerts-p2');
    expect(letters[0].text).toContain('По вашему сохранённому поиску «До 10 млн» снизилась цена');
    await changePrice('alerts-p2', 9_900_000);
    await changePrice('alerts-p2', 9_000_000);
    expect(await outbox(ALICE.email)).toHaveLength(before + 2);
    expect((await list(alice)).get('Область на карте')!.newCount).toBe(2);
  });

  it("honours the account's notification switches: no letter nor SMS, the count still grows", async () => {
    await changeUser(t.ctx, ALICE.id, {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveEmailNotifications: false, canReceiveSmsNotifications: false },
    });
    const letters = (await outbox(ALICE.email)).length;
    const texts = (await sms(ALICE.phone)).length;
    const count = (await list(alice)).get('До 10 млн')!.newCount;
    await publishNow({ id: 'alerts-quiet', price: 8_000_000, rooms: 1 });
    expect((await list(alice)).get('До 10 млн')!.newCount).toBe(count + 1);
    expect(await outbox(ALICE.email)).toHaveLength(letters);
    expect(await sms(ALICE.phone)).toHaveLength(texts);
    await changeUser(t.ctx, ALICE.id, {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveEmailNotifications: true, canReceiveSmsNotifications: true },
    });
  });

  it('a visit starts the count of new listings again', async () => {
    const res = await as(alice, request(t.app).post(`/api/saved-searches/${ids['До 10 млн']}/visit`)).expect(
      200,
    );
    expect(res.body.data).toMatchObject({ newCount: 0, matchedCount: 3 });
    expect(res.body.data.lastVisitAt).not.toBeNull();
  });

  it("the daily digest collects the day's matches and goes once", async () => {
    await publishNow({ id: 'alerts-p3', price: 20_000_000, rooms: 2 });
    expect((await list(alice)).get('Двушки')!.newCount).toBe(1);
    const before = (await outbox(ALICE.email)).length;
    const tenInMoscow = new Date('2026-11-26T07:00:00Z');
    expect(await sendDigests(t.ctx, tenInMoscow)).toMatchObject({ daily: 1 });
    expect(await sendDigests(t.ctx, tenInMoscow)).toMatchObject({ daily: 0 });
    const letters = await outbox(ALICE.email);
    expect(letters).toHaveLength(before + 1);
    expect(letters[0].subject).toMatch(/за день: 1$/);
    expect(letters[0].text).toContain('Поиск «Двушки»');
    expect(letters[0].text).toMatch(/\/prodazha\/alerts-p3/);
  });
});

describe('unsubscribe without signing in', () => {
  it('pauses the search its link names; a forged link is refused', async () => {
    const [letter] = await lettersTo(t, BOB.email);
    const link = /https?:\/\/\S+(\/api\/saved-searches\/unsubscribe\?token=\S+)/.exec(letter.text)![1];
    const token = decodeURIComponent(link.split('token=')[1]);
    const [payload] = token.split('.');
    const forged = `${payload}.${'A'.repeat(43)}`;
    expect(
      (await request(t.app).post('/api/saved-searches/unsubscribe').send({ token: forged }).expect(403)).body,
    ).toMatchObject({ errorCode: 102 });
    await request(t.app).get('/api/saved-searches/unsubscribe').query({ token: 'nonsense' }).expect(403);
    // another user's search under a token of bob's: refused too
    const theirs = Buffer.from(JSON.stringify([BOB.id, ids['До 10 млн']])).toString('base64url');
    await request(t.app)
      .post('/api/saved-searches/unsubscribe')
      .send({ token: `${theirs}.${token.split('.')[1]}` })
      .expect(403);
    const page = await request(t.app).get(link).expect(200);
    expect(page.text).toContain('Уведомления по поиску «Москва» больше не приходят');
    expect((await list(bob)).get('Москва')!.paused).toBe(true);

    // a paused search gets nothing
    const counted = (await list(bob)).get('Москва')!.newCount;
    const sent = (await outbox(BOB.email)).length;
    await publishNow({ id: 'alerts-p4', price: 7_000_000 });
    expect((await list(bob)).get('Москва')!.newCount).toBe(counted);
    expect(await outbox(BOB.email)).toHaveLength(sent);
    expect((await list(alice)).get('До 10 млн')!.newCount).toBe(1);
  });

  it('renames, resumes and deletes from the account', async () => {
    const id = ids['Москва'];
    const res = await as(
      bob,
      request(t.app)
        .patch(`/api/saved-searches/${id}`)
        .send({ name: 'Центр', paused: false, alerts: { frequency: 'weekly', email: true, sms: false } }),
    ).expect(200);
    expect(res.body.data).toMatchObject({ name: 'Центр', paused: false, alerts: { frequency: 'weekly' } });
    await as(bob, request(t.app).delete(`/api/saved-searches/${id}`)).expect(200);
    expect((await list(bob)).size).toBe(0);
    await as(bob, request(t.app).get(`/api/saved-searches/${id}`)).expect(404);
  });
});
