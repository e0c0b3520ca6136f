import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AcceptAnyToken, RecaptchaV3 } from './botCheck';

describe('bot check', () => {
  it('development accepts any non-empty token', async () => {
    expect(await new AcceptAnyToken().verify('x')).toBe(true);
    expect(await new AcceptAnyToken().verify('')).toBe(false);
  });

  describe('reCAPTCHA v3 (a local siteverify over real HTTP)', () => {
    const seen: URLSearchParams[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req
        .on('data', (c) => (text += c))
        .on('end', () => {
          const form = new URLSearchParams(text);
          seen.push(form);
          const scores: Record<string, number> = { human: 0.9, bot: 0.1, edge: 0.5 };
          const score = scores[form.get('response') ?? ''];
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify(
              score === undefined
                ? { success: false, 'error-codes': ['invalid-input-response'] }
                : { success: true, score, action: 'login' },
            ),
          );
        });
    });
    let url: string;
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('passes a score at or above the threshold and sends the secret and the client IP', async () => {
      const check = new RecaptchaV3('s3cret', 0.5, url);
      expect(await check.verify('human', '203.0.113.5')).toBe(true);
      expect(await check.verify('edge')).toBe(true);
      expect(seen[0].get('secret')).toBe('s3cret');
      expect(seen[0].get('remoteip')).toBe('203.0.113.5');
    });

    it('fails a low score and an invalid token', async () => {
      const check = new RecaptchaV3('s3cret', 0.5, url);
      expect(await check.verify('bot')).toBe(false);
      expect(await check.verify('forged')).toBe(false);
    });

    it('throws when the verifier cannot be reached (the caller refuses the request)', async () => {
      await expect(
        new RecaptchaV3('s3cret', 0.5, 'http://127.0.0.1:1/siteverify').verify('human'),
      ).rejects.toThrow();
    });
  });
});
