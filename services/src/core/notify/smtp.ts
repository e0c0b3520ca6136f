import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, MailProvider } from './port';

/** Production e-mail through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.ru:465). */
export class SmtpMail implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send({ to, subject, text, html, idempotencyKey }: EmailMessage): Promise<void> {
    // a stable Message-ID lets receiving servers drop a copy sent again by a retried job
    await this.transport.sendMail({
      from: this.from,
      to,
      subject,
      text,
      html,
      messageId: `<${idempotencyKey}@estate.marketplace>`,
    });
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
