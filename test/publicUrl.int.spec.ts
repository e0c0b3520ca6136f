import request from 'supertest';
import { lettersTo } from '../services/test/letters';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { DEMO_PHONES } from '../services/src/seed';

/** Links that leave the site are built from PUBLIC_URL: a forged Host header must not send a token or a payer elsewhere. */
describe('links in letters and payments', () => {
  let t: TestApp;
  let owner: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp({
      env: { PUBLIC_URL: 'https://estate.example', PAYMENT_WAIT_MS: '5000' },
    });
    owner = await signIn(t, DEMO_PHONES.owner);
    user = await signIn(t, DEMO_PHONES.user);
  });
  afterAll(() => t.close());
  const forged = (r: request.Test, token: string) =>
    r
      .set('Authorization', `Bearer ${token}`)
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'http');

  it('puts the configured address in the e-mail confirmation link', async () => {
    await forged(request(t.app).post('/api/auth/change-email'), user)
      .send({ newEmail: 'irina.new@example.ru' })
      .expect(200);
    const [letter] = await lettersTo(t, 'irina.new@example.ru');
    expect(letter.text).toMatch(/\nhttps:\/\/estate\.example\/confirmation-email\?token=[\w.%-]+\n/);
    expect(`${letter.text}${letter.html}`).not.toContain('evil.example');
  });

  it('sends the payer of a top-up to the configured address and back to it', async () => {
    const started = await forged(request(t.app).post('/api/agency/demo-agency-1/balance/top-up'), owner)
      .send({ sourceType: 1, sum: 500 })
      .expect(201);
    const confirmationUrl = started.body.data.confirmationUrl as string;
    expect(confirmationUrl).toMatch(/^https:\/\/estate\.example\/api\/payments\/sandbox\/[\w-]+$/);
    const paid = await request(t.app)
      .post(`/api/payments/sandbox/${confirmationUrl.split('/').pop()}/pay`)
      .expect(200);
    expect(paid.body.data.returnUrl).toBe('https://estate.example/cabinet/');
  });

  it('returns the payer of a premium subscription to the configured address', async () => {
    const started = await forged(request(t.app).post('/api/tariffs/payment/month'), user).expect(201);
    const paid = await request(t.app)
      .post(`/api/payments/sandbox/${(started.body.data.confirmationUrl as string).split('/').pop()}/pay`)
      .expect(200);
    expect(paid.body.data.returnUrl).toBe('https://estate.example/account/user/premium-sub');
  });
});

describe('without PUBLIC_URL (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PORT: '3999', PAYMENT_WAIT_MS: '5000' } });
  });
  afterAll(() => t.close());

  it('sends a payer back to the address they opened the site on (not localhost)', async () => {
    const owner = await signIn(t, DEMO_PHONES.owner);
    const started = await request(t.app)
      .post('/api/agency/demo-agency-1/balance/top-up')
      .set('Authorization', `Bearer ${owner}`)
      .set('Host', '192.168.1.20:3999')
      .send({ sourceType: 1, sum: 500 })
      .expect(201);
    const confirmationUrl = started.body.data.confirmationUrl as string;
    expect(confirmationUrl).toMatch(/^http:\/\/192\.168\.1\.20:3999\/api\/payments\/sandbox\/[\w-]+$/);
    const paid = await request(t.app)
      .post(`/api/payments/sandbox/${confirmationUrl.split('/').pop()}/pay`)
      .expect(200);
    expect(paid.body.data.returnUrl).toBe('http://192.168.1.20:3999/cabinet/');
  });

  it('links letters, which no page opened, to http://localhost:PORT whatever Host the request names', async () => {
    const user = await signIn(t, DEMO_PHONES.user);
    await request(t.app)
      .post('/api/auth/change-email')
      .set('Authorization', `Bearer ${user}`)
      .set('Host', 'evil.example')
      .send({ newEmail: 'irina.dev@example.ru' })
      .expect(200);
    const [letter] = await lettersTo(t, 'irina.dev@example.ru');
    expect(letter.text).toContain('http://localhost:3999/confirmation-email?token=');
  });
});
