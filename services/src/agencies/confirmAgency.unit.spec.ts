import { whenever } from '@estate/events/testing';
import { ROLES, type AgencyDetails, type DomainEvent, type SqliteEventStore } from '@estate/events';
import { freshEventStoreForEachTest, givenEvents, workflowContext } from '../../test/eventStore';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow, workflowDecider, workflowStream } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { userDecider, userStream } from '../identity';
import { agencyDecider, agencyStream } from './agency';
import { agencyKeyDecider, agencyKeyStream, INN_TAKEN, NAME_TAKEN, type AgencyKeyKind } from './agencyKey';
import { confirmAgency, confirmRealtorRequest, type ConfirmAgencyInput } from './confirmAgency';
import { realtorRequestDecider, realtorRequestStream } from './realtorRequest';

const details = (name: string, inn: string | null): AgencyDetails => ({
  name,
  legalEntity: inn ? 1 : 3,
  inn,
  kpp: null,
  accountNumber: null,
  siteLink: null,
  email: 'owner@example.ru',
  description: null,
});
const NEW_HOME = details('Новый дом', '7701234567');

let store: SqliteEventStore;
/** what confirmRealtorRequest needs of the app */
let ctx: AppContext;
freshEventStoreForEachTest('confirm-agency', (opened) => {
  store = opened;
  ctx = workflowContext(store);
});

/** Given: facts already on a stream */
const given = (stream: string, ...events: DomainEvent[]) => givenEvents(store, stream, ...events);
/** a user with a request sent (and approved, unless said) */
async function givenRequest(userId: string, request: AgencyDetails, approved = true) {
  await given(userStream(userId), {
    type: 'UserRegistered',
    data: { userId, name: 'Пётр', phone: '79161230001', email: null, role: ROLES.USER, agencyId: null },
  });
  await given(realtorRequestStream(userId), {
    type: 'RealtorRequestSubmitted',
    data: { userId, contactName: 'Пётр', details: request },
  });
  if (approved)
    await given(realtorRequestStream(userId), {
      type: 'RealtorRequestApproved',
      data: { userId, moderatorId: 'm' },
    });
}
const heldBy = (kind: AgencyKeyKind, key: string, agencyId: string) =>
  given(agencyKeyStream(kind, key), { type: 'AgencyKeyClaimed', data: { key, agencyId } });

const holder = async (kind: AgencyKeyKind, key: string) =>
  fold(agencyKeyDecider, await store.readStream(agencyKeyStream(kind, key))).holder;
const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
const requestOf = async (userId: string) =>
  fold(realtorRequestDecider, await store.readStream(realtorRequestStream(userId)));
const agencyOf = async (agencyId: string) =>
  fold(agencyDecider, await store.readStream(agencyStream(agencyId)));
const userOf = async (userId: string) => fold(userDecider, await store.readStream(userStream(userId)));

describe('confirming an approved realtor request', () => {
  it('claims the name and INN, confirms the request, opens the agency and makes the user its owner', async () => {
    await givenRequest('u1', NEW_HOME);
    const answer = await confirmRealtorRequest(ctx, 'u1');
    expect(answer).toEqual({ agencyId: expect.any(String), role: ROLES.AGENCY_OWNER });
    const { agencyId } = answer;
    expect(await holder('name', 'Новый дом')).toBe(agencyId);
    expect(await holder('inn', '7701234567')).toBe(agencyId);
    expect(await requestOf('u1')).toMatchObject({ status: 'confirmed' });
    expect(await agencyOf(agencyId)).toMatchObject({
      registered: true,
      ownerId: 'u1',
      profile: { details: NEW_HOME, canViewInCatalog: true, specializations: [] },
    });
    expect(await userOf('u1')).toMatchObject({ role: ROLES.AGENCY_OWNER, agencyId });
  });

  it('takes the agency id it is given (the demo seed names its agencies)', async () => {
    await givenRequest('u1', NEW_HOME);
    expect(await confirmRealtorRequest(ctx, 'u1', 'demo-agency-1')).toEqual({
      agencyId: 'demo-agency-1',
      role: ROLES.AGENCY_OWNER,
    });
    expect(await agencyOf('demo-agency-1')).toMatchObject({ registered: true, ownerId: 'u1' });
  });

  it('claims no INN for a private realtor', async () => {
    await givenRequest('u1', details('Частник', null));
    const { agencyId } = await confirmRealtorRequest(ctx, 'u1');
    expect(await holder('name', 'Частник')).toBe(agencyId);
    expect((await store.readStream(realtorRequestStream('u1'))).at(-1)!.type).toBe('RealtorRequestConfirmed');
    expect((await store.readAll(0, 1000)).filter((e) => e.streamId.startsWith('agency-inn-'))).toEqual([]);
  });

  it('answers the same agency to the same confirmation again, recording nothing', async () => {
    await givenRequest('u1', NEW_HOME);
    const first = await confirmRealtorRequest(ctx, 'u1');
    const head = await store.headPosition();
    expect(await confirmRealtorRequest(ctx, 'u1')).toEqual(first);
    expect(await store.headPosition()).toBe(head);
  });

  it('is refused while the request is not approved, and records nothing', async () => {
    await givenRequest('u1', NEW_HOME, false);
    await expect(confirmRealtorRequest(ctx, 'u1')).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
      message: 'Заявка ещё не одобрена',
    });
    await expect(confirmRealtorRequest(ctx, 'nobody')).rejects.toMatchObject({ kind: 'ACTION_NOT_ALLOWED' });
    expect(await holder('name', 'Новый дом')).toBeNull();
  });

  it('is refused when another agency has the name: nothing is claimed, the request stays approved', async () => {
    await givenRequest('u1', NEW_HOME);
    await heldBy('name', 'новый  ДОМ', 'other');
    await expect(confirmRealtorRequest(ctx, 'u1')).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      message: NAME_TAKEN,
      errors: { agencyName: [NAME_TAKEN] },
    });
    expect(await holder('name', 'Новый дом')).toBe('other');
    expect(await holder('inn', '7701234567')).toBeNull();
    expect(await requestOf('u1')).toMatchObject({ status: 'approved' });
    expect(await userOf('u1')).toMatchObject({ role: ROLES.USER, agencyId: null });
  });

  it('is refused when another agency has the INN, and gives the name back', async () => {
    await givenRequest('u1', NEW_HOME);
    await heldBy('inn', '7701234567', 'other');
    await expect(confirmRealtorRequest(ctx, 'u1')).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      message: INN_TAKEN,
      errors: { inn: [INN_TAKEN] },
    });
    expect(await types(agencyKeyStream('name', 'Новый дом'))).toEqual([
      'AgencyKeyClaimed',
      'AgencyKeyReleased',
    ]);
    expect(await holder('name', 'Новый дом')).toBeNull();
    expect(await requestOf('u1')).toMatchObject({ status: 'approved' });
    expect(await userOf('u1')).toMatchObject({ role: ROLES.USER, agencyId: null });
    // asked again, the same confirmation gives the same refusal and claims nothing
    await expect(confirmRealtorRequest(ctx, 'u1')).rejects.toMatchObject({ message: INN_TAKEN });
    expect(await types(agencyKeyStream('name', 'Новый дом'))).toHaveLength(2);
  });

  it('leaves the name free after an INN refusal: a later confirmation with that name opens its agency', async () => {
    await givenRequest('u1', NEW_HOME);
    await heldBy('inn', '7701234567', 'other');
    await expect(confirmRealtorRequest(ctx, 'u1')).rejects.toMatchObject({ message: INN_TAKEN });

    await givenRequest('u2', details('Новый дом', '7709876543'));
    const { agencyId } = await confirmRealtorRequest(ctx, 'u2');
    expect(await holder('name', 'Новый дом')).toBe(agencyId);
    expect(await agencyOf(agencyId)).toMatchObject({ registered: true, ownerId: 'u2' });
    expect(await userOf('u2')).toMatchObject({ role: ROLES.AGENCY_OWNER, agencyId });
  });

  it('gives back both claims when the request is no longer approved by the time it is confirmed', async () => {
    // withdrawn (here: never approved) between the start and the request's step: the decider refuses
    await givenRequest('u1', NEW_HOME, false);
    const input: ConfirmAgencyInput = { userId: 'u1', agencyId: 'ag1', details: NEW_HOME };
    await expect(runWorkflow(store, confirmAgency, 'w1', input)).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
      message: 'Заявка ещё не одобрена',
    });
    expect(await holder('name', 'Новый дом')).toBeNull();
    expect(await holder('inn', '7701234567')).toBeNull();
    expect(await agencyOf('ag1')).toEqual({ registered: false });
    expect(await types(workflowStream('w1'))).toEqual([
      'WorkflowStarted',
      'WorkflowStepCompleted',
      'WorkflowStepCompleted',
      'WorkflowStepFailed',
      'WorkflowStepUndone',
      'WorkflowStepUndone',
      'WorkflowCompensated',
    ]);
  });
});

describe('a crash while confirming', () => {
  const input: ConfirmAgencyInput = { userId: 'u1', agencyId: 'ag1', details: NEW_HOME };
  /**
   * The states the rules allow: a registered agency stands on a confirmed request and holds its
   * name and INN; the account owns only a registered agency with its profile; a claim held by an
   * agency not (yet) registered belongs to a workflow still running or undoing.
   */
  async function expectAllowedState() {
    const [agency, request, user] = [await agencyOf('ag1'), await requestOf('u1'), await userOf('u1')];
    const name = await holder('name', 'Новый дом');
    const inn = await holder('inn', '7701234567');
    const workflow = fold(workflowDecider, await store.readStream(workflowStream('w1')));
    const held = ['ag1', 'ag1'];
    expect(whenever(agency.registered, request.status, 'confirmed')).toBe('confirmed');
    expect(whenever(agency.registered || request.status === 'confirmed', [name, inn], held)).toEqual(held);
    const registeredHome = { registered: true, profile: { details: NEW_HOME } };
    expect(whenever(user.registered && user.agencyId === 'ag1', agency, registeredHome)).toMatchObject(
      registeredHome,
    );
    expect(['running', 'compensating']).toContain(
      whenever((name === 'ag1' || inn === 'ag1') && !agency.registered, workflow.status, 'running'),
    );
  }

  describe.each(
    crashPoints(confirmAgency)
      .filter((p) => p.during === 'run')
      .map((p) => [p.label, p] as const),
  )('%s', (_label, point) => {
    it('leaves an allowed state, and a resume opens the agency exactly once', async () => {
      await givenRequest('u1', NEW_HOME);
      await expect(runWorkflow(store, point.workflow, 'w1', input)).rejects.toBeInstanceOf(InjectedCrash);
      await expectAllowedState();
      expect(await resumeWorkflow(store, [confirmAgency as never], 'w1')).toBe('completed');
      await expectAllowedState();
      expect(await types(agencyKeyStream('name', 'Новый дом'))).toEqual(['AgencyKeyClaimed']);
      expect(await types(agencyKeyStream('inn', '7701234567'))).toEqual(['AgencyKeyClaimed']);
      expect(await types(realtorRequestStream('u1'))).toEqual([
        'RealtorRequestSubmitted',
        'RealtorRequestApproved',
        'RealtorRequestConfirmed',
      ]);
      expect(await types(agencyStream('ag1'))).toEqual(['AgencyRegistered', 'AgencyProfileChanged']);
      expect((await types(userStream('u1'))).filter((t) => t === 'UserRoleChanged')).toHaveLength(1);
      expect(await userOf('u1')).toMatchObject({ role: ROLES.AGENCY_OWNER, agencyId: 'ag1' });
    });
  });

  describe.each(
    crashPoints(confirmAgency)
      .filter((p) => p.during === 'undo')
      .map((p) => [p.label, p] as const),
  )('%s', (_label, point) => {
    it('leaves an allowed state, and a resume finishes giving the claims back', async () => {
      await givenRequest('u1', NEW_HOME, false); // the request's step is refused: the claims are undone
      await expect(runWorkflow(store, point.workflow, 'w1', input)).rejects.toBeInstanceOf(InjectedCrash);
      await expectAllowedState();
      expect(await resumeWorkflow(store, [confirmAgency as never], 'w1')).toBe('compensated');
      expect(await types(agencyKeyStream('name', 'Новый дом'))).toEqual([
        'AgencyKeyClaimed',
        'AgencyKeyReleased',
      ]);
      expect(await types(agencyKeyStream('inn', '7701234567'))).toEqual([
        'AgencyKeyClaimed',
        'AgencyKeyReleased',
      ]);
      expect(await agencyOf('ag1')).toEqual({ registered: false });
      expect(await userOf('u1')).toMatchObject({ role: ROLES.USER, agencyId: null });
    });
  });

  it('has a crash point before and after every step and after every undo', () => {
    expect(crashPoints(confirmAgency).map((p) => p.label)).toEqual([
      'before claim-name',
      'after claim-name',
      'after undoing claim-name',
      'before claim-inn',
      'after claim-inn',
      'after undoing claim-inn',
      'before confirm-request',
      'after confirm-request',
      'before register-agency',
      'after register-agency',
      'before fill-profile',
      'after fill-profile',
      'before owner-role',
      'after owner-role',
    ]);
  });
});
