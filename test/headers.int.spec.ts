import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../services/src/app';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { DEMO_PHONES } from '../services/src/seed';
import { policyOf } from './support/hostile';

describe('security headers', () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  let dist: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { PAYMENT_WAIT_MS: '5000' } });
    dist = mkdtempSync(join(tmpdir(), 'estate-headers-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-AbCdEf12.js"></script>',
    );
    writeFileSync(join(dist, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
    app = createApp(t.ctx, { webDist: dist, cabinetDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/prodazha', '/cabinet/', '/api/health', '/api/nowhere'])(
    '%s: a strict CSP, nosniff, no framing, a referrer policy',
    async (path) => {
      const res = await request(app).get(path);
      const csp = policyOf(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      // emotion (MUI) injects <style> tags at run time: inline styles only, never inline scripts
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // outside production: no HSTS (a development server on http://localhost must not pin https)
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('a hashed script carries nosniff and its resource policy, not the headers of a document', async () => {
    const res = await request(app).get('/assets/index-AbCdEf12.js').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'last-modified'])
      expect(res.headers[name]).toBeUndefined();
  });

  it('lets reCAPTCHA in only when a site key is configured', async () => {
    const withKey = await startTestApp({ seed: false, env: { RECAPTCHA_SITE_KEY: 'site-key' } });
    try {
      const csp = policyOf(
        (await request(withKey.app).get('/api/health')).headers['content-security-policy'],
      );
      expect(csp.get('script-src')).toEqual([
        "'self'",
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]);
      expect(csp.get('frame-src')).toEqual([
        'https://www.google.com/recaptcha/',
        'https://recaptcha.google.com/recaptcha/',
      ]);
    } finally {
      await withKey.close();
    }
  });

  it('gives the API viewer and the development payment page their own policies', async () => {
    const docs = policyOf(
      (await request(app).get('/api/docs/').expect(200)).headers['content-security-policy'],
    );
    expect(docs.get('script-src')).toEqual(["'self'"]);
    expect(docs.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    const owner = await signIn(t, DEMO_PHONES.owner);
    const started = await request(app)
      .post('/api/agency/demo-agency-1/balance/top-up')
      .set('Authorization', `Bearer ${owner}`)
      .send({ sourceType: 1, sum: 100 })
      .expect(201);
    const page = await request(app)
      .get(`/api/payments/sandbox/${(started.body.data.confirmationUrl as string).split('/').pop()}`)
      .expect(200);
    expect(policyOf(page.headers['content-security-policy']).get('script-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
    ]);
    expect(policyOf(page.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });
});
