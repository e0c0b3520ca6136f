import { until } from '@estate/events/testing';
import request from 'supertest';
import { createAgencyWithListings } from '../../test/publications';
import { lastCode, signIn, startTestApp, type TestApp } from '../../test/testApp';

/**
 * A listing shows its author and agency as they are now, not as they were when it was created:
 * the catalogue follows their streams (issue 13: the phone reveal kept an agent's old number).
 */
let t: TestApp;
let agent: Awaited<ReturnType<typeof createAgencyWithListings>>;
const BOT = { 'g-recaptcha-response': 'test-token' };

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  agent = await createAgencyWithListings(t.ctx, 'ac', '31', [
    { id: 'shown', price: 9_000_000, rooms: 2, publishedDaysAgo: 10 },
  ]);
});
afterAll(() => t.close());

it('after an agent changes their phone and name, the phone reveal and the card give the new ones', async () => {
  const token = await signIn(t, agent.agentPhone);
  const auth = { Authorization: `Bearer ${token}` };
  const before = await request(t.app).post('/api/publications/shown/phone-view').expect(200);
  expect(before.body.data.phone).toBe(agent.agentPhone);
  // the catalogue's page keeps each listing's JSON with its stored version: a change must not be hidden by it
  const searchedBefore = await request(t.app)
    .post('/api/publications')
    .send({ dealCategory: 'sale', limit: 50 });
  const foundBefore = searchedBefore.body.data.find((p: { id: string }) => p.id === 'shown');
  expect(foundBefore.author.name).not.toBe('Агент Новиков');

  const newPhone = '79550003199';
  await request(t.app)
    .post('/api/auth/change-phone')
    .set(auth)
    .send({ newPhone, ...BOT })
    .expect(200);
  await request(t.app)
    .post('/api/auth/confirm-change-phone')
    .set(auth)
    .send({ newPhone, smsCode: await lastCode(t, newPhone) })
    .expect(200);
  await request(t.app)
    .patch('/api/profile/change-name')
    .set(auth)
    .send({ name: 'Агент Новиков' })
    .expect(200);

  await until(
    async () =>
      (await request(t.app).post('/api/publications/shown/phone-view')).body.data?.phone === newPhone,
  );
  const card = await request(t.app).get('/api/publications/shown').expect(200);
  expect(card.body.data.author).toMatchObject({ name: 'Агент Новиков' });
  expect(JSON.stringify(card.body)).not.toContain(agent.agentPhone);
  const search = await request(t.app).post('/api/publications').send({ dealCategory: 'sale', limit: 50 });
  expect(search.body).toMatchObject({ data: expect.any(Array) });
  const found = search.body.data.find((p: { id: string }) => p.id === 'shown');
  expect(found.author).toMatchObject({ name: 'Агент Новиков' });
});
