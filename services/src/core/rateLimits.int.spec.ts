import { randomUUID } from 'node:crypto';
import { skipped, tcpReachable } from '@estate/events/testing';
import { Redis } from 'ioredis';
import { DomainError } from './errors';
import { FlexibleRateLimits, type LimitSettings, type RateLimits } from './rateLimits';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = tcpReachable(redisUrl);
if (!redisUp) skipped('rate limits on Redis', `nothing answers at ${redisUrl}`);

const settings: LimitSettings = {
  smsPerPhone: { points: 3, durationSeconds: 60 },
  smsPerIp: { points: 5, durationSeconds: 60 },
  codeChecksPerIp: { points: 2, durationSeconds: 1 },
  emailsPerUser: { points: 1, durationSeconds: 60 },
  bookingsPerIp: { points: 5, durationSeconds: 60 },
  bookingsPerPhone: { points: 5, durationSeconds: 60 },
  bookingsPerListing: { points: 5, durationSeconds: 60 },
  chatMessagesPerUser: { points: 5, durationSeconds: 60 },
  photosPerUser: { points: 5, durationSeconds: 3600 },
  addressSuggestionsPerIp: { points: 5, durationSeconds: 60 },
  leadsPerIp: { points: 5, durationSeconds: 3600 },
  leadsPerPhone: { points: 5, durationSeconds: 3600 },
  complaintsPerIp: { points: 5, durationSeconds: 3600 },
  complaintsPerPhone: { points: 5, durationSeconds: 86_400 },
  complaintsPerListing: { points: 10, durationSeconds: 86_400 },
};

function rateLimitsContract(
  name: string,
  run: boolean,
  make: () => { limits: RateLimits; stop(): Promise<void> | void },
) {
  (run ? describe : describe.skip)(`rate limits contract: ${name}`, () => {
    let env: ReturnType<typeof make>;
    beforeEach(() => {
      env = make();
    });
    afterEach(() => env.stop());

    it('lets the allowed number through, then answers 429 in the envelope', async () => {
      const key = randomUUID();
      for (let i = 0; i < 3; i++) await env.limits.consume('smsPerPhone', key);
      const refused = await env.limits.consume('smsPerPhone', key).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as DomainError).status).toBe(429);
      expect((refused as DomainError).message).toBe('Превышен лимит запросов, пожалуйста попробуйте позже.');
    });

    it('takes back a refunded request, so only what was really spent counts', async () => {
      const key = randomUUID();
      for (let i = 0; i < 3; i++) await env.limits.consume('smsPerPhone', key);
      await env.limits.refund('smsPerPhone', key);
      await env.limits.consume('smsPerPhone', key);
      await expect(env.limits.consume('smsPerPhone', key)).rejects.toBeInstanceOf(DomainError);
    });

    it('counts keys and rules apart', async () => {
      const key = randomUUID();
      for (let i = 0; i < 3; i++) await env.limits.consume('smsPerPhone', key);
      // the key's fourth SMS is over its limit; another key, and another rule for the same key, are not
      await expect(env.limits.consume('smsPerPhone', key)).rejects.toBeInstanceOf(DomainError);
      await expect(env.limits.consume('smsPerPhone', randomUUID())).resolves.toBeUndefined();
      await expect(env.limits.consume('smsPerIp', key)).resolves.toBeUndefined();
    });

    it('forgets a count when its window has passed', async () => {
      const key = randomUUID();
      await env.limits.consume('codeChecksPerIp', key);
      await env.limits.consume('codeChecksPerIp', key);
      await expect(env.limits.consume('codeChecksPerIp', key)).rejects.toBeInstanceOf(DomainError);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await env.limits.consume('codeChecksPerIp', key);
    });
  });
}

rateLimitsContract('memory', true, () => ({
  limits: new FlexibleRateLimits(settings),
  stop: () => undefined,
}));

rateLimitsContract('Redis', redisUp, () => {
  const redis = new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  return {
    limits: new FlexibleRateLimits(settings, redis, `test-${randomUUID().slice(0, 8)}`),
    stop: () => void redis.disconnect(),
  };
});

(redisUp ? it : it.skip)('two processes on one Redis share the count', async () => {
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  const [a, b] = [new Redis(redisUrl), new Redis(redisUrl)];
  try {
    const first = new FlexibleRateLimits(settings, a, prefix);
    const second = new FlexibleRateLimits(settings, b, prefix);
    await first.consume('emailsPerUser', 'u1');
    await expect(second.consume('emailsPerUser', 'u1')).rejects.toBeInstanceOf(DomainError);
  } finally {
    a.disconnect();
    b.disconnect();
  }
});

it('keeps limiting in memory while Redis is unreachable', async () => {
  const dead = new Redis('redis://127.0.0.1:1', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  dead.on('error', () => undefined);
  try {
    const limits = new FlexibleRateLimits(settings, dead, 'test-down');
    await limits.consume('emailsPerUser', 'u1');
    await expect(limits.consume('emailsPerUser', 'u1')).rejects.toBeInstanceOf(DomainError);
  } finally {
    dead.disconnect();
  }
});
