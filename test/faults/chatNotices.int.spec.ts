import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SqliteEventStore } from '@estate/events';
import { closeContext } from '../../services/src/bootstrap';
import { SqliteJobQueue } from '../../services/src/core/jobs/sqlite';
import { EMAIL_QUEUE, SMS_QUEUE } from '../../services/src/notifications';
import { settled } from '../../services/test/settled';
import { startTestApp } from '../support/server';
import { RecordingMail, RecordingSms } from '../../services/test/recordingProviders';

/**
 * Issue 15, item 4: the absent member's notice follows the message even when the process dies
 * between the two. A child process records a visitor's first message and is killed (SIGKILL) after
 * the append and before any reaction; the process started again on the same data folder tells the
 * listing's author once by SMS and e-mail, and a further restart tells nothing more.
 */
const root = resolve(__dirname, '../..');
const SECRET = 'the-same-server-secret-in-every-process-0123456789';
const HOST_PHONE = '79550000899';
const HOST_EMAIL = 'host-chatfault@example.ru';
const VISITOR_PHONE = '79160000899';

function appendThenDie(dataDir: string): Promise<{ chatId: string; signal: NodeJS.Signals | null }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/faults/chatAppendThenDie.ts'], {
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
        VISITOR_PHONE,
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
      done({ ...(JSON.parse(line) as { chatId: string }), signal });
    });
  });
}

describe('a chat notice across a killed process', () => {
  let dataDir: string;
  const sms = new RecordingSms();
  const mail = new RecordingMail();
  const start = () =>
    startTestApp({ dataDir, seed: false, env: { VISITOR_SECRET: SECRET }, overrides: { sms, mail } });
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-chat-fault-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('tells the absent author exactly once after a kill between the append and any reaction', async () => {
    const { chatId, signal } = await appendThenDie(dataDir);
    expect(signal).toBe('SIGKILL');

    // the process died after the append and before any reaction: nothing queued
    const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    expect((await log.readAll(0, 10_000)).map((e) => e.type)).toEqual(
      expect.arrayContaining(['ChatStarted', 'ChatMessagePosted']),
    );
    await log.close();
    const jobs = new SqliteJobQueue(join(dataDir, 'jobs.sqlite'));
    for (const queue of [SMS_QUEUE, EMAIL_QUEUE]) {
      const counts = await jobs.counts(queue);
      expect(counts.waiting + counts.active + counts.delayed + counts.completed).toBe(0);
    }
    await jobs.close();

    const expectOnce = () => {
      const texts = sms.textsTo(HOST_PHONE).filter((t) => t.startsWith('Новое сообщение'));
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain(`/chat?chatId=${chatId}`);
      expect(mail.subjectsTo(HOST_EMAIL)).toEqual(['Новое сообщение об объявлении «Объявление loft»']);
    };
    const restarted = await start();
    await settled(restarted);
    expectOnce();
    await closeContext(restarted.ctx);

    const again = await start();
    await settled(again);
    expectOnce();
    await closeContext(again.ctx);
  }, 60_000);
});
