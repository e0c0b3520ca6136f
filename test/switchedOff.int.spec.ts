import request from 'supertest';
import { requestBooking, todayOf } from '../services/src/bookings';
import { DEMO_PHONES } from '../services/src/seed';
import { createAgency, createPublication } from '../services/test/publications';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { key, servedRoutes, type Operation } from './support/routes';

/**
 * docs/decisions.md: an agent the owner has switched off keeps signing in, but every agency call
 * answers 403 'Доступ сотрудника отключён владельцем агентства'. The routes are read from the app
 * itself, so a route added later is walked too. A staff route is one the active agent may use and a
 * plain user may not (the user is refused where the agent is answered); on each of them the
 * switched-off agent must get the owner's 403, and on no route may they do more than a plain user.
 */
const SWITCHED_OFF = 'Доступ сотрудника отключён владельцем агентства';

let t: TestApp;
let agency: Awaited<ReturnType<typeof createAgency>>;
let ownerToken: string;
let agentToken: string;
let userToken: string;
let requestId: string;
let entryId: string;

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
/** Moscow dates, as the app's */
const day = (n: number) => todayOf(new Date(t.ctx.clock().getTime() + n * 86_400_000));

beforeAll(async () => {
  t = await startTestApp();
  agency = await createAgency(t.ctx, 'off', '77');
  ownerToken = await signIn(t, agency.ownerPhone);
  agentToken = await signIn(t, agency.agentPhone);
  userToken = await signIn(t, DEMO_PHONES.user);
  // the owner takes the agent on through the API, as the cabinet does
  await as(
    ownerToken,
    request(t.app).post(`/api/agency/${agency.agencyId}/employee`).send({ clientPhone: agency.agentPhone }),
  ).expect(201);
  await createPublication(t.ctx, agency.agent, {
    id: 'off-daily',
    deal: 'dailyRent',
    price: 3000,
    guests: 4,
    publishedDaysAgo: 5,
  });
  await createPublication(t.ctx, agency.agent, { id: 'off-draft', price: 9_000_000 });
  ({ requestId } = await requestBooking(t.ctx, null, 'off-daily', {
    name: 'Гость',
    phone: '79161112233',
    email: 'guest@example.ru',
    startDate: day(20),
    endDate: day(23),
    adultCount: 2,
    childCount: 0,
  }));
  const block = await as(
    agentToken,
    request(t.app)
      .post('/api/booking/daily-rent/off-daily/calendar/set-unavailable-date')
      .send({ startDate: day(40), endDate: day(42) }),
  ).expect(201);
  entryId = block.body.data.id;
});
afterAll(() => t.close());

const switchAgent = (isActive: boolean) =>
  as(
    ownerToken,
    request(t.app)
      .patch(`/api/agency/${agency.agencyId}/employee/${agency.agent.userId}/change-active`)
      .send({ isActive }),
  ).expect(200);

/** A real record of the fixture for each path parameter; an unknown name fails, so a new route gets a sample. */
function sample(path: string, name: string): string {
  if (name === 'id' && path.startsWith('/api/agency/')) return agency.agencyId;
  if (
    name === 'id' &&
    /^\/api\/(publications|cabinet|favorite-publications|moderation\/publications)/.test(path)
  )
    return 'off-daily';
  const samples: Record<string, string> = {
    agencyId: agency.agencyId,
    employeeId: agency.agent.userId,
    userId: agency.agent.userId,
    publicationId: 'off-daily',
    requestId,
    entryId,
    tariffId: '1-1-dailyRent',
    locationId: '1',
    dealCategory: 'dailyRent',
    dealType: 'dailyRent',
    deal: 'daily-rent',
    name: 'flat-1.jpg',
    id: 'none',
    action: 'succeed',
    page: '1',
    category: 'my-listings',
    slug: 'none',
    city: 'kazan',
    district: 'none',
    station: 'none',
  };
  if (!Object.hasOwn(samples, name)) throw new Error(`no sample for {${name}} of ${path}`);
  return samples[name];
}

const concrete = (o: Operation) =>
  o.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sample(o.path, name)));
const call = (token: string, o: Operation) => as(token, request(t.app)[o.method](concrete(o))).send({});
const refused = (status: number) => status === 401 || status === 403 || status === 404;

it('refuses a switched-off agent every staff route, and gives them nothing a plain user lacks', async () => {
  // logging out ends the session the walk needs, and works for anyone alike
  const operations = servedRoutes(t.app).filter((o) => o.path !== '/api/auth/logout');
  // reads first, so the active agent's writes at the end change nothing the reads see
  operations.sort((a, b) => Number(a.method !== 'get') - Number(b.method !== 'get'));

  const asUser = new Map<string, number>();
  for (const o of operations) asUser.set(key(o), (await call(userToken, o)).status);

  await switchAgent(false);
  const switchedOff = new Map<string, { status: number; body: { errorCode?: number; message?: string } }>();
  for (const o of operations) {
    const res = await call(agentToken, o);
    switchedOff.set(key(o), { status: res.status, body: res.body });
  }

  await switchAgent(true);
  const staffRoutes: string[] = [];
  const failures: string[] = [];
  for (const o of operations) {
    const active = (await call(agentToken, o)).status;
    const user = asUser.get(key(o))!;
    const off = switchedOff.get(key(o))!;
    if (refused(user) && !refused(off.status))
      failures.push(`${key(o)}: the switched-off agent got ${off.status} where a plain user gets ${user}`);
    if (refused(user) && !refused(active) && active !== 405) {
      staffRoutes.push(key(o));
      if (off.status !== 403 || off.body.message !== SWITCHED_OFF)
        failures.push(
          `${key(o)}: the switched-off agent got ${off.status} ${off.body.message ?? ''} (the active agent ${active})`,
        );
    }
  }
  expect(failures).toEqual([]);
  // the walk reached the agency's calls, the booking answers among them
  for (const route of [
    'POST /api/booking/daily-rent/{requestId}/reject',
    'POST /api/booking/daily-rent/{requestId}/cancel',
    'GET /api/booking/daily-rent/list/{requestId}',
    'GET /api/booking/daily-rent/list-for-agent',
    'GET /api/cabinet/publications',
    'GET /api/agency/{agencyId}/publications',
    'GET /api/agency/{id}',
    'POST /api/booking/daily-rent/{publicationId}/calendar/set-unavailable-date',
    'GET /api/publications-statistic',
  ])
    expect(staffRoutes).toContain(route);
  expect(staffRoutes.length).toBeGreaterThanOrEqual(30);
});

it('opens the switched-off agent’s own draft to nobody but refuses them with the owner’s reason', async () => {
  await switchAgent(false);
  try {
    const res = await as(agentToken, request(t.app).get('/api/publications/off-draft')).expect(403);
    expect(res.body.message).toBe(SWITCHED_OFF);
    await as(userToken, request(t.app).get('/api/publications/off-draft')).expect(404);
    // their own account still works: the profile and a guest's own request
    await as(agentToken, request(t.app).get('/api/profile')).expect(200);
  } finally {
    await switchAgent(true);
  }
  await as(agentToken, request(t.app).get('/api/publications/off-draft')).expect(200);
});

it('lets a switched-off agent cancel a booking they made as a guest, but not their agency’s', async () => {
  const { requestId: own } = await requestBooking(t.ctx, agency.agent.userId, 'off-daily', {
    name: 'Агент в отпуске',
    phone: agency.agentPhone,
    email: null,
    startDate: day(60),
    endDate: day(62),
    adultCount: 1,
    childCount: 0,
  });
  const { requestId: guests } = await requestBooking(t.ctx, null, 'off-daily', {
    name: 'Гость',
    phone: '79161112244',
    email: null,
    startDate: day(70),
    endDate: day(72),
    adultCount: 1,
    childCount: 0,
  });
  await switchAgent(false);
  try {
    const refusal = await as(
      agentToken,
      request(t.app).post(`/api/booking/daily-rent/${guests}/cancel`).send({}),
    ).expect(403);
    expect(refusal.body).toMatchObject({ errorCode: 102, message: SWITCHED_OFF });
    await as(
      agentToken,
      request(t.app).post(`/api/booking/daily-rent/${own}/cancel`).send({ text: 'Передумал' }),
    ).expect(200);
  } finally {
    await switchAgent(true);
  }
});
