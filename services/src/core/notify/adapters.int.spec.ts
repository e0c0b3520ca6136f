import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryReadStore } from '@estate/projections';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailProviderContract, smsProviderContract } from './contract';
import { HttpSmsGateway } from './httpSms';
import { DEV_EMAIL, DEV_SMS, OutboxMail, OutboxSms, readOutbox } from './outbox';
import { SmtpMail } from './smtp';

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => (text += c)).on('end', () => resolve(text));
  });

/** A stand-in for an unreliable store: the next write fails once. */
function failingOnce(store: MemoryReadStore) {
  let fail = false;
  const original = store.collection.bind(store);
  store.collection = ((name: string) => {
    const collection = original(name);
    return new Proxy(collection, {
      get(target, prop, receiver) {
        if (prop === 'updateOne' && fail) {
          fail = false;
          return () => Promise.reject(new Error('store unavailable'));
        }
        return Reflect.get(target, prop, receiver);
      },
    });
  }) as typeof store.collection;
  return () => (fail = true);
}

smsProviderContract('development outbox', () => {
  const store = new MemoryReadStore();
  const failNext = failingOnce(store);
  return {
    provider: new OutboxSms(store),
    delivered: async () =>
      (await readOutbox(store, DEV_SMS, '79990000001')).map((m) => ({ to: m.to, text: m.text, key: m.id })),
    failNext,
    stop: () => store.close(),
  };
});

smsProviderContract('HTTP gateway (a local gateway over real HTTP)', async () => {
  const received: { to: string; text: string; key: string }[] = [];
  let failures = 0;
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const json = JSON.parse(await body(req)) as { to: string; text: string; id: string };
    if (req.headers.authorization !== 'Bearer secret') return void res.writeHead(401).end();
    if (failures > 0) {
      failures--;
      return void res.writeHead(502).end('{"error":"upstream"}');
    }
    received.push({ to: json.to, text: json.text, key: String(req.headers['idempotency-key']) });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
  };
  // the fake answers every request itself (or the test fails on its missing answer): nothing waits here
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    provider: new HttpSmsGateway(`http://127.0.0.1:${port}/send`, { token: 'secret' }),
    delivered: () => received,
    failNext: () => (failures = 1),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});

mailProviderContract('development outbox', () => {
  const store = new MemoryReadStore();
  const failNext = failingOnce(store);
  return {
    provider: new OutboxMail(store),
    delivered: async () =>
      (await readOutbox(store, DEV_EMAIL, 'anna@example.ru')).map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        key: m.id,
      })),
    failNext,
    stop: () => store.close(),
  };
});

mailProviderContract('SMTP through nodemailer (a local SMTP server)', async () => {
  const received: { to: string; subject: string; text: string; key: string }[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse) {
        refuse = false;
        return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo[0].address,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            key: (mail.messageId ?? '').replace(/^<|@.*$/g, ''),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const provider = new SmtpMail(
    `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    'Маркетплейс <no-reply@estate.local>',
  );
  return {
    provider,
    delivered: () => received,
    failNext: () => (refuse = true),
    stop: async () => {
      await provider.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});
