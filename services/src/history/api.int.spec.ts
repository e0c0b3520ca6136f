import type { PublicationDetails } from '@estate/events';
import { MemoryReadStore } from '@estate/projections';
import request from 'supertest';
import { createAgency } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { findLocation } from '../locations';
import { publicationStream, type PublicationCommand, handlePublication } from '../publications';
import { DEMO_PHONES } from '../seed';
import { listingAsOf, SNAPSHOT_EVERY } from './asOf';

let t: TestApp;
let ownerToken: string;
let agentToken: string;
let strangerToken: string;
let moderatorToken: string;
let agency: Awaited<ReturnType<typeof createAgency>>;

beforeAll(async () => {
  t = await startTestApp();
  agency = await createAgency(t.ctx, 'hist', '31');
  const other = await createAgency(t.ctx, 'hist-o', '32');
  ownerToken = await signIn(t, agency.ownerPhone);
  agentToken = await signIn(t, agency.agentPhone);
  strangerToken = await signIn(t, other.ownerPhone);
  moderatorToken = await signIn(t, DEMO_PHONES.moderator);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const form = (price: number, description: string) => ({
  dealCategory: 'sale',
  propertyType: 1,
  title: 'Двухкомнатная квартира у парка',
  description,
  price,
  locationId: '1',
  address: { fullAddress: 'ул. Тверская, 7', geo: findLocation('1')?.centre },
  roomCount: 2,
  totalArea: 54,
});
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a listing as it was on any date', () => {
  let id: string;
  /** what GET /api/publications/{id} answered after each command, and when */
  const answered: { step: string; at: string; status: number; body: { data?: unknown } }[] = [];
  let before: string;

  async function record(step: string) {
    const res = await as(ownerToken, request(t.app).get(`/api/publications/${id}`));
    answered.push({ step, at: new Date().toISOString(), status: res.status, body: res.body });
    await pause();
  }

  beforeAll(async () => {
    before = new Date().toISOString();
    await pause();
    const created = await as(agentToken, request(t.app).post('/api/cabinet/publications'))
      .send(form(12_000_000, 'Светлая квартира'))
      .expect(201);
    id = created.body.id;
    await record('created');
    await as(agentToken, request(t.app).post(`/api/cabinet/publications/${id}/publish`)).expect(200);
    await record('published');
    t.clock.advance(24 * 3600_000);
    await as(ownerToken, request(t.app).put(`/api/cabinet/publications/${id}`))
      .send(form(11_500_000, 'Светлая квартира, торг'))
      .expect(200);
    await record('owner cut the price');
    await as(moderatorToken, request(t.app).post(`/api/moderation/publications/${id}/decline`))
      .send({ reason: 'Цена не соответствует описанию' })
      .expect(200);
    await record('declined');
    await as(agentToken, request(t.app).put(`/api/cabinet/publications/${id}`))
      .send(form(11_000_000, 'Светлая квартира, исправлено'))
      .expect(200);
    await record('agent edited it back to the drafts');
  });

  it('rebuilds at each recorded moment exactly what GET /api/publications/{id} answered then', async () => {
    expect(answered.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const { step, at, body } of answered) {
      const res = await as(ownerToken, request(t.app).get(`/api/cabinet/publications/${id}/as-of`))
        .query({ at })
        .expect(200);
      expect({ step, listing: res.body.data.listing }).toEqual({ step, listing: body.data });
    }
  });

  it('answers no listing before it was created, and the differences from today', async () => {
    const none = await as(moderatorToken, request(t.app).get(`/api/cabinet/publications/${id}/as-of`))
      .query({ at: before })
      .expect(200);
    expect(none.body.data).toMatchObject({ revision: -1, listing: null });
    const first = await as(moderatorToken, request(t.app).get(`/api/cabinet/publications/${id}/as-of`))
      .query({ at: answered[1].at })
      .expect(200);
    const fields = first.body.data.differences.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['status', 'price', 'description']));
    expect(first.body.data.differences.find((d: { field: string }) => d.field === 'status')).toMatchObject({
      then: 'Опубликовано',
      now: 'Черновик',
    });
    expect(first.body.data.today).toMatchObject({ price: 11_000_000, status: 2 });
  });

  it('lists the changes newest first, each with its actor, its session and its fields before → after', async () => {
    const res = await as(ownerToken, request(t.app).get(`/api/cabinet/publications/${id}/history`)).expect(
      200,
    );
    const entries = res.body.data.entries as {
      kind: string;
      actor: { id: string; role: string; name: string };
      sessionId: string | null;
      changes: { field: string; before: string; after: string }[];
      line: string;
    }[];
    expect(entries.map((e) => [e.kind, e.actor.role, e.actor.id])).toEqual([
      ['PublicationEdited', 'agent', agency.agent.userId],
      ['PublicationDeclined', 'moderator', 'demo-moderator'],
      ['PublicationEdited', 'owner', agency.owner.userId],
      ['PublicationPublished', 'agent', agency.agent.userId],
      ['PublicationCreated', 'agent', agency.agent.userId],
    ]);
    expect(entries[2].changes).toEqual(
      expect.arrayContaining([
        {
          field: 'price',
          label: 'Цена',
          before: '12\u202f000\u202f000\u00a0₽',
          after: '11\u202f500\u202f000\u00a0₽',
        },
        {
          field: 'description',
          label: 'Описание',
          before: 'Светлая квартира',
          after: 'Светлая квартира, торг',
        },
      ]),
    );
    expect(entries[2].line).toContain('Цена: 12\u202f000\u202f000\u00a0₽ → 11\u202f500\u202f000\u00a0₽');
    expect(entries[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'status', label: 'Статус', before: 'Опубликовано', after: 'Отклонено' },
        { field: 'declineReason', label: 'Причина', before: '—', after: 'Цена не соответствует описанию' },
      ]),
    );
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([{ field: 'status', label: 'Статус', before: 'Отклонено', after: 'Черновик' }]),
    );
    // every command came through the HTTP API in a session: the agent's two sessions are one, the owner's another
    const sessions = entries.map((e) => e.sessionId);
    expect(sessions.every((s) => typeof s === 'string' && /^[0-9a-f]{12}$/.test(s))).toBe(true);
    expect(sessions[0]).toBe(sessions[4]);
    expect(sessions[2]).not.toBe(sessions[0]);
  });

  it('is for the owner of its agency, its agent and moderators only', async () => {
    const path = `/api/cabinet/publications/${id}/history`;
    await as(agentToken, request(t.app).get(path)).expect(200);
    await as(moderatorToken, request(t.app).get(path)).expect(200);
    const refused = await as(strangerToken, request(t.app).get(path)).expect(403);
    expect(refused.body.errorCode).toBe(102);
    await as(strangerToken, request(t.app).get(`/api/cabinet/publications/${id}/as-of`))
      .query({ at: before })
      .expect(403);
    await request(t.app).get(path).expect(401);
    await as(ownerToken, request(t.app).get('/api/cabinet/publications/no-such/history')).expect(404);
    const bad = await as(ownerToken, request(t.app).get(`/api/cabinet/publications/${id}/as-of`))
      .query({ at: 'вчера' })
      .expect(400);
    expect(bad.body).toMatchObject({ errorCode: 1, errors: { at: [expect.stringContaining('ISO 8601')] } });
  });
});

describe('a long listing rebuilt from snapshots', () => {
  it('gives at every moment what a fold of the whole stream gives', async () => {
    const id = 'hist-long';
    const run = (command: PublicationCommand) =>
      handlePublication(t.ctx.eventStore, id, command, { actor: agency.agent.userId });
    const { body } = await as(agentToken, request(t.app).get('/api/cabinet/publications?range=[0,0]')).expect(
      200,
    );
    const [created] = await t.ctx.eventStore.readStream(publicationStream(body[0].id));
    const { details } = created.data as { details: PublicationDetails };
    await run({ type: 'CreatePublication', actor: agency.agent, publicationId: id, details });
    const moments: number[] = [];
    // an edit with a new price is two events: the edit and the price change
    for (let i = 0; i < SNAPSHOT_EVERY + 30; i++) {
      await run({
        type: 'EditPublication',
        actor: agency.agent,
        details: { ...details, price: 1_000_000 + i * 1000 },
      });
      if (i % 97 === 0) moments.push(Date.now());
      if (i % 50 === 0) await pause();
    }
    moments.push(Date.now());
    // first through a store that keeps snapshots (made on the way), then again from them
    for (const pass of ['makes the snapshots', 'reads them']) {
      for (const at of moments) {
        const kept = await listingAsOf(t.ctx, id, at);
        const whole = await listingAsOf(
          { eventStore: t.ctx.eventStore, readStore: new MemoryReadStore() },
          id,
          at,
        );
        expect({ pass, at, doc: kept.document }).toEqual({ pass, at, doc: whole.document });
      }
    }
    const last = await listingAsOf(t.ctx, id, moments.at(-1)!);
    expect(last.folded).toBeLessThan(SNAPSHOT_EVERY);
  });
});
