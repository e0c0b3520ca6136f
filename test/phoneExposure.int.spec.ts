import { ROLES } from '@estate/events';
import { USERS, type UserDocument } from '@estate/projections';
import request from 'supertest';
import { changeUser } from '../services/src/identity';
import { DEMO_COMPLEXES } from '../services/src/newBuildings/demoComplexes';
import { DEMO_PHONES } from '../services/src/seed';
import { createAgency, createPublication } from '../services/test/publications';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { key, servedRoutes, type Operation } from './support/routes';

/**
 * product.md: the phone is hidden until the first click, which reveals it (and counts the reveal
 * for the agency). So no public answer carries an agent's or owner's phone: only the reveal call
 * does. Every GET route the app serves and the search calls are read as a visitor and as a signed-in
 * premium user whose favourites and opened listings hold the listing, and scanned for staff phones.
 */
let t: TestApp;
let userToken: string;
let staffPhones: string[];
let agentPhone: string;
const PUBLICATION = 'fresh-flat';
const complex = DEMO_COMPLEXES[0];
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

beforeAll(async () => {
  t = await startTestApp();
  const agency = await createAgency(t.ctx, 'ph', '61');
  agentPhone = agency.agentPhone;
  // published yesterday, in a residential complex: it is in the premium window, the complex's list and the newest
  await createPublication(t.ctx, agency.agent, {
    id: PUBLICATION,
    city: complex.details.address.locationId,
    complex: complex.id,
    price: 12_000_000,
    publishedDaysAgo: 1,
  });
  userToken = await signIn(t, DEMO_PHONES.user);
  await changeUser(t.ctx, 'demo-user', { type: 'ExtendPremium', days: 30, now: t.ctx.clock() });
  await request(t.app)
    .post(`/api/favorite-publications/${PUBLICATION}`)
    .set('Authorization', `Bearer ${userToken}`)
    .expect((res) => expect(res.status).toBeLessThan(300));
  // opened as a person does, in a browser (a client without a browser's user agent is not counted)
  await request(t.app)
    .get(`/api/publications/${PUBLICATION}`)
    .set('Authorization', `Bearer ${userToken}`)
    .set('User-Agent', BROWSER)
    .expect(200);
  const staff = await t.ctx.readStore
    .collection<UserDocument>(USERS)
    .find({ role: { $in: [ROLES.AGENT, ROLES.AGENCY_OWNER] } });
  staffPhones = staff.map((u) => u.phone);
});
afterAll(() => t.close());

function concrete(o: Operation): string {
  const samples: Record<string, string> = {
    publicationId: PUBLICATION,
    locationId: complex.details.address.locationId,
    dealType: 'sale',
    deal: 'sale',
    name: 'flat-1.jpg',
  };
  const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'id') return o.path.startsWith('/api/residential-complexes') ? complex.id : PUBLICATION;
    return Object.hasOwn(samples, name) ? samples[name] : 'none';
  });
  return o.path === '/api/publications-by-ids' ? `${path}?ids[]=${PUBLICATION}` : path;
}

it('shows no staff phone in any public answer: listing, search, similar, by ids, favourites, premium, newest, opened, complexes', async () => {
  const reads = servedRoutes(t.app).filter(
    (o) =>
      (o.method === 'get' && !o.path.startsWith('/api/dev/')) ||
      ['/api/publications', '/api/publications/count'].includes(o.path),
  );
  const leaks: string[] = [];
  const carrying = new Set<string>();
  for (const o of reads) {
    for (const token of [null, userToken]) {
      let call = request(t.app)[o.method](concrete(o));
      if (token) call = call.set('Authorization', `Bearer ${token}`);
      const res = await (o.method === 'post'
        ? call.send({ locationId: complex.details.address.locationId })
        : call);
      const text = res.text ?? '';
      if (text.includes(PUBLICATION)) carrying.add(key(o));
      const leaked = staffPhones.filter((phone) => text.includes(phone));
      if (leaked.length) leaks.push(`${key(o)} ${token ? 'signed in' : 'visitor'}: ${leaked.join(', ')}`);
    }
  }
  expect(leaks).toEqual([]);
  // the scan read the listing where a visitor meets it
  expect([...carrying].sort()).toEqual(
    expect.arrayContaining([
      'GET /api/clicked-publications',
      'GET /api/favorite-publications',
      'GET /api/premium-publications',
      'GET /api/publications-by-ids',
      'GET /api/publications/last/{locationId}',
      'GET /api/publications/{id}',
      'GET /api/residential-complexes/{id}/publications',
      'POST /api/publications',
    ]),
  );
});

it('gives the phone in the reveal call only', async () => {
  const { body } = await request(t.app).post(`/api/publications/${PUBLICATION}/phone-view`).expect(200);
  expect(body.data.phone).toBe(agentPhone);
});
