import { randomUUID } from 'node:crypto';
import type { ReadStore } from '@estate/projections';
import type {
  CreatePayment,
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
} from '../../core/payments/port';

export const SANDBOX_PAYMENTS = 'sandbox_payments';
type SandboxDocument = ProviderPayment & {
  _id: string;
  idempotenceKey: string;
  description: string;
  returnUrl: string;
};

/**
 * The development provider: payments live in the read store, and the confirmation URL is a local
 * page (`/api/payments/sandbox/<id>`) whose buttons complete or cancel the payment and then call
 * the same webhook the real provider calls.
 */
export class SandboxPayments implements PaymentProvider {
  readonly name = 'sandbox';
  constructor(private readonly store: ReadStore) {}

  async createPayment(request: CreatePayment) {
    const payments = this.store.collection<SandboxDocument>(SANDBOX_PAYMENTS);
    const existing = await payments.findOne({ idempotenceKey: request.idempotenceKey });
    const id = existing?._id ?? randomUUID();
    if (!existing) {
      await payments.insertOne({
        _id: id,
        id,
        status: 'pending',
        amount: request.amount,
        metadata: request.metadata,
        idempotenceKey: request.idempotenceKey,
        description: request.description,
        returnUrl: request.returnUrl,
      });
    }
    // the sandbox page lives on the same site the payer is sent back to
    return { id, confirmationUrl: `${new URL(request.returnUrl).origin}/api/payments/sandbox/${id}` };
  }

  async getPayment(id: string) {
    const doc = await this.store.collection<SandboxDocument>(SANDBOX_PAYMENTS).findOne({ _id: id });
    return doc ? { id: doc._id, status: doc.status, amount: doc.amount, metadata: doc.metadata } : null;
  }

  /** the sandbox page's buttons: only a pending payment moves */
  async settle(id: string, status: Exclude<ProviderPaymentStatus, 'pending'>) {
    await this.store
      .collection<SandboxDocument>(SANDBOX_PAYMENTS)
      .updateOne({ _id: id, status: 'pending' }, { $set: { status } });
    return this.store.collection<SandboxDocument>(SANDBOX_PAYMENTS).findOne({ _id: id });
  }
}
