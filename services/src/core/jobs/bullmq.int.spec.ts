import { randomUUID } from 'node:crypto';
import { describeWhenReachable } from '@estate/events/testing';
import { BullMqJobQueue } from './bullmq';
import { jobQueueContract } from './contract';

describeWhenReachable(
  'job queue contract: bullmq (Redis)',
  process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  (url) => {
    // a fresh key prefix per queue client keeps the suite off anything else in that Redis
    jobQueueContract('bullmq (Redis)', () => new BullMqJobQueue(url, { prefix: `test-${randomUUID()}` }));
  },
);
