import { whenever } from '@estate/events/testing';
import { MODERATOR_ROLE, PUBLICATION_STATUS, ROLES, type SqliteEventStore } from '@estate/events';
import { createPublication } from '../../test/publications';
import type { Actor } from '../core/access';
import { freshEventStoreForEachTest, workflowContext } from '../../test/eventStore';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow, workflowStream } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { publicationDecider, publicationStream, handlePublication } from '../publications';
import {
  finishTariffPaymentWorkflow,
  payTariffWorkflow,
  type FinishPaymentInput,
  type PayTariffInput,
} from './payTariff';
import { AT, payTariff, placement, top } from './testing';
import { walletDecider, walletStream, handleWallet } from './wallet';

/**
 * Paying a promotion tariff across the wallet and the listing: outcomes Given / When / Then, and a
 * crash at every point. The rules the state must keep: no promotion without its charge, and no
 * charge left without its promotion once the payment is finished (or refunded when refused).
 */
const AGENCY = 'agency-pt';
const PAID_UNTIL = '2026-05-14T07:00:00.000Z';
const agent: Actor = { userId: 'agent-pt', role: ROLES.AGENT, agencyId: AGENCY };
const moderator: Actor = { userId: 'moderator', role: MODERATOR_ROLE, agencyId: null };

let store: SqliteEventStore;
freshEventStoreForEachTest('pay-tariff', (opened) => (store = opened));

/** what createListing needs of the app: the store and a clock (no read models here) */
const ctx = () => workflowContext(store, AT);

async function given(options: { balance: number; listing?: 'draft' | 'published' | 'declined' }) {
  if (options.balance > 0)
    await handleWallet(store, AGENCY, {
      type: 'Credit',
      agencyId: AGENCY,
      paymentId: 'money',
      sum: options.balance,
    });
  await createPublication(ctx(), agent, {
    id: 'flat',
    price: 9_000_000,
    publishedDaysAgo: options.listing === 'published' ? 10 : undefined,
  });
  if (options.listing === 'declined')
    await handlePublication(store, 'flat', {
      type: 'DeclinePublication',
      actor: moderator,
      reason: 'Нет фотографий',
    });
}

const input = (over: Partial<PayTariffInput> = {}): PayTariffInput => ({
  agencyId: AGENCY,
  publicationId: 'flat',
  chargeId: 'promotion-1:flat',
  chargeKey: 'pay-tariff-w1',
  tariff: placement,
  running: null,
  actor: agent,
  at: AT,
  limit: null,
  ...over,
});

const wallet = async () => fold(walletDecider, await store.readStream(walletStream(AGENCY)));
const listing = async () => fold(publicationDecider, await store.readStream(publicationStream('flat')));
const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
const count = async (stream: string, type: string) => (await types(stream)).filter((t) => t === type).length;

/** The rules a state must keep at every moment, finished or not. */
async function expectAllowedState() {
  const publication = await listing();
  const charge = (await wallet()).charges.get('promotion-1:flat');
  // no promotion without its charge
  expect(
    whenever(Boolean(publication.exists && publication.promotion), charge, { refunded: false }),
  ).toMatchObject({ refunded: false });
  // the balance is what was credited less what is charged and not refunded
  const w = await wallet();
  const kept = [...w.charges.values()].filter((c) => !c.refunded).reduce((sum, c) => sum + c.sum, 0);
  expect(w.balance).toBe(100 - kept);
  expect(w.balance).toBeGreaterThanOrEqual(0);
}

describe('paying a tariff', () => {
  it('given money and a draft, charges the first day, publishes and promotes it until the paid day ends', async () => {
    await given({ balance: 100, listing: 'draft' });
    expect(await runWorkflow(store, payTariffWorkflow, 'w1', input())).toEqual({
      kind: 'charged',
      chargeId: 'promotion-1:flat',
      sum: 20,
      paidUntil: PAID_UNTIL,
    });
    expect((await wallet()).balance).toBe(80);
    expect(await listing()).toMatchObject({
      status: PUBLICATION_STATUS.PUBLISHED,
      promotion: { positionType: 1, tariffId: '1-1-sale', until: PAID_UNTIL },
    });
    expect(await types(workflowStream('w1'))).toEqual([
      'WorkflowStarted',
      'WorkflowStepCompleted',
      'WorkflowStepCompleted',
      'WorkflowStepCompleted',
      'WorkflowCompleted',
    ]);
  });

  it('given a promotion running, another position type is chosen for the next days and nothing is charged or promoted now', async () => {
    await given({ balance: 100, listing: 'published' });
    await runWorkflow(store, payTariffWorkflow, 'w1', input());
    const running = { positionType: 1 as const, tariffId: '1-1-sale', until: PAID_UNTIL };
    expect(
      await runWorkflow(
        store,
        payTariffWorkflow,
        'w2',
        input({ tariff: top, running, chargeKey: 'pay-tariff-w2' }),
      ),
    ).toEqual({ kind: 'chosen', from: PAID_UNTIL });
    expect((await wallet()).balance).toBe(80);
    expect((await listing()).exists && (await listing())).toMatchObject({ promotion: running });
    expect(await count(publicationStream('flat'), 'PublicationPromoted')).toBe(1);
  });

  it('given too little money, is refused (59) and writes nothing but its own refusal', async () => {
    await given({ balance: 10, listing: 'draft' });
    const before = await types(publicationStream('flat'));
    await expect(runWorkflow(store, payTariffWorkflow, 'w1', input())).rejects.toMatchObject({
      kind: 'INSUFFICIENT_BALANCE',
    });
    expect(await types(walletStream(AGENCY))).toEqual(['WalletCredited']);
    expect(await types(publicationStream('flat'))).toEqual(before);
    expect(await types(workflowStream('w1'))).toEqual([
      'WorkflowStarted',
      'WorkflowStepFailed',
      'WorkflowCompensated',
    ]);
  });

  it('given a declined listing, the charge is refunded when publishing is refused, and the refusal is answered', async () => {
    await given({ balance: 100, listing: 'declined' });
    await expect(runWorkflow(store, payTariffWorkflow, 'w1', input())).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
      message: 'Отклонённое объявление нужно сначала отредактировать',
    });
    expect((await wallet()).balance).toBe(100);
    expect(await types(walletStream(AGENCY))).toEqual(['WalletCredited', 'WalletCharged', 'WalletRefunded']);
    expect(await listing()).toMatchObject({ status: PUBLICATION_STATUS.DECLINED, promotion: null });
  });

  it('given the promotion paid by another payment (a simultaneous click), is refused (111) and charges nothing', async () => {
    await given({ balance: 100, listing: 'draft' });
    await runWorkflow(store, payTariffWorkflow, 'w1', input());
    await expect(
      runWorkflow(store, payTariffWorkflow, 'w2', input({ chargeKey: 'pay-tariff-w2' })),
    ).rejects.toMatchObject({ kind: 'PROMOTION_ALREADY_PAID' });
    expect((await wallet()).balance).toBe(80);
    expect(await count(walletStream(AGENCY), 'WalletCharged')).toBe(1);
  });

  it('run again with the same id (the same Idempotency-Key), answers the first outcome and writes nothing', async () => {
    await given({ balance: 100, listing: 'draft' });
    const first = await runWorkflow(store, payTariffWorkflow, 'w1', input());
    const head = await store.headPosition();
    expect(await runWorkflow(store, payTariffWorkflow, 'w1', input())).toEqual(first);
    expect(await store.headPosition()).toBe(head);
  });

  it('run by many requests at once with the same id, charges and promotes once', async () => {
    await given({ balance: 100, listing: 'draft' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => runWorkflow(store, payTariffWorkflow, 'w1', input())),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await wallet()).balance).toBe(80);
    expect(await count(walletStream(AGENCY), 'WalletCharged')).toBe(1);
    expect(await count(publicationStream('flat'), 'PublicationPromoted')).toBe(1);
  });

  describe.each(
    crashPoints(payTariffWorkflow)
      .filter((p) => p.during === 'run')
      .map((p) => [p.label, p] as const),
  )('a crash %s', (_label, point) => {
    it('leaves a state the rules allow, and running again with the same id finishes it exactly once', async () => {
      await given({ balance: 100, listing: 'draft' });
      await expect(runWorkflow(store, point.workflow, 'w1', input())).rejects.toBeInstanceOf(InjectedCrash);
      await expectAllowedState();

      expect(await resumeWorkflow(store, [payTariffWorkflow as never], 'w1')).toBe('completed');
      await expectAllowedState();
      expect((await wallet()).balance).toBe(80);
      expect(await count(walletStream(AGENCY), 'WalletCharged')).toBe(1);
      expect(await count(publicationStream('flat'), 'PublicationPublished')).toBe(1);
      expect(await count(publicationStream('flat'), 'PublicationPromoted')).toBe(1);
      expect(await listing()).toMatchObject({ promotion: { positionType: 1, until: PAID_UNTIL } });
      // a client retry after the resume answers the same and writes nothing
      const head = await store.headPosition();
      await runWorkflow(store, payTariffWorkflow, 'w1', input());
      expect(await store.headPosition()).toBe(head);
    });
  });

  describe.each(
    crashPoints(payTariffWorkflow)
      .filter((p) => p.during === 'undo')
      .map((p) => [p.label, p] as const),
  )('a crash %s (publishing refused)', (_label, point) => {
    it('leaves a state the rules allow, and running again refunds exactly once and answers the refusal', async () => {
      await given({ balance: 100, listing: 'declined' });
      await expect(runWorkflow(store, point.workflow, 'w1', input())).rejects.toBeInstanceOf(InjectedCrash);
      await expectAllowedState();
      await expect(runWorkflow(store, payTariffWorkflow, 'w1', input())).rejects.toMatchObject({
        kind: 'ACTION_NOT_ALLOWED',
      });
      expect((await wallet()).balance).toBe(100);
      expect(await count(walletStream(AGENCY), 'WalletRefunded')).toBe(1);
      expect(await listing()).toMatchObject({ promotion: null });
    });
  });
});

describe('finishing a payment interrupted after its charge', () => {
  const finish: FinishPaymentInput = {
    agencyId: AGENCY,
    publicationId: 'flat',
    chargeId: 'promotion-1:flat',
    tariff: placement,
    actor: agent,
  };
  /** the charge of a payment that died before the listing was promoted */
  const interrupted = () => handleWallet(store, AGENCY, payTariff({ agencyId: AGENCY, by: agent.userId }));

  it('publishes and promotes the listing for the day charged, charging nothing more', async () => {
    await given({ balance: 100, listing: 'draft' });
    await interrupted();
    await runWorkflow(store, finishTariffPaymentWorkflow, 'f1', finish);
    expect((await wallet()).balance).toBe(80);
    expect(await listing()).toMatchObject({
      status: PUBLICATION_STATUS.PUBLISHED,
      promotion: { positionType: 1, until: PAID_UNTIL },
    });
  });

  it('refunds the charge when the listing may not be promoted', async () => {
    await given({ balance: 100, listing: 'declined' });
    await interrupted();
    await expect(runWorkflow(store, finishTariffPaymentWorkflow, 'f1', finish)).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
    });
    expect((await wallet()).balance).toBe(100);
  });

  describe.each(
    crashPoints(finishTariffPaymentWorkflow)
      .filter((p) => p.during === 'run')
      .map((p) => [p.label, p] as const),
  )('a crash %s', (_label, point) => {
    it('is finished exactly once by running again', async () => {
      await given({ balance: 100, listing: 'draft' });
      await interrupted();
      await expect(runWorkflow(store, point.workflow, 'f1', finish)).rejects.toBeInstanceOf(InjectedCrash);
      await expectAllowedState();
      expect(await resumeWorkflow(store, [finishTariffPaymentWorkflow as never], 'f1')).toBe('completed');
      expect((await wallet()).balance).toBe(80);
      expect(await count(publicationStream('flat'), 'PublicationPromoted')).toBe(1);
    });
  });
});
