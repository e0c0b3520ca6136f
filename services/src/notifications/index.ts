/**
 * The notifications slice: the `sms` and `email` queues, their processors, and the development
 * outbox's routes. What other slices and the app may use of it is exported here.
 */
export {
  queueEmail,
  queueSms,
  EMAIL_QUEUE,
  SMS_QUEUE,
  type CodeDelivery,
  type EmailJob,
  type SmsJob,
} from './queue';
export { devOutboxServed } from './devOutboxApi';

import type { SliceManifest } from '../core/slice';
import { devOutboxRoutes } from './devOutboxApi';
import { startNotificationWorkers, type RecordCodeDelivery } from './workers';

/** the code deliveries are recorded by identity, which queues the codes: the app hands its recorder in */
export const notificationsSlice = (recordCodeDelivery: RecordCodeDelivery): SliceManifest => ({
  name: 'notifications',
  routes: (ctx) => [{ at: 'api', routes: devOutboxRoutes(ctx) }],
  start: (ctx) => {
    // the SMS and letters' jobs carry phones, addresses and texts: an erasure compacts what finished
    ctx.personalData.afterErasure.push(() => ctx.jobs.compact?.() ?? Promise.resolve());
    return startNotificationWorkers(ctx, recordCodeDelivery);
  },
});
