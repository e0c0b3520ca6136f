import { randomUUID } from 'node:crypto';
import type { AppContext } from '../core/context';

export const SMS_QUEUE = 'sms';
export const EMAIL_QUEUE = 'email';
export const SMS_ATTEMPTS = 3;
export const EMAIL_ATTEMPTS = 5;

/** A confirmation code's delivery is reported back to its phone stream. */
export type CodeDelivery = { phone: string; codeHash: string };
export type SmsJob = { to: string; text: string; attempts: number; code?: CodeDelivery };
export type EmailJob = { to: string; subject: string; text: string; html?: string };

/** Queues an SMS; `jobId` makes a repeated call (a retried request) queue it once. */
export async function queueSms(
  ctx: AppContext,
  message: { to: string; text: string; code?: CodeDelivery },
  jobId: string = randomUUID(),
) {
  const job: SmsJob = { ...message, attempts: SMS_ATTEMPTS };
  return ctx.jobs.add(SMS_QUEUE, 'send', job, {
    jobId,
    attempts: SMS_ATTEMPTS,
    backoffMs: ctx.config.SMS_RETRY_BACKOFF_MS,
  });
}

export async function queueEmail(ctx: AppContext, message: EmailJob, jobId: string = randomUUID()) {
  return ctx.jobs.add(EMAIL_QUEUE, 'send', message, { jobId, attempts: EMAIL_ATTEMPTS, backoffMs: 5_000 });
}
