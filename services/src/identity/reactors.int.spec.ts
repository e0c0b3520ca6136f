import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@estate/events/testing';
import request from 'supertest';
import { closeContext } from '../bootstrap';
import type { EmailMessage } from '../core/notify/port';
import { SqliteCheckpointStore } from '../core/reactors/checkpoints';
import type { ReactorRunner } from '../core/reactors/reactor';
import { lastCode, startTestApp, type TestApp } from '../../test/testApp';
import { EMAIL_CONFIRMATION_REACTOR } from './reactors';
import { registerUser } from './registration';
import { hashToken, startSession } from './sessions';
import { userStream } from './user';
import { RecordingMail } from '../../test/recordingProviders';

const SECRET = 'the-same-server-secret-in-every-process-0123456789';
const linkToken = (letter: EmailMessage) =>
  decodeURIComponent(/\/confirmation-email\?token=(\S+)/.exec(letter.text)![1]);

describe('the e-mail confirmation letter follows the recorded link', () => {
  let dataDir: string;
  const mail = new RecordingMail();
  const start = (seed = false) =>
    startTestApp({ dataDir, seed, env: { VISITOR_SECRET: SECRET }, overrides: { mail } });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-identity-reactors-'));
    mail.sent.length = 0;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('mails one letter after a sign-up with an address, and the event holds only the hash of its token', async () => {
    const t = await start();
    const phone = '79123450001';
    await request(t.app)
      .post('/api/auth/registration')
      .send({ name: 'Анна', phone, email: 'anna@example.ru', 'g-recaptcha-response': 'x' })
      .expect(200);
    const signedUp = await request(t.app)
      .post('/api/auth/confirm-phone')
      .send({ phone, smsCode: await lastCode(t, phone) })
      .expect(200);
    await until(() => mail.to('anna@example.ru').length > 0);
    await t.ctx.reactors.whenCaughtUp();
    const [letter] = mail.to('anna@example.ru');
    expect(mail.to('anna@example.ru')).toHaveLength(1);
    expect(letter.subject).toBe('Подтвердите адрес электронной почты');

    const token = linkToken(letter);
    const profile = await request(t.app)
      .get('/api/profile')
      .set('Authorization', `Bearer ${signedUp.body.data.token}`)
      .expect(200);
    const events = await t.ctx.eventStore.readStream(userStream(profile.body.data.id));
    const recorded = events.find((e) => e.type === 'EmailConfirmationSent')!;
    expect((recorded.data as { tokenHash: string }).tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(events)).not.toContain(token.split('.')[1]);

    await request(t.app).post('/api/auth/confirm-email').send({ token }).expect(200);
    await closeContext(t.ctx);
  });

  it('is mailed exactly once when the process dies after the append and before the letter', async () => {
    const first = await start();
    await registerUser(first.ctx, {
      type: 'RegisterUser',
      userId: 'u-crash',
      name: 'Ольга',
      phone: '79123450002',
      email: null,
      role: 3,
      agencyId: null,
    });
    const { token: session } = await startSession(first.ctx, 'u-crash');
    // the process "dies" between the append and any reaction: the reactors stop, the request appends
    await (first.ctx.reactors as ReactorRunner).stop();
    const before = await first.ctx.eventStore.headPosition();
    await request(first.app)
      .post('/api/auth/change-email')
      .set('Authorization', `Bearer ${session}`)
      .send({ newEmail: 'olga@example.ru' })
      .expect(200);
    expect(mail.to('olga@example.ru')).toHaveLength(0);
    await closeContext(first.ctx);

    // the restarted process takes the reaction up from the reactor's checkpoint
    const second: TestApp = await start();
    await until(() => mail.to('olga@example.ru').length > 0);
    await second.ctx.reactors.whenCaughtUp();
    await closeContext(second.ctx);

    // delivered again from an older checkpoint (a crash before the checkpoint was saved): no second letter
    const checkpoints = new SqliteCheckpointStore(join(dataDir, 'reactors.sqlite'));
    await checkpoints.set(EMAIL_CONFIRMATION_REACTOR, before);
    await checkpoints.close();
    const third = await start();
    await third.ctx.reactors.whenCaughtUp();
    expect((await third.ctx.jobs.counts('email')).waiting).toBe(0);
    expect(mail.to('olga@example.ru')).toHaveLength(1);

    // the link of the letter mailed after the restart confirms the address
    await request(third.app)
      .post('/api/auth/confirm-email')
      .send({ token: linkToken(mail.to('olga@example.ru')[0]) })
      .expect(200);
    await closeContext(third.ctx);
  });
});
