import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../services/src/app';
import { buildContext, closeContext } from '../services/src/bootstrap';
import { DEMO_PHONES, seedDemoData } from '../services/src/seed';
import { ConfigError, loadConfig } from '../services/src/core/config';
import type { AppContext } from '../services/src/core/context';
import { createLogger } from '../services/src/core/logger';

/**
 * The app started as production starts it (NODE_ENV=production through loadConfig and
 * buildContext), with the real HTTP SMS gateway and reCAPTCHA adapters talking to local servers
 * that speak their protocols: the gateway keeps what it was asked to send.
 */
const PUBLIC_URL = 'https://estate.example';
const sent: { to: string; text: string }[] = [];
let providers: Server;
let providersUrl: string;

beforeAll(async () => {
  providers = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/sms') sent.push(JSON.parse(body) as { to: string; text: string });
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/siteverify' ? JSON.stringify({ success: true, score: 0.9 }) : '{}');
    });
  });
  await new Promise<void>((resolve) => providers.listen(0, '127.0.0.1', resolve));
  const address = providers.address();
  providersUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => providers.close(resolve)));

const productionEnv = (dataDir: string): Record<string, string> => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL,
  SMS_GATEWAY_URL: `${providersUrl}/sms`,
  RECAPTCHA_SECRET: 'secret',
  RECAPTCHA_SITE_KEY: 'site-key',
  VISITOR_SECRET: 'a-test-secret-of-at-least-32-characters',
  RECAPTCHA_VERIFY_URL: `${providersUrl}/siteverify`,
  SMS_WAIT_MS: '3000',
});

describe('a production start', () => {
  it('refuses DEV_OUTBOX with a message naming the variable', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'estate-prod-'));
    try {
      const start = () => loadConfig({ ...productionEnv(dataDir), DEV_OUTBOX: 'true' });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(/DEV_OUTBOX: the development outbox \(\/api\/dev\/sms lists every SMS code/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['PUBLIC_URL', /PUBLIC_URL: required in production/],
    ['SMS_GATEWAY_URL', /SMS_GATEWAY_URL: required in production/],
    [
      'RECAPTCHA_SECRET',
      /RECAPTCHA_SECRET: required in production \(without it the bot check lets every request through\)/,
    ],
    ['RECAPTCHA_SITE_KEY', /RECAPTCHA_SITE_KEY: required with RECAPTCHA_SECRET/],
  ])('refuses to start without %s', (name, message) => {
    const env = productionEnv('/tmp/unused');
    delete env[name];
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names every missing setting at once', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(
      error?.message
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(':')[0]),
    ).toEqual(['DEV_OUTBOX', 'PUBLIC_URL', 'SMS_GATEWAY_URL', 'RECAPTCHA_SECRET', 'VISITOR_SECRET']);
  });

  it('deploy/production.env ships no outbox: it starts only with the providers the operator gives', () => {
    const shipped = Object.fromEntries(
      readFileSync(join(__dirname, '../deploy/production.env'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(shipped.NODE_ENV).toBe('production');
    expect(shipped.DEV_OUTBOX).toBeUndefined();
    expect(() => loadConfig(shipped)).toThrow(/PUBLIC_URL: required in production/);
    // what the operator adds to the shipped file: the place's address and the secrets
    const filled = productionEnv('/data');
    const added = [
      'NODE_ENV',
      'PUBLIC_URL',
      'SMS_GATEWAY_URL',
      'RECAPTCHA_SECRET',
      'RECAPTCHA_SITE_KEY',
      'VISITOR_SECRET',
    ].map((name) => [name, filled[name]]);
    expect(loadConfig({ ...shipped, ...Object.fromEntries(added) })).toMatchObject({
      NODE_ENV: 'production',
      DEV_OUTBOX: false,
      SEED: false,
    });
  });

  it('takes PUBLIC_URL as an origin only', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://estate.example/site' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://estate.example/' }).PUBLIC_URL).toBe('https://estate.example');
    expect(loadConfig({ PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100');
  });
});

describe('the production app', () => {
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-prod-'));
    ctx = await buildContext(loadConfig(productionEnv(dataDir)), createLogger('silent'));
    await seedDemoData(ctx, 2);
    app = createApp(ctx);
  });
  afterAll(async () => {
    await closeContext(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no /api/dev/* routes: the outbox of codes does not exist', async () => {
    const sms = await request(app).get('/api/dev/sms').query({ phone: DEMO_PHONES.owner }).expect(404);
    expect(sms.body).toEqual({ errorCode: 105, message: 'Такого адреса API нет' });
    await request(app).get('/api/dev/email').query({ to: 'owner@example.ru' }).expect(404);
    const config = await request(app).get('/api/client-config').expect(200);
    expect(config.body.data).toEqual({
      recaptchaSiteKey: 'site-key',
      devOutbox: false,
      mapTiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© участники OpenStreetMap',
      },
    });
    expect(ctx.payments.name).not.toBe('sandbox');
  });

  it('sends codes through the gateway and sets a Secure, HttpOnly session cookie; answers pin https (HSTS)', async () => {
    const phone = DEMO_PHONES.owner;
    const answer = await request(app)
      .post('/api/auth/send-login-sms-code')
      .send({ phone, 'g-recaptcha-response': 'token' })
      .expect(200);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const code = /\b(\d{4})\b/.exec(sent.filter((m) => m.to === phone).at(-1)?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const login = await request(app).post('/api/auth/login').send({ phone, smsCode: code }).expect(200);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(
      /^auth-token=[\w-]+; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('the built front ends', () => {
  it('answers 503 in the envelope, not a 400, when index.html is missing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'estate-dist-'));
    const webDist = join(dataDir, 'web-dist');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const ctx = await buildContext(config, createLogger('silent'));
    try {
      const app = createApp(ctx, { webDist, cabinetDist: join(dataDir, 'no-cabinet') });
      for (const page of ['/prodazha', '/', '/daily-rent/123', '/cabinet/', '/cabinet']) {
        const res = await request(app).get(page).expect(503);
        expect(res.body).toEqual({
          errorCode: 113,
          message: 'Сайт временно недоступен. Попробуйте обновить страницу через минуту.',
        });
      }
      await request(app)
        .get('/assets/index-AbCdEf12.js')
        .expect(200)
        .expect('Cache-Control', 'public, max-age=31536000, immutable');
    } finally {
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
