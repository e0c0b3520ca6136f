import { project, storedEvents } from '../projectionSpec';
import {
  INVOICES,
  invoicesProjection,
  WALLET_OPERATIONS,
  WALLETS,
  walletBalance,
  walletsProjection,
} from './projection';

const stream = 'wallet-a1';
/** the invoice as asked for: its document keeps every detail */
const invoice = {
  agencyId: 'a1',
  sum: 20000,
  organizationName: 'ООО «Ромашка»',
  inn: '7701234567',
  kpp: null,
  account: '40702810900000000001',
  by: 'u1',
};
const history = storedEvents([
  {
    streamId: stream,
    event: { type: 'WalletCredited', data: { agencyId: 'a1', paymentId: 'p1', sum: 5000 } },
  },
  {
    streamId: stream,
    event: {
      type: 'InvoiceRequested',
      data: { invoiceId: '7f3c2a10-0000-4000-8000-000000000001', ...invoice },
    },
  },
  {
    streamId: stream,
    event: {
      type: 'WalletCharged',
      data: {
        agencyId: 'a1',
        chargeId: 'c1',
        sum: 1200,
        purpose: 'tariff',
        publicationId: 'pub1',
        by: 'u2',
        month: '2026-01',
        tariffId: 't1',
        paidUntil: '2026-01-08T21:00:00.000Z',
        idempotencyKey: null,
      },
    },
  },
  { streamId: stream, event: { type: 'WalletRefunded', data: { agencyId: 'a1', chargeId: 'c1', sum: 200 } } },
]);

describe('wallets projection', () => {
  it('given a top-up, an invoice, a charge and a refund, then the balance counts the money and the operations list it', async () => {
    const store = await project([walletsProjection], history);
    expect(await store.collection(WALLETS).findOne({ _id: 'a1' })).toEqual({
      _id: 'a1',
      revision: 3,
      balance: 4000,
    });
    expect(await walletBalance(store, 'a1')).toBe(4000);
    expect(await walletBalance(store, 'other')).toBe(0);
    const operations = await store
      .collection(WALLET_OPERATIONS)
      .find({ agencyId: 'a1' }, { sort: { at: 1 } });
    expect(operations.map((o) => [o.kind, o.sum, o.purpose, o.publicationId, o.by])).toEqual([
      ['top-up', 5000, null, null, null],
      ['charge', 1200, 'tariff', 'pub1', 'u2'],
      ['refund', 200, null, null, null],
    ]);
  });

  it('given the same events twice, then the balance counts each once', async () => {
    const store = await project([walletsProjection], [...history, ...history]);
    expect(await walletBalance(store, 'a1')).toBe(4000);
    expect(await store.collection(WALLET_OPERATIONS).countDocuments({})).toBe(3);
  });
});

describe('invoices projection', () => {
  it('given an invoice asked for, then a document with the number the accounting letter gives', async () => {
    const store = await project([invoicesProjection], [...history, ...history]);
    expect(await store.collection(INVOICES).find({})).toEqual([
      {
        _id: '7f3c2a10-0000-4000-8000-000000000001',
        number: '7f3c2a10',
        ...invoice,
        at: '2026-01-01T00:01:00.000Z',
      },
    ]);
  });
});
