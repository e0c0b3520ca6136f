import type { CreatePayment, PaymentProvider, ProviderPayment } from '../../core/payments/port';

type YooPayment = {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  metadata?: Record<string, string>;
  confirmation?: { confirmation_url?: string };
};

/** Production payments: the YooKassa API v3 (HTTP Basic with the shop id and secret key, an Idempotence-Key on creation). */
export class YooKassaPayments implements PaymentProvider {
  readonly name = 'yookassa';
  constructor(
    private readonly shopId: string,
    private readonly secretKey: string,
    private readonly apiUrl = 'https://api.yookassa.ru/v3',
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return {
      authorization: `Basic ${Buffer.from(`${this.shopId}:${this.secretKey}`).toString('base64')}`,
      'content-type': 'application/json',
      ...extra,
    };
  }

  async createPayment({ idempotenceKey, amount, description, returnUrl, metadata }: CreatePayment) {
    const response = await fetch(`${this.apiUrl}/payments`, {
      method: 'POST',
      headers: this.headers({ 'idempotence-key': idempotenceKey }),
      body: JSON.stringify({
        amount: { value: amount.toFixed(2), currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: returnUrl },
        description: description.slice(0, 128),
        metadata,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`YooKassa answered HTTP ${response.status}`);
    const payment = (await response.json()) as YooPayment;
    if (!payment.confirmation?.confirmation_url) throw new Error('YooKassa gave no confirmation URL');
    return { id: payment.id, confirmationUrl: payment.confirmation.confirmation_url };
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    const response = await fetch(`${this.apiUrl}/payments/${encodeURIComponent(id)}`, {
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`YooKassa answered HTTP ${response.status}`);
    const payment = (await response.json()) as YooPayment;
    const status =
      payment.status === 'succeeded' ? 'succeeded' : payment.status === 'canceled' ? 'canceled' : 'pending';
    return {
      id: payment.id,
      status,
      amount: Math.round(Number(payment.amount.value)),
      metadata: payment.metadata ?? {},
    };
  }
}
