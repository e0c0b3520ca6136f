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
export { devOutboxRoutes, devOutboxServed } from './devOutboxApi';
export { startNotificationWorkers } from './workers';
