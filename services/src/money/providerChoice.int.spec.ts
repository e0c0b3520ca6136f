import request from 'supertest';
import { createAgency } from '../../test/publications';
import { PRODUCTION_ENV } from '../../test/production';
import { startTestApp } from '../../test/testApp';
import { startSession } from '../identity';

it('takes no payments in production without provider keys, rather than crediting through a sandbox', async () => {
  const t = await startTestApp({ seed: false, env: { ...PRODUCTION_ENV, PAYMENT_WAIT_MS: '2000' } });
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
