import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryReadStore } from '@estate/projections';
import { paymentProviderContract } from './contract';
import { SandboxPayments } from './sandbox';
import { YooKassaPayments } from './yookassa';

paymentProviderContract('sandbox', () => {
  const store = new MemoryReadStore();
  const provider = new SandboxPayments(store);
  return {
    provider,
    complete: async (id) => void (await provider.settle(id, 'succeeded')),
    stop: () => store.close(),
  };
});

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let t = '';
    req.on('data', (c) => (t += c)).on('end', () => resolve(t));
  });

/** A local stand-in speaking YooKassa's v3 API over real HTTP: Basic auth, Idempotence-Key, amounts as strings. */
paymentProviderContract('YooKassa API v3 (a local stand-in over HTTP)', async () => {
  const payments = new Map<
    string,
    {
      id: string;
      status: string;
      amount: { value: string; currency: string };
      metadata: Record<string, string>;
    }
  >();
  const byKey = new Map<string, string>();
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization !== `Basic ${Buffer.from('shop:secret').toString('base64')}`)
      return void res.writeHead(401).end();
    const send = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'POST' && req.url === '/v3/payments') {
      const key = String(req.headers['idempotence-key'] ?? '');
      if (!key) return send(400, { type: 'error', code: 'invalid_request' });
      const request = JSON.parse(await body(req)) as {
        amount: { value: string; currency: string };
        metadata: Record<string, string>;
      };
      const id = byKey.get(key) ?? randomUUID();
      if (!byKey.has(key))
        payments.set(id, { id, status: 'pending', amount: request.amount, metadata: request.metadata });
      byKey.set(key, id);
      return send(200, {
        ...payments.get(id),
        confirmation: {
          type: 'redirect',
          confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
        },
      });
    }
    const found = payments.get(decodeURIComponent(String(req.url).replace('/v3/payments/', '')));
    return found ? send(200, found) : send(404, { type: 'error', code: 'not_found' });
  };
  // the fake answers every request itself (or the test fails on its missing answer): nothing waits here
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    provider: new YooKassaPayments('shop', 'secret', `http://127.0.0.1:${port}/v3`),
    complete: (id) => void (payments.get(id)!.status = 'succeeded'),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});
