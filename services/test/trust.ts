import request from 'supertest';
import { lastCode, type TestApp } from './testApp';

/** A phone confirmed as a request form does it: a code by SMS, checked at /api/sms-code/verify; answers the trust token. */
export async function trustPhone(t: TestApp, phone: string): Promise<string> {
  t.clock.advance(31_000); // past the resend pause of an earlier code
  await request(t.app).post('/api/sms-code/send').send({ phone, 'g-recaptcha-response': 'test' }).expect(200);
  const verified = await request(t.app)
    .post('/api/sms-code/verify')
    .send({ phone, smsCode: await lastCode(t, phone), 'g-recaptcha-response': 'test' })
    .expect(200);
  return (verified.body as { data: { token: string } }).data.token;
}

/**
 * A request form's calls for a code, each from the address `ip` (the limits count per phone and per
 * address, and trust X-Forwarded-For under test): ask for a code by SMS, check one.
 */
export const sendCodeFrom = (t: TestApp, phone: string, ip: string) =>
  request(t.app)
    .post('/api/sms-code/send')
    .set('X-Forwarded-For', ip)
    .send({ phone, 'g-recaptcha-response': 'test-token' });
export const checkCodeFrom = (t: TestApp, phone: string, smsCode: string, ip: string) =>
  request(t.app)
    .post('/api/sms-code/verify')
    .set('X-Forwarded-For', ip)
    .send({ phone, smsCode, 'g-recaptcha-response': 'test-token' });
