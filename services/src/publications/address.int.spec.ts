import request from 'supertest';
import { createAgency } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { NO_POINT } from './decide';

/**
 * A listing's point and metro come from its address (issue 16, item 4): the suggestion the agent
 * chose, else the address provider's answer for the address typed (the gazetteer here). Without a
 * point a listing is saved, and cannot be published.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const { agentPhone } = await createAgency(t.ctx, 'addr', '31');
  token = await signIn(t, agentPhone);
});
afterAll(() => t.close());

const form = (address: object, locationId = '1') => ({
  dealCategory: 'sale',
  propertyType: 1,
  title: 'Квартира у бульваров',
  price: 15_000_000,
  locationId,
  address,
});
const as = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const create = (body: object) => as(request(t.app).post('/api/cabinet/publications')).send(body);

describe('the point of a listing', () => {
  it('is the chosen suggestion’s, with the nearest stations and their minutes', async () => {
    const { body } = await create(
      form({ fullAddress: 'г Москва, ул Покровка, д 10', geo: { lat: 55.7594, lon: 37.6456 } }),
    ).expect(201);
    expect(body.address.geo).toEqual({ lat: 55.7594, lon: 37.6456 });
    expect(body.address.metro.stations.length).toBeGreaterThan(0);
    expect(body.address.metro.stations[0]).toEqual({
      name: expect.any(String),
      time: expect.any(Number),
      pedestrian_time: true,
    });
  });

  it('is found for a typed address in the listing’s city, which the query names when the agent did not', async () => {
    const { body } = await create(form({ fullAddress: 'ул. Покровка, 10' })).expect(201);
    expect(body.address.geo).toEqual({ lat: expect.closeTo(55.76, 1), lon: expect.closeTo(37.65, 1) });
    expect(body.address.metro.stations.map((s: { name: string }) => s.name)).toContain('Чистые пруды');
  });

  it('is refused far from the listing’s place (a point of Kazan for a listing in Moscow)', async () => {
    const { body } = await create(
      form({ fullAddress: 'ул. Покровка, 10', geo: { lat: 55.7963, lon: 49.1088 } }),
    ).expect(400);
    expect(Object.keys(body.errors)).toEqual(['address.fullAddress']);
  });

  it('is none for an address nobody knows: the draft is kept, and publishing is refused under the address', async () => {
    const { body } = await create(form({ fullAddress: 'щщщзззххх, 12' })).expect(201);
    expect(body.address).toMatchObject({ geo: null, metro: { stations: [] } });
    const refused = await as(request(t.app).post(`/api/cabinet/publications/${body.id}/publish`)).expect(400);
    expect(refused.body).toMatchObject({ errorCode: 1, errors: { 'address.fullAddress': [NO_POINT] } });

    // the agent picks the suggestion, and the listing can go out
    const fixed = await as(request(t.app).put(`/api/cabinet/publications/${body.id}`))
      .send(form({ fullAddress: 'г Москва, ул Покровка, д 12', geo: { lat: 55.7597, lon: 37.6463 } }))
      .expect(200);
    expect(fixed.body.address.geo).toEqual({ lat: 55.7597, lon: 37.6463 });
    await as(request(t.app).post(`/api/cabinet/publications/${body.id}/publish`)).expect(200);
  });

  it('is kept by an edit that keeps the address, and found again for a new one', async () => {
    const { body } = await create(form({ fullAddress: 'ул. Покровка, 10' })).expect(201);
    const kept = await as(request(t.app).put(`/api/cabinet/publications/${body.id}`))
      .send({ ...form({ fullAddress: 'ул. Покровка, 10' }), price: 14_000_000 })
      .expect(200);
    expect(kept.body.address.geo).toEqual(body.address.geo);
    const unknown = await as(request(t.app).put(`/api/cabinet/publications/${body.id}`))
      .send(form({ fullAddress: 'щщщзззххх, 12' }))
      .expect(200);
    expect(unknown.body.address.geo).toBeNull();
  });
});
