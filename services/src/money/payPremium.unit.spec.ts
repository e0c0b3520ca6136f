import { ROLES, type SqliteEventStore } from '@estate/events';
import { freshEventStoreForEachTest } from '../../test/eventStore';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow, workflowStream } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { userDecider, userStream, handleUser } from '../identity';
import { paymentDecider, paymentStream, type PaymentCommand, handlePayment } from './payment';
import { payPremiumWorkflow, type PayPremiumInput } from './payPremium';

/**
 * Completing a premium payment across the payment and the payer's account: outcomes Given / When /
 * Then, and a crash at every point: never premium days without a succeeded payment, and a resume
 * grants them exactly once.
 */
const AT = '2026-05-13T07:00:00.000Z';
const DAY = 24 * 60 * 60_000;
const after = (days: number, from = AT) => new Date(Date.parse(from) + days * DAY).toISOString();

let store: SqliteEventStore;
freshEventStoreForEachTest('pay-premium', (opened) => (store = opened));

const payment = (command: PaymentCommand, id = 'pay-1') => handlePayment(store, id, command);
async function givenPayment(purpose: 'premium' | 'wallet-top-up', id = 'pay-1') {
  await payment(
    {
      type: 'CreatePayment',
      paymentId: id,
      purpose,
      sum: purpose === 'premium' ? 5000 : 1500,
      agencyId: purpose === 'premium' ? null : 'agency-1',
      userId: 'user-1',
      tariffId: purpose === 'premium' ? 'month' : null,
    },
    id,
  );
  await payment(
    { type: 'RecordConfirmation', providerPaymentId: `yk-${id}`, confirmationUrl: 'https://pay.example/yk' },
    id,
  );
}
const givenUser = () =>
  handleUser(store, 'user-1', {
    type: 'RegisterUser',
    userId: 'user-1',
    name: 'Покупатель',
    phone: '79161239999',
    email: null,
    role: ROLES.USER,
    agencyId: null,
  });

const user = async () => fold(userDecider, await store.readStream(userStream('user-1')));
const paymentState = async (id = 'pay-1') => fold(paymentDecider, await store.readStream(paymentStream(id)));
const premiumUntil = async () => {
  const u = await user();
  return u.registered ? u.premiumUntil : null;
};
const count = async (stream: string, type: string) =>
  (await store.readStream(stream)).filter((e) => e.type === type).length;

const premium = (over: Partial<PayPremiumInput> = {}): PayPremiumInput => ({
  paymentId: 'pay-1',
  userId: 'user-1',
  days: 30,
  at: AT,
  ...over,
});

describe('paying premium', () => {
  it('given a confirmed payment, records its success and extends the payer’s premium by the tariff’s days', async () => {
    await givenUser();
    await givenPayment('premium');
    expect(await runWorkflow(store, payPremiumWorkflow, 'w1', premium())).toEqual({
      premiumUntil: after(30),
    });
    expect(await paymentState()).toMatchObject({ status: 'succeeded' });
    expect(await premiumUntil()).toBe(after(30));
  });

  it('given premium running, the paid days follow its end', async () => {
    await givenUser();
    await givenPayment('premium');
    await givenPayment('premium', 'pay-0');
    await runWorkflow(store, payPremiumWorkflow, 'w0', premium({ paymentId: 'pay-0' }));
    await runWorkflow(store, payPremiumWorkflow, 'w1', premium({ at: after(10) }));
    expect(await premiumUntil()).toBe(after(60));
  });

  it('given the payment cancelled, is refused and grants nothing', async () => {
    await givenUser();
    await givenPayment('premium');
    await payment({ type: 'MarkCancelled' });
    await expect(runWorkflow(store, payPremiumWorkflow, 'w1', premium())).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
      message: 'Платёж отменён',
    });
    expect(await premiumUntil()).toBeNull();
  });

  it('notified again and again (the same workflow id), grants the days once and writes nothing more', async () => {
    await givenUser();
    await givenPayment('premium');
    await Promise.all(
      Array.from({ length: 5 }, () => runWorkflow(store, payPremiumWorkflow, 'w1', premium())),
    );
    const head = await store.headPosition();
    await runWorkflow(store, payPremiumWorkflow, 'w1', premium({ at: after(3) }));
    expect(await store.headPosition()).toBe(head);
    expect(await premiumUntil()).toBe(after(30));
    expect(await count(userStream('user-1'), 'PremiumPeriodExtended')).toBe(1);
    expect(await count(paymentStream('pay-1'), 'PaymentSucceeded')).toBe(1);
  });

  describe.each(crashPoints(payPremiumWorkflow).map((p) => [p.label, p] as const))(
    'a crash %s',
    (_l, point) => {
      it('leaves no premium without a succeeded payment, and a resume grants the days exactly once', async () => {
        await givenUser();
        await givenPayment('premium');
        await expect(runWorkflow(store, point.workflow, 'w1', premium())).rejects.toBeInstanceOf(
          InjectedCrash,
        );
        if ((await premiumUntil()) !== null)
          expect(await paymentState()).toMatchObject({ status: 'succeeded' });
        expect(await resumeWorkflow(store, [payPremiumWorkflow as never], 'w1')).toBe('completed');
        expect(await paymentState()).toMatchObject({ status: 'succeeded' });
        expect(await premiumUntil()).toBe(after(30));
        expect(await count(userStream('user-1'), 'PremiumPeriodExtended')).toBe(1);
        expect((await store.readStream(workflowStream('w1'))).at(-1)?.type).toBe('WorkflowCompleted');
      });
    },
  );
});
