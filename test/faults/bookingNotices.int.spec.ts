import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SqliteEventStore } from '@estate/events';
import { closeContext } from '../../services/src/bootstrap';
import { SqliteJobQueue } from '../../services/src/core/jobs/sqlite';
import { EMAIL_QUEUE, SMS_QUEUE } from '../../services/src/notifications';
import { bookingStream } from '../../services/src/bookings/booking';
import { chatStream } from '../../services/src/chats';
import { guestPagePath } from '../../services/src/bookings/guestLinks';
import { settled } from '../../services/test/settled';
import { startTestApp, type TestApp } from '../support/server';
import { RecordingSms, RecordingMail } from '../../services/test/recordingProviders';

/**
 * Issue 13: a notification follows its fact even when the process dies between the two. A child
 * process records booking facts and is killed (SIGKILL) after the appends and before any reaction;
 * the process started again on the same data folder sends each SMS, e-mail and chat message
 * exactly once, and a further restart sends nothing more.
 */
const root = resolve(__dirname, '../..');
const SECRET = 'the-same-server-secret-in-every-process-0123456789';
const HOST_PHONE = '79550000888';
const HOST_EMAIL = 'host-fault@example.ru';
const GUEST_PHONE = '79160000888';
const GUEST_EMAIL = 'guest-fault@example.ru';

type Outcome = { requestId: string; guestKey: string };
type Recorded = { accepted: Outcome; rejected: Outcome; cancelled: Outcome };

/** Runs the child to its death; what it recorded, and the signal that ended it. */
function appendThenDie(dataDir: string): Promise<{ recorded: Recorded; signal: NodeJS.Signals | null }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/faults/bookingAppendThenDie.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        ROLE: 'all',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        VISITOR_SECRET: SECRET,
        HOST_PHONE,
        HOST_EMAIL,
        GUEST_PHONE,
        GUEST_EMAIL,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', fail);
    child.on('exit', (_code, signal) => {
      const line = out.trim().split('\n').at(-1);
      if (!line?.startsWith('{')) return fail(new Error(`the child recorded nothing: ${err}`));
      done({ recorded: JSON.parse(line) as Recorded, signal });
    });
  });
}

describe('booking notifications across a killed process', () => {
  let dataDir: string;
  const sms = new RecordingSms();
  const mail = new RecordingMail();
  const start = () =>
    startTestApp({ dataDir, seed: false, env: { VISITOR_SECRET: SECRET }, overrides: { sms, mail } });
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-booking-fault-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends each one exactly once after a kill between the appends and any reaction', async () => {
    const { recorded, signal } = await appendThenDie(dataDir);
    expect(signal).toBe('SIGKILL');
    const { accepted, rejected, cancelled } = recorded;

    const expectEachOnce = async (t: TestApp) => {
      expect(sms.textsTo(HOST_PHONE)).toHaveLength(3);
      expect(mail.subjectsTo(HOST_EMAIL)).toEqual(Array(3).fill('Новая заявка на бронирование'));
      const guest = sms.textsTo(GUEST_PHONE);
      for (const { requestId, guestKey } of [accepted, rejected, cancelled])
        expect(guest.filter((text) => text.includes(guestPagePath(requestId, guestKey)))).toHaveLength(1);
      expect(guest.filter((text) => /^Бронирование с .* подтверждено\.$/.test(text))).toHaveLength(1);
      expect(guest.filter((text) => text === 'К сожалению, заявка отклонена: Ремонт')).toHaveLength(1);
      expect(guest).toHaveLength(5);
      expect(mail.subjectsTo(GUEST_EMAIL)).toEqual([
        'Бронирование подтверждено',
        'Заявка на бронирование отклонена',
      ]);
      const chat = async (requestId: string) => {
        const [requested] = await t.ctx.eventStore.readStream(bookingStream(requestId));
        const stream = chatStream((requested.data as { chatId: string }).chatId);
        return (await t.ctx.eventStore.readStream(stream))
          .filter((e) => e.type === 'ChatMessagePosted')
          .map((e) => (e.data as { kind: string }).kind);
      };
      expect(await chat(accepted.requestId)).toEqual(['booking-sent', 'booking-accepted']);
      expect(await chat(rejected.requestId)).toEqual(['booking-sent', 'booking-rejected']);
      expect(await chat(cancelled.requestId)).toEqual(['booking-sent', 'booking-canceled']);
    };

    // the process died after the appends and before any reaction: no chat message, no SMS or e-mail queued
    const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    const types = (await log.readAll(0, 10_000)).map((e) => e.type);
    await log.close();
    expect(types).toEqual(
      expect.arrayContaining(['BookingRequested', 'BookingAccepted', 'BookingCancelled']),
    );
    expect(types).not.toContain('ChatMessagePosted');
    const jobs = new SqliteJobQueue(join(dataDir, 'jobs.sqlite'));
    for (const queue of [SMS_QUEUE, EMAIL_QUEUE]) {
      const counts = await jobs.counts(queue);
      expect(counts.waiting + counts.active + counts.delayed + counts.completed).toBe(0);
    }
    await jobs.close();
    const restarted = await start();
    await settled(restarted);
    await expectEachOnce(restarted);
    await closeContext(restarted.ctx);

    const again = await start();
    await settled(again);
    await expectEachOnce(again);
    await closeContext(again.ctx);
  });
});
