import type { AppContext } from '../core/context';
import { EMAIL_QUEUE, SMS_QUEUE, type CodeDelivery, type EmailJob, type SmsJob } from './queue';

/**
 * Records a code's delivery, or its final failure, on its phone stream: identity's command, handed
 * in by the process, since identity imports this slice to queue its codes.
 */
export type RecordCodeDelivery = (
  ctx: AppContext,
  delivery: CodeDelivery,
  failure?: string,
) => Promise<unknown>;

/**
 * The SMS and e-mail processors (in the worker, or in the single embedded process). A provider's
 * failure is retried by the queue with back-off; the job id is the provider's idempotency key. A
 * code's delivery, or its final failure, is recorded on its phone stream, which the send call waits for.
 */
export async function startNotificationWorkers(ctx: AppContext, recordCodeDelivery: RecordCodeDelivery) {
  const sms = await ctx.jobs.process<SmsJob>(
    SMS_QUEUE,
    async (job) => {
      const { to, text, code, attempts } = job.data;
      try {
        await ctx.sms.send({ to, text, idempotencyKey: job.id });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.logger.warn(
          { queue: SMS_QUEUE, jobId: job.id, attempt: job.attemptsMade, reason },
          'SMS provider failed',
        );
        if (code && job.attemptsMade >= attempts) await recordCodeDelivery(ctx, code, reason);
        throw error;
      }
      if (code) await recordCodeDelivery(ctx, code);
      ctx.logger.info({ queue: SMS_QUEUE, jobId: job.id, provider: ctx.sms.name }, 'SMS sent');
    },
    { concurrency: 10 },
  );
  const email = await ctx.jobs.process<EmailJob>(
    EMAIL_QUEUE,
    async (job) => {
      const { to, subject, text, html } = job.data;
      await ctx.mail.send({ to, subject, text, html, idempotencyKey: job.id });
      ctx.logger.info({ queue: EMAIL_QUEUE, jobId: job.id, provider: ctx.mail.name }, 'e-mail sent');
    },
    { concurrency: 5 },
  );
  return {
    async stop() {
      await Promise.all([sms.stop(), email.stop()]);
    },
  };
}
