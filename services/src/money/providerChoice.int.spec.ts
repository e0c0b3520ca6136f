import request from 'supertest';
import { createAgency } from '../../test/publications';
import { startTestApp } from '../../test/testApp';
import { startSession } from '../identity';

/** what production refuses to start without (none of it is called here: no SMS is sent, no bot check asked) */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://estate.example',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
  RECAPTCHA_SECRET: 'secret',
  RECAPTCHA_SITE_KEY: 'site-key',
  VISITOR_SECRET: 'a-test-secret-of-at-least-32-characters',
};

it('takes no payments in production without provider keys, rather than crediting through a sandbox', async () => {
  const t = await startTestApp({ seed: false, env: { ...PRODUCTION, PAYMENT_WAIT_MS: '2000' } });
  try {
    expect(t.ctx.payments.name).toBe('none');
    await createAgency(t.ctx, 'pp', '71');
    const { token } = await startSession(t.ctx, 'owner-pp');
    const res = await request(t.app)
      .post('/api/agency/agency-pp/balance/top-up')
      .set('Authorization', `Bearer ${token}`)
      .send({ sourceType: 1, sum: 100 })
      .expect(503);
    expect(res.body).toEqual({
      errorCode: 110,
      message: 'Платёжный сервис сейчас недоступен. Попробуйте позже.',
    });
    await request(t.app).get('/api/payments/sandbox/anything').expect(404);
  } finally {
    await t.close();
  }
});
