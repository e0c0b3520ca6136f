import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { capturedLogs } from '../services/test/capturedLogs';
import { EMAIL_CONFIRMATION_REACTOR } from '../services/src/identity/reactors';
import { startSession } from '../services/src/identity/sessions';
import { settled } from '../services/test/settled';
import { lastCode, startTestApp, type TestApp } from '../services/test/testApp';
import { registerSiteUsers } from '../services/test/users';

/**
 * Issue 43, item 3: a run's logs hold no phone, SMS code, token or e-mail in clear. The app logs at
 * debug into memory while a visitor signs in by SMS code, changes their e-mail, sends a request
 * with their phone, and the reactors that follow (the SMS, the letters) run; then every line is
 * searched for those values as they were sent and in the forms a phone takes.
 */
const PHONE = '79162239911';
const NEW_EMAIL = 'logs-scan@example.ru';
const OLD_EMAIL = 'logs-old@example.ru';

describe('the logs of a run', () => {
  let t: TestApp;
  const { logger, lines } = capturedLogs();
  beforeAll(async () => {
    t = await startTestApp({ seed: false, logger });
  });
  afterAll(() => t.close());

  it('hold no phone, SMS code, token or e-mail', async () => {
    await registerSiteUsers(t.ctx, { userId: 'logs-user', name: 'Ольга', phone: PHONE, email: OLD_EMAIL });
    t.clock.advance(31_000);
    await request(t.app)
      .post('/api/auth/send-login-sms-code')
      .send({ phone: PHONE, 'g-recaptcha-response': 'test' })
      .expect(200);
    const code = await lastCode(t, PHONE);
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ phone: PHONE, smsCode: code })
      .expect(200);
    const token = login.body.data.token as string;
    const auth = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);
    await auth(request(t.app).get('/api/profile')).expect(200);
    await auth(request(t.app).post('/api/auth/change-email').send({ newEmail: NEW_EMAIL })).expect(200);
    await auth(
      request(t.app).post('/api/send-request').send({
        kind: 'callback',
        name: 'Ольга',
        phone: PHONE,
        text: 'Перезвоните, пожалуйста',
        titlePage: 'Главная',
        'g-recaptcha-response': 'test',
      }),
    ).expect(201);
    // a wrong code and a malformed phone: refusals are logged too
    await request(t.app).post('/api/auth/login').send({ phone: PHONE, smsCode: '0000' });
    await request(t.app)
      .post('/api/auth/send-login-sms-code')
      .send({ phone: `+${PHONE}x` });
    await settled(t);

    // the run logged its requests (the scan has something to read)
    expect(lines.some((line) => line.includes('/api/auth/login'))).toBe(true);
    const secrets = {
      phone: PHONE,
      'phone without its country code': PHONE.slice(1),
      code: new RegExp(`(?<!\\d)${code}(?!\\d)`),
      token,
      'new e-mail': NEW_EMAIL,
      'old e-mail': OLD_EMAIL,
    };
    const leaks = Object.entries(secrets).flatMap(([name, secret]) =>
      lines
        .filter((line) => (typeof secret === 'string' ? line.includes(secret) : secret.test(line)))
        .map((line) => `${name}: ${line.slice(0, 300)}`),
    );
    expect(leaks).toEqual([]);
  });

  it('carry the ids of the request, and of the request that caused the event a reactor handles', async () => {
    await registerSiteUsers(t.ctx, { userId: 'logs-ids', name: 'Пётр', phone: '79162239922' });
    const { token } = await startSession(t.ctx, 'logs-ids');
    const requestId = `logs-${randomUUID()}`;
    await request(t.app)
      .post('/api/auth/change-email')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Request-Id', requestId)
      .send({ newEmail: 'logs-ids@example.ru' })
      .expect(200)
      .expect('X-Request-Id', requestId);
    await settled(t);

    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofRequest = parsed.filter((line) => line.requestId === requestId);
    expect(ofRequest.map((line) => line.msg)).toContain('request completed');
    for (const line of ofRequest) expect(line.correlationId).toBe(requestId);
    for (const line of parsed.filter((l) => l.msg === 'request completed'))
      expect(line).toMatchObject({ requestId: expect.any(String), correlationId: line.requestId });
    // the confirmation letter is a reaction to the request's event: its line carries the request's id
    const reactions = parsed.filter((line) => line.msg === 'reacted' && line.correlationId === requestId);
    expect(reactions.map((line) => line.reactor)).toContain(EMAIL_CONFIRMATION_REACTOR);
  });
});
