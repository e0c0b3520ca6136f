import { countInteractions, type Interaction } from '@estate/projections';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
let ownerToken: string;
let agentToken: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const agency = await createAgency(t.ctx, 'st', '41');
  await createPublication(t.ctx, agency.agent, { id: 'mine', price: 1_000_000, publishedDaysAgo: 40 });
  await createPublication(t.ctx, agency.owner, { id: 'owners', price: 2_000_000, publishedDaysAgo: 40 });
  const now = t.clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const facts: Interaction[] = [];
  const add = (publicationId: string, kind: Interaction['kind'], daysAgo: number, n: number) => {
    for (let i = 0; i < n; i++)
      facts.push({ id: `${kind}:${publicationId}:${daysAgo}:${i}`, kind, publicationId, at: at(daysAgo) });
  };
  add('mine', 'view', 0, 5);
  add('mine', 'click', 0, 2);
  add('mine', 'view', 3, 4);
  add('mine', 'phone', 10, 3);
  add('owners', 'view', 1, 6);
  add('owners', 'favorite', 20, 2);
  add('owners', 'chat', 0, 1);
  await countInteractions(t.ctx.readStore, facts);
  ownerToken = await signIn(t, agency.ownerPhone);
  agentToken = await signIn(t, agency.agentPhone);
});
afterAll(() => t.close());

const get = (token: string, path: string) => request(t.app).get(path).set('Authorization', `Bearer ${token}`);

describe('agency statistics', () => {
  it('totals the whole agency for the owner, their own listings for an agent, with today apart', async () => {
    const owner = await get(ownerToken, '/api/publications-statistic?interval=30').expect(200);
    expect(owner.body.data).toMatchObject({
      viewCount: 15,
      clicksCount: 2,
      count: 2,
      viewPhoneCount: 3,
      chatsCount: 1,
      responsesCount: 4,
      today: { viewCount: 5, chatsCount: 1 },
    });
    const agent = await get(agentToken, '/api/publications-statistic?interval=7').expect(200);
    expect(agent.body.data).toMatchObject({ viewCount: 9, clicksCount: 2, viewPhoneCount: 0 });
    const one = await get(ownerToken, '/api/publications-statistic?interval=30&publicationId=owners').expect(
      200,
    );
    expect(one.body.data.viewCount).toBe(6);
    await get(agentToken, '/api/publications-statistic?publicationId=owners').expect(404);
  });

  it('draws a week by day, a month by week and a year by month, for each content type', async () => {
    const week = await get(
      ownerToken,
      '/api/publications-statistic/diagram?statsType=1&contentType=1',
    ).expect(200);
    expect(week.body.data.diagram).toHaveLength(7);
    expect(week.body.data.total).toEqual({ viewCount: 15, clicksCount: 2 });
    expect(week.body.data.diagram.at(-1)).toMatchObject({ viewCount: 5, clicksCount: 2 });
    const month = await get(
      ownerToken,
      '/api/publications-statistic/diagram?statsType=2&contentType=3',
    ).expect(200);
    expect(month.body.data.diagram).toHaveLength(5);
    expect(month.body.data.total).toEqual({ viewPhoneCount: 3, chatsCount: 1, count: 4 });
    const year = await get(
      ownerToken,
      '/api/publications-statistic/diagram?statsType=3&contentType=2',
    ).expect(200);
    expect(year.body.data.diagram.length).toBeGreaterThanOrEqual(12);
    expect(year.body.data.total).toEqual({ count: 2 });
    expect(
      (await get(ownerToken, '/api/publications-statistic/diagram?statsType=4').expect(400)).body.errorCode,
    ).toBe(1);
  });

  it('is for agency staff only', async () => {
    const anonymous = await request(t.app).get('/api/publications-statistic');
    expect([anonymous.status, anonymous.body.errorCode]).toEqual([401, 101]);
  });
});
