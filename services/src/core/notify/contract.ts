import type { EmailMessage, MailProvider, SmsMessage, SmsProvider } from './port';

/** what a harness answers at once or after a wait: the contract awaits it either way */
type Awaitable<T> = T | Promise<T>;

type Delivered = { to: string; text: string; key: string; subject?: string };

/** What every SMS provider adapter must do; `delivered` reads what reached the other side. */
export function smsProviderContract(
  name: string,
  setup: () => Awaitable<{
    provider: SmsProvider;
    delivered(): Awaitable<Delivered[]>;
    failNext(): void;
    stop(): Awaitable<void>;
  }>,
) {
  describe(`SMS provider contract: ${name}`, () => {
    let env: Awaited<ReturnType<typeof setup>>;
    beforeEach(async () => {
      env = await setup();
    });
    afterEach(() => env.stop());

    it('delivers the text to the number with its idempotency key', async () => {
      const message: SmsMessage = { to: '79990000001', text: 'Код для входа: 1234', idempotencyKey: 'job-1' };
      await env.provider.send(message);
      expect(await env.delivered()).toEqual([{ to: message.to, text: message.text, key: 'job-1' }]);
    });

    it('rejects when the other side refuses, so the queue retries', async () => {
      env.failNext();
      await expect(
        env.provider.send({ to: '79990000001', text: 'x', idempotencyKey: 'job-2' }),
      ).rejects.toThrow();
      await env.provider.send({ to: '79990000001', text: 'x', idempotencyKey: 'job-2' });
      expect((await env.delivered()).map((d) => d.key)).toContain('job-2');
    });
  });
}

export function mailProviderContract(
  name: string,
  setup: () => Awaitable<{
    provider: MailProvider;
    delivered(): Awaitable<Delivered[]>;
    failNext(): void;
    stop(): Awaitable<void>;
  }>,
) {
  describe(`mail provider contract: ${name}`, () => {
    let env: Awaited<ReturnType<typeof setup>>;
    beforeEach(async () => {
      env = await setup();
    });
    afterEach(() => env.stop());

    it('delivers subject and text to the address', async () => {
      const message: EmailMessage = {
        to: 'anna@example.ru',
        subject: 'Подтвердите адрес',
        text: 'Ссылка: https://example.ru/x',
        html: '<p>Ссылка</p>',
        idempotencyKey: 'mail-1',
      };
      await env.provider.send(message);
      const [got] = await env.delivered();
      expect(got).toMatchObject({ to: 'anna@example.ru', subject: 'Подтвердите адрес', key: 'mail-1' });
      expect(got.text).toContain('Ссылка: https://example.ru/x');
    });

    it('rejects when the server refuses', async () => {
      env.failNext();
      await expect(
        env.provider.send({ to: 'anna@example.ru', subject: 's', text: 't', idempotencyKey: 'mail-2' }),
      ).rejects.toThrow();
    });
  });
}
