import type { PaymentProvider } from '../../core/payments/port';

/** what a harness answers at once or after a wait: the contract awaits it either way */
type Awaitable<T> = T | Promise<T>;

/** What every payment provider adapter must do; `complete` plays the payer pressing "pay" on the provider's page. */
export function paymentProviderContract(
  name: string,
  setup: () => Awaitable<{
    provider: PaymentProvider;
    complete(id: string): Awaitable<void>;
    stop(): Awaitable<void>;
  }>,
) {
  describe(`payment provider contract: ${name}`, () => {
    let env: Awaited<ReturnType<typeof setup>>;
    beforeEach(async () => {
      env = await setup();
    });
    afterEach(() => env.stop());
    const request = (key: string) => ({
      idempotenceKey: key,
      amount: 1500,
      description: 'Пополнение кошелька',
      returnUrl: 'https://example.ru/back',
      metadata: { paymentId: key },
    });

    it('creates a pending payment with a confirmation URL', async () => {
      const created = await env.provider.createPayment(request('k1'));
      expect(created.confirmationUrl).toMatch(/^https?:\/\//);
      expect(await env.provider.getPayment(created.id)).toEqual({
        id: created.id,
        status: 'pending',
        amount: 1500,
        metadata: { paymentId: 'k1' },
      });
    });

    it('creates one payment for one idempotence key', async () => {
      const first = await env.provider.createPayment(request('k2'));
      const again = await env.provider.createPayment(request('k2'));
      expect(again.id).toBe(first.id);
    });

    it('reports the payer’s completion', async () => {
      const created = await env.provider.createPayment(request('k3'));
      await env.complete(created.id);
      expect((await env.provider.getPayment(created.id))?.status).toBe('succeeded');
      expect(await env.provider.getPayment('unknown-id')).toBeNull();
    });
  });
}
