import type { EmailMessage, MailProvider, SmsMessage, SmsProvider } from '../src/core/notify/port';

/**
 * The SMS and mail providers' ports, recording what they are asked to deliver. A test keeps one
 * across restarts of the app, so it sees every message the reactors sent, before and after a crash.
 */
export class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  readonly sent: SmsMessage[] = [];
  send(message: SmsMessage) {
    this.sent.push(message);
    return Promise.resolve();
  }
  to(phone: string) {
    return this.sent.filter((m) => m.to === phone);
  }
  textsTo(phone: string) {
    return this.to(phone).map((m) => m.text);
  }
}

export class RecordingMail implements MailProvider {
  readonly name = 'recording';
  readonly sent: EmailMessage[] = [];
  send(message: EmailMessage) {
    this.sent.push(message);
    return Promise.resolve();
  }
  to(address: string) {
    return this.sent.filter((m) => m.to === address);
  }
  subjectsTo(address: string) {
    return this.to(address).map((m) => m.subject);
  }
}
