import type { ReadStore } from '@estate/projections';
import type { EmailMessage, MailProvider, SmsMessage, SmsProvider } from './port';

export const DEV_SMS = 'dev_sms';
export const DEV_EMAIL = 'dev_email';

export type OutboxDocument = {
  _id: string;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  sentAt: string;
};

/**
 * The development providers: every message is recorded in the read store (shared by the API and
 * the worker processes) instead of leaving the machine, and listed by `/api/dev/sms` and `/api/dev/email`.
 */
export class OutboxSms implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly store: ReadStore,
    private readonly now: () => Date = () => new Date(),
  ) {}
  async send({ to, text, idempotencyKey }: SmsMessage): Promise<void> {
    const doc: Omit<OutboxDocument, '_id'> = { to, text, sentAt: this.now().toISOString() };
    await this.store
      .collection<OutboxDocument>(DEV_SMS)
      .updateOne({ _id: idempotencyKey }, { $set: doc }, { upsert: true });
  }
}

export class OutboxMail implements MailProvider {
  readonly name = 'outbox';
  constructor(
    private readonly store: ReadStore,
    private readonly now: () => Date = () => new Date(),
  ) {}
  async send({ to, subject, text, html, idempotencyKey }: EmailMessage): Promise<void> {
    const doc: Omit<OutboxDocument, '_id'> = {
      to,
      subject,
      text,
      ...(html ? { html } : {}),
      sentAt: this.now().toISOString(),
    };
    await this.store
      .collection<OutboxDocument>(DEV_EMAIL)
      .updateOne({ _id: idempotencyKey }, { $set: doc }, { upsert: true });
  }
}

/** Newest first. */
export async function readOutbox(
  store: ReadStore,
  collection: typeof DEV_SMS | typeof DEV_EMAIL,
  to: string,
  limit = 50,
) {
  const docs = await store
    .collection<OutboxDocument>(collection)
    .find({ to }, { sort: { sentAt: -1 }, limit });
  return docs.map(({ _id, ...message }) => ({ id: _id, ...message }));
}
