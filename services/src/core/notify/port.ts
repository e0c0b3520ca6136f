/**
 * Provider ports for the messages users receive. Handlers run inside queue jobs (`sms`, `email`),
 * so a provider may see the same message twice after a crash: it is given an idempotency key.
 */
export type SmsMessage = { to: string; text: string; idempotencyKey: string };
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  idempotencyKey: string;
};

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface MailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
}
