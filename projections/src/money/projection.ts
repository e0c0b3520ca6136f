import { defineProjection } from '../projection';
import type { ReadStore } from '../readStore/port';

export const WALLETS = 'wallets';
export const WALLET_OPERATIONS = 'wallet_operations';
export type WalletDocument = { _id: string; revision: number; balance: number };
export type WalletOperationDocument = {
  _id: string;
  agencyId: string;
  kind: 'top-up' | 'charge' | 'refund';
  sum: number;
  purpose: string | null;
  publicationId: string | null;
  by: string | null;
  at: string;
};

/** Each agency's balance and the list of its operations, from the wallet streams. */
export const walletsProjection = defineProjection({
  name: 'wallets',
  version: 1,
  collections: { [WALLETS]: [], [WALLET_OPERATIONS]: [{ key: { agencyId: 1, at: -1 } }] },
  handles: ['WalletCredited', 'WalletCharged', 'WalletRefunded'],
  async apply(event, store) {
    const { data } = event;
    const charge = event.type === 'WalletCharged' ? event.data : null;
    const sign = event.type === 'WalletCharged' ? -1 : 1;
    const wallets = store.collection<WalletDocument>(WALLETS);
    const current = await wallets.findOne({ _id: data.agencyId });
    if (current && current.revision >= event.revision) return; // applied already
    const balance = (current?.balance ?? 0) + sign * data.sum;
    await wallets.replaceOne(
      { _id: data.agencyId },
      { _id: data.agencyId, revision: event.revision, balance },
      { upsert: true },
    );
    const kind =
      event.type === 'WalletCredited' ? 'top-up' : event.type === 'WalletCharged' ? 'charge' : 'refund';
    await store.collection<WalletOperationDocument>(WALLET_OPERATIONS).replaceOne(
      { _id: event.eventId },
      {
        _id: event.eventId,
        agencyId: data.agencyId,
        kind,
        sum: data.sum,
        purpose: charge?.purpose ?? null,
        publicationId: charge?.publicationId ?? null,
        by: charge?.by ?? null,
        at: event.occurredAt,
      },
      { upsert: true },
    );
  },
});

export const walletBalance = async (store: ReadStore, agencyId: string | null) =>
  agencyId ? ((await store.collection<WalletDocument>(WALLETS).findOne({ _id: agencyId }))?.balance ?? 0) : 0;

export const INVOICES = 'invoices';
export type InvoiceDocument = {
  _id: string;
  agencyId: string;
  /** as the accounting department's letter names it (the id's first 8 characters) */
  number: string;
  sum: number;
  organizationName: string;
  inn: string;
  kpp: string | null;
  account: string;
  by: string;
  at: string;
};

/** The invoices each agency asked for (a top-up by bank transfer), from the wallet streams. */
export const invoicesProjection = defineProjection({
  name: 'invoices',
  version: 1,
  collections: { [INVOICES]: [{ key: { agencyId: 1, at: -1 } }] },
  handles: ['InvoiceRequested'],
  async apply(event, store) {
    const { invoiceId, ...invoice } = event.data;
    // keyed by the invoice's id: applying the event again writes the same document
    await store
      .collection<InvoiceDocument>(INVOICES)
      .replaceOne(
        { _id: invoiceId },
        { _id: invoiceId, number: invoiceId.slice(0, 8), ...invoice, at: event.occurredAt },
        { upsert: true },
      );
  },
});
