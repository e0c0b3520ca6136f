import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../src/app';
import { buildContext, closeContext, type ContextOverrides } from '../src/bootstrap';
import { loadConfig } from '../src/core/config';
import type { AppContext } from '../src/core/context';
import { createLogger, type Logger } from '../src/core/logger';
import { createHttpServer } from '../src/core/server';
import { seedDemoData } from '../src/seed';
import { ChatSockets } from '../src/chats';
import { copyDemoLog, DEMO_LISTINGS, demoLogFolder } from './demoLog';

/** The app's clock, moved forward by tests to expire codes and allow resends without waiting. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export type TestApp = {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  clock: TestClock;
  close(): Promise<void>;
};

/** Limits high enough for suites that sign in often; the limit tests set their own. */
const TEST_ENV = {
  SMS_LIMIT_PER_PHONE: '1000',
  SMS_LIMIT_PER_IP: '1000',
  CODE_CHECK_LIMIT_PER_IP: '1000',
  SMS_RETRY_BACKOFF_MS: '10',
};

/**
 * The real app on embedded adapters in a fresh data folder, with the demo data unless `seed: false`:
 * a copy of the run's demo log (services/test/demoLog.ts), whose read models are rebuilt at the start as
 * at any start. Outside a Jest run (a benchmark) or with `listings`, the demo data is seeded here.
 * A test whose assertion depends on some data makes that data itself.
 */
export async function startTestApp(
  options: {
    /** seed this many listings here instead of copying the run's demo log (benchmarks) */
    listings?: number;
    seed?: boolean;
    env?: Record<string, string>;
    dataDir?: string;
    overrides?: ContextOverrides;
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'estate-test-'));
  const demoLog = demoLogFolder();
  const copied = options.seed !== false && options.listings === undefined && !options.dataDir && demoLog;
  if (copied) copyDemoLog(demoLog, dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...TEST_ENV,
    ...options.env,
  });
  const clock = new TestClock();
  const ctx = await buildContext(config, options.logger ?? createLogger('silent'), {
    clock: clock.now,
    ...options.overrides,
  });
  if (options.seed !== false && !copied) await seedDemoData(ctx, options.listings ?? DEMO_LISTINGS);
  const app = createApp(ctx);
  return {
    ctx,
    app,
    dataDir,
    clock,
    async close() {
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest code the development outbox holds for a phone. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const outbox = (await request(t.app).get('/api/dev/sms').query({ phone }).expect(200)).body as {
    data: { text: string }[];
  };
  const code = /\b(\d{4})\b/.exec(outbox.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Signs in through the SMS flow of the HTTP API, as a person would; the clock moves past the resend pause first. */
export async function signIn(t: TestApp, phone: string): Promise<string> {
  t.clock.advance(31_000);
  await request(t.app)
    .post('/api/auth/send-login-sms-code')
    .send({ phone, 'g-recaptcha-response': 'test' })
    .expect(200);
  const signedIn = await request(t.app)
    .post('/api/auth/login')
    .send({ phone, smsCode: await lastCode(t, phone) })
    .expect(200);
  return (signedIn.body as { data: { token: string } }).data.token;
}

/** The same app listening on a free port, for browser tests. */
export async function startTestServer(
  options: Omit<Parameters<typeof startTestApp>[0] & object, 'env'> & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  // the port first: the app's PUBLIC_URL (payment and e-mail links) is the address it listens on
  const server: Server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const testApp = await startTestApp({ ...options, env: { ...options.env, PUBLIC_URL: url } });
  server.on('request', testApp.app);
  const sockets = new ChatSockets(testApp.ctx);
  await sockets.attach(server);
  return {
    url,
    clock: testApp.clock,
    app: testApp,
    async stop() {
      server.closeAllConnections();
      await sockets.close();
      await new Promise((resolve) => server.close(resolve));
      await testApp.close();
    },
  };
}

/** The app behind a real port (browser tests): its address, its clock, the app itself, and its stop. */
export type TestServer = { url: string; clock: TestClock; app: TestApp; stop(): Promise<void> };
