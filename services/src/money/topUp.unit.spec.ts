import { whenever } from '@estate/events/testing';
import { type SqliteEventStore } from '@estate/events';
import { freshEventStoreForEachTest } from '../../test/eventStore';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { paymentDecider, paymentStream, type PaymentCommand, handlePayment } from './payment';
import { topUpWorkflow, type TopUpInput } from './topUp';
import { walletDecider, walletStream } from './wallet';

/**
 * Completing a wallet top-up across the payment and the agency's wallet: outcomes Given / When /
 * Then, and a crash at every point: never a credit without a succeeded payment, and a resume
 * credits exactly once.
 */
let store: SqliteEventStore;
freshEventStoreForEachTest('top-up', (opened) => (store = opened));

const payment = (command: PaymentCommand) => handlePayment(store, 'pay-1', command);
async function givenPayment() {
  await payment({
    type: 'CreatePayment',
    paymentId: 'pay-1',
    purpose: 'wallet-top-up',
    sum: 1500,
    agencyId: 'agency-1',
    userId: 'owner-1',
    tariffId: null,
  });
  await payment({
    type: 'RecordConfirmation',
    providerPaymentId: 'yk-1',
    confirmationUrl: 'https://pay.example/yk',
  });
}
const paymentState = async () => fold(paymentDecider, await store.readStream(paymentStream('pay-1')));
const count = async (stream: string, type: string) =>
  (await store.readStream(stream)).filter((e) => e.type === type).length;

describe('a wallet top-up', () => {
  const topUp: TopUpInput = { paymentId: 'pay-1', agencyId: 'agency-1', sum: 1500 };
  const balance = async () => fold(walletDecider, await store.readStream(walletStream('agency-1'))).balance;

  it('given a confirmed payment, records its success and credits the wallet once', async () => {
    await givenPayment();
    await runWorkflow(store, topUpWorkflow, 'w1', topUp);
    await runWorkflow(store, topUpWorkflow, 'w1', topUp);
    expect(await paymentState()).toMatchObject({ status: 'succeeded' });
    expect(await balance()).toBe(1500);
  });

  it('given the payment cancelled, credits nothing', async () => {
    await givenPayment();
    await payment({ type: 'MarkCancelled' });
    await expect(runWorkflow(store, topUpWorkflow, 'w1', topUp)).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
    });
    expect(await balance()).toBe(0);
  });

  describe.each(crashPoints(topUpWorkflow).map((p) => [p.label, p] as const))('a crash %s', (_l, point) => {
    it('leaves no credit without a succeeded payment, and a resume credits exactly once', async () => {
      await givenPayment();
      await expect(runWorkflow(store, point.workflow, 'w1', topUp)).rejects.toBeInstanceOf(InjectedCrash);
      // no credit without a succeeded payment
      expect(whenever((await balance()) > 0, await paymentState(), { status: 'succeeded' })).toMatchObject({
        status: 'succeeded',
      });
      expect(await resumeWorkflow(store, [topUpWorkflow as never], 'w1')).toBe('completed');
      expect(await balance()).toBe(1500);
      expect(await count(walletStream('agency-1'), 'WalletCredited')).toBe(1);
    });
  });
});
