/**
 * The payment-provider port. `createPayment` is called from the `payments` queue with our payment
 * id as the idempotence key, so a retried job never creates a second payment; `getPayment` is how
 * a notification is verified: its status is asked of the provider, never taken from the request.
 */
export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'canceled';
export type CreatePayment = { idempotenceKey: string; amount: number; description: string; returnUrl: string; metadata: Record<string, string> };
export type ProviderPayment = { id: string; status: ProviderPaymentStatus; amount: number; metadata: Record<string, string> };

export interface PaymentProvider {
  readonly name: string;
  createPayment(request: CreatePayment): Promise<{ id: string; confirmationUrl: string }>;
  getPayment(id: string): Promise<ProviderPayment | null>;
}
