import { ROLES, type StoredEvent } from '@estate/events';
import request from 'supertest';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { EMAIL_QUEUE, SMS_QUEUE } from '../notifications';
import { DEMO_BUYERS, DEMO_TOP_UP } from './seed';

/**
 * Issue 12, item 21: the demo data is made by the commands users' actions send, so the seeded staff
 * can be managed like any other (switched off and on, given a limit, removed and hired again), and
 * nothing in the log could not have come from the product's own calls.
 */
let t: TestApp;
let events: StoredEvent[];
const AGENCIES = [1, 2, 3, 4];

beforeAll(async () => {
  t = await startTestApp();
  events = await t.ctx.eventStore.readAll(0, 1_000_000);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const ofType = (type: string) => events.filter((e) => e.type === type);
const data = (e: StoredEvent) => e.data as Record<string, unknown>;

describe('the demo', () => {
  it('tells nobody: no SMS and no e-mail follow its facts (bookings, chats, invoices, decisions)', async () => {
    await t.ctx.reactors.whenCaughtUp();
    for (const queue of [SMS_QUEUE, EMAIL_QUEUE]) {
      const counts = await t.ctx.jobs.counts(queue);
      expect({ queue, ...counts }).toEqual({
        queue,
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 0,
        failed: 0,
      });
    }
    // the demo's booking requests still post their steps on their chats
    expect(ofType('ChatMessagePosted').some((e) => data(e).kind === 'booking-accepted')).toBe(true);
  });
});

describe('seeded staff', () => {
  it.each(AGENCIES)(
    'of demo agency %i are managed by its owner: switched off and on, given a limit, removed and hired again by phone',
    async (a) => {
      const owner = await signIn(t, `7999000000${a}`);
      const base = `/api/agency/demo-agency-${a}/employee`;
      const list = async () =>
        (await as(owner, request(t.app).get(base)).expect(200)).body.data as {
          id: string;
          phone: string;
          isActive: boolean;
          limit: number | null;
        }[];
      const employees = await list();
      expect(employees.map((e) => e.phone).sort()).toEqual([`799900000${a}1`, `799900000${a}2`]);
      for (const employee of employees) {
        expect(
          (
            await as(
              owner,
              request(t.app).patch(`${base}/${employee.id}/change-active`).send({ isActive: false }),
            ).expect(200)
          ).body.data,
        ).toEqual({ id: employee.id, isActive: false });
        expect((await list()).find((e) => e.id === employee.id)!.isActive).toBe(false);
        await as(
          owner,
          request(t.app).patch(`${base}/${employee.id}/change-active`).send({ isActive: true }),
        ).expect(200);
        await as(owner, request(t.app).patch(`${base}/${employee.id}/limit`).send({ limit: 5000 })).expect(
          200,
        );
        expect((await list()).find((e) => e.id === employee.id)).toMatchObject({
          isActive: true,
          limit: 5000,
        });
      }
      // removed, the agent is a plain user again; hired again by phone, an agent of the agency
      const [first] = employees;
      await as(owner, request(t.app).delete(`${base}/${first.id}`)).expect(200);
      expect((await list()).map((e) => e.id)).not.toContain(first.id);
      await as(owner, request(t.app).post(base).send({ clientPhone: first.phone })).expect(201);
      expect((await list()).find((e) => e.id === first.id)).toMatchObject({ isActive: true, limit: null });
      const agent = await signIn(t, first.phone);
      expect((await as(agent, request(t.app).get('/api/profile')).expect(200)).body.data).toMatchObject({
        role: ROLES.AGENT,
        agencyId: `demo-agency-${a}`,
      });
    },
  );
});

describe('the demo data’s history', () => {
  it('signs every account up as a user with a confirmed phone code; roles come later, from the agency', async () => {
    const registered = ofType('UserRegistered');
    // four agencies of an owner and two agents, the demo user, the moderator, and the history's buyers
    expect(registered.length).toBe(4 * 3 + 2 + DEMO_BUYERS.length);
    for (const e of registered) {
      expect(data(e)).toMatchObject({ role: ROLES.USER, agencyId: null });
      // a phone's stream is stored under its keyed hash (core/personalData.ts)
      const stream = await t.ctx.personalData.pseudonym(`phone-${data(e).phone as string}`);
      const phoneEvents = events.filter((p) => p.streamId === stream).map((p) => p.type);
      expect(phoneEvents).toEqual(['PhoneCodeSent', 'PhoneCodeAccepted', 'PhoneBound']);
    }
  });

  it('opens every agency from a realtor request approved by the moderator and confirmed by its owner', () => {
    const agencies = ofType('AgencyRegistered').map((e) => data(e).agencyId);
    expect(agencies.sort()).toEqual(AGENCIES.map((a) => `demo-agency-${a}`));
    const confirmed = ofType('RealtorRequestConfirmed').map((e) => data(e).agencyId);
    expect(confirmed.sort()).toEqual(agencies);
    expect(ofType('RealtorRequestApproved')).toHaveLength(AGENCIES.length);
    expect(ofType('RealtorRequestSubmitted')).toHaveLength(AGENCIES.length);
    for (const id of agencies) {
      for (const kind of ['name', 'inn'])
        expect(
          events.some(
            (e) =>
              e.type === 'AgencyKeyClaimed' &&
              e.streamId.startsWith(`agency-${kind}-`) &&
              data(e).agencyId === id,
          ),
        ).toBe(true);
    }
  });

  it('makes every agent an employee of its agency’s stream before the account takes the agent role', () => {
    const roles = ofType('UserRoleChanged').filter((e) => data(e).role === ROLES.AGENT);
    expect(roles).toHaveLength(AGENCIES.length * 2);
    for (const role of roles) {
      const added = events.find(
        (e) =>
          e.type === 'EmployeeAdded' &&
          e.streamId === `agency-${data(role).agencyId as string}` &&
          data(e).userId === data(role).userId,
      );
      expect(added).toBeDefined();
      expect(added!.position).toBeLessThan(role.position);
    }
  });

  it('promotes a listing only when its agency’s wallet paid for it, and fills the wallet through a paid top-up', () => {
    const promoted = ofType('PublicationPromoted');
    expect(promoted.length).toBeGreaterThan(0);
    for (const p of promoted) {
      const charge = events.find(
        (e) => e.type === 'WalletCharged' && data(e).publicationId === data(p).publicationId,
      );
      expect(charge).toBeDefined();
      expect(charge!.position).toBeLessThan(p.position);
    }
    const credits = ofType('WalletCredited');
    expect(credits.length).toBeGreaterThan(0);
    for (const credit of credits) {
      expect(data(credit).sum).toBe(DEMO_TOP_UP);
      expect(
        events.some(
          (e) => e.type === 'PaymentSucceeded' && e.streamId.endsWith(String(data(credit).paymentId)),
        ),
      ).toBe(true);
    }
  });
});
