import { until } from '@estate/events/testing';
import { EMAIL_QUEUE, SMS_QUEUE } from '../src/notifications';
import type { TestApp } from './testApp';

/**
 * Waits until what follows the facts recorded so far has happened: every reactor has handled the
 * log up to now, the SMS and e-mails they queued have left the queues, and the read models show
 * what they appended (a chat message). Notifications follow facts (reactors), so they come a
 * moment after the request that recorded the fact has answered.
 */
export async function settled(t: TestApp): Promise<void> {
  await t.ctx.reactors.whenCaughtUp();
  await until(async () => {
    for (const queue of [SMS_QUEUE, EMAIL_QUEUE]) {
      const counts = await t.ctx.jobs.counts(queue);
      if (counts.waiting + counts.active + counts.delayed > 0) return false;
    }
    return true;
  });
  await t.ctx.projections.whenCaughtUp();
}
