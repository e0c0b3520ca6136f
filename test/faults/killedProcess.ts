import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SqliteEventStore } from '@estate/events';
import { closeContext } from '../../services/src/bootstrap';
import { SqliteJobQueue } from '../../services/src/core/jobs/sqlite';
import { EMAIL_QUEUE, SMS_QUEUE } from '../../services/src/notifications';
import { RecordingMail, RecordingSms } from '../../services/test/recordingProviders';
import { settled } from '../../services/test/settled';
import { startTestApp, type TestApp } from '../support/server';

/**
 * The scaffold of the notices' fault tests (a fact recorded, the process killed before any
 * reaction, the notices sent once by the process started again): the child, the data folder, what
 * the dead process left, and the restarts.
 */
const root = resolve(__dirname, '../..');
/** the server secret of every process on the folder (the visitors' ids, the guests' links) */
const SECRET = 'the-same-server-secret-in-every-process-0123456789';

/**
 * Runs a child script (test/faults/…, through tsx) on the data folder until it kills itself: the
 * JSON of its last line, and the signal that ended it.
 */
export function runUntilKilled<T>(
  script: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<{ recorded: T; signal: NodeJS.Signals | null }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        ROLE: 'all',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        VISITOR_SECRET: SECRET,
        ...env,
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
      done({ recorded: JSON.parse(line) as T, signal });
    });
  });
}

/** What a dead process left in the folder: the log's event types and the SMS and e-mail jobs queued. */
export async function leftBehind(dataDir: string): Promise<{ types: string[]; queuedNotices: number }> {
  const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  const types = (await log.readAll(0, 10_000)).map((e) => e.type);
  await log.close();
  const jobs = new SqliteJobQueue(join(dataDir, 'jobs.sqlite'));
  let queuedNotices = 0;
  for (const queue of [SMS_QUEUE, EMAIL_QUEUE]) {
    const counts = await jobs.counts(queue);
    queuedNotices += counts.waiting + counts.active + counts.delayed + counts.completed;
  }
  await jobs.close();
  return { types, queuedNotices };
}

/**
 * A fault test's data folder (made before, removed after the suite), its recording providers, and a
 * start of the app on it that runs to quiet (`settled`), checks, and closes.
 */
export function killedProcessSuite(prefix: string) {
  const suite = {
    dataDir: '',
    sms: new RecordingSms(),
    mail: new RecordingMail(),
    /** the app started again on the folder, run until nothing is left to react to, checked, closed */
    async restartAndCheck(check: (app: TestApp) => unknown) {
      const app = await startTestApp({
        dataDir: suite.dataDir,
        seed: false,
        env: { VISITOR_SECRET: SECRET },
        overrides: { sms: suite.sms, mail: suite.mail },
      });
      await settled(app);
      await check(app);
      await closeContext(app.ctx);
    },
  };
  beforeAll(() => {
    suite.dataDir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(suite.dataDir, { recursive: true, force: true }));
  return suite;
}
