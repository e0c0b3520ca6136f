import { z } from 'zod';

/**
 * The answers of the development outbox (`/api/dev/sms`, `/api/dev/email`, never in production), as
 * zod schemas. Pure zod: the site's type check reads this file.
 */

/** A message recorded instead of sent: an SMS has no subject, a letter may have an HTML body. */
export const outboxMessageDto = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string().nullish(),
  text: z.string(),
  html: z.string().optional(),
  sentAt: z.string(),
});
export type OutboxMessageDto = z.infer<typeof outboxMessageDto>;

/** Newest first, at most 50. */
export const outboxAnswer = z.object({ data: z.array(outboxMessageDto) });
