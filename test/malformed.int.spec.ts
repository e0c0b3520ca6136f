import request from 'supertest';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';

/**
 * Every documented route, called with wrong ids, empty and mistyped bodies, signed in as an agency
 * owner: whatever the answer, it is the spec's envelope and never a 500.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PAYMENT_WAIT_MS: '500', SMS_WAIT_MS: '500' } });
  token = await signIn(t, '79990000001');
});
afterAll(() => t.close());

const BODIES: unknown[] = [
  {},
  { phone: 12, sum: 'много', status: [1], name: { a: 1 }, startDate: '2020-13-45', limit: -1 },
  [1, 2, 3],
];

it('answers malformed calls to every documented route with the envelope, never a 500', async () => {
  const paths = (t.ctx.openApi.document().paths ?? {}) as Record<string, Record<string, unknown>>;
  const failures: string[] = [];
  let calls = 0;
  // logging out would end the session the other calls need
  for (const [template, methods] of Object.entries(paths).filter(([path]) => path !== '/api/auth/logout')) {
    const path = template.replace(/\{[^}]+\}/g, 'x%20y');
    for (const method of Object.keys(methods) as ('get' | 'post' | 'put' | 'patch' | 'delete')[]) {
      for (const body of BODIES) {
        const res = await request(t.app)
          [method](`${path}?limit=abc&offset=-5&status=x&publicationIds[]=`)
          .set('Authorization', `Bearer ${token}`)
          .send(body as object);
        calls++;
        const envelope =
          res.status < 300 ||
          (typeof res.body?.errorCode === 'number' && typeof res.body?.message === 'string');
        if (res.status >= 500 && res.status !== 503)
          failures.push(
            `${method.toUpperCase()} ${template} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
        else if (!envelope && !res.headers['content-type']?.startsWith('text/'))
          failures.push(`${method.toUpperCase()} ${template} → ${res.status} without the envelope`);
      }
    }
  }
  expect(calls).toBeGreaterThan(150);
  await request(t.app).get('/api/profile').set('Authorization', `Bearer ${token}`).expect(200); // still signed in: the calls went deep
  expect(failures).toEqual([]);
});
