import type { SmsMessage, SmsProvider } from './port';

/**
 * Production SMS: a JSON POST to the gateway configured by SMS_GATEWAY_URL, with an optional bearer
 * token and an Idempotency-Key, so a retried job is not charged or delivered twice by gateways that
 * honour it. Any answer but 2xx, or no answer within the time-out, is a failure the queue retries.
 */
export class HttpSmsGateway implements SmsProvider {
  readonly name = 'http-gateway';
  constructor(
    private readonly url: string,
    private readonly options: { token?: string; sender?: string; timeoutMs?: number } = {},
  ) {}

  async send({ to, text, idempotencyKey }: SmsMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      },
      body: JSON.stringify({
        to,
        text,
        id: idempotencyKey,
        ...(this.options.sender ? { from: this.options.sender } : {}),
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    // the body is drained either way so the connection is reused; it is not logged (it may echo the text)
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
}
