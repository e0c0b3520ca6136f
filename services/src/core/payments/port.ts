/**
 * The payment-provider port. `createPayment` is called from the `payments` queue with our payment
 * id as the idempotence key, so a retried job never creates a second payment; `getPayment` is how
 * a notification is verified: its status is asked of the provider, never taken from the request.
 */
export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'canceled';
export type CreatePayment = {
  idempotenceKey: string;
  amount: number;
  description: string;
  returnUrl: string;
  metadata: Record<string, string>;
};
export type ProviderPayment = {
  id: string;
  status: ProviderPaymentStatus;
  amount: number;
  metadata: Record<string, string>;
};

export interface PaymentProvider {
  readonly name: string;
  createPayment(request: CreatePayment): Promise<{ id: string; confirmationUrl: string }>;
  getPayment(id: string): Promise<ProviderPayment | null>;
}

/** A production stack without provider keys: no payment can start (a sandbox there would credit wallets for free). */
export class NoPayments implements PaymentProvider {
  readonly name = 'none';
  createPayment(): Promise<{ id: string; confirmationUrl: string }> {
    return Promise.reject(
      new Error('no payment provider is configured (YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY)'),
    );
  }
  getPayment() {
    return Promise.resolve(null);
  }
}
