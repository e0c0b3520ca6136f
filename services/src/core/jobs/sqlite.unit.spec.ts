import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@estate/events/testing';
import { jobQueueContract } from './contract';
import { SqliteJobQueue } from './sqlite';

const dirs: string[] = [];
const freshFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'estate-jobs-'));
  dirs.push(dir);
  return join(dir, 'jobs.sqlite');
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

jobQueueContract('sqlite', () => new SqliteJobQueue(freshFile()));

describe('SQLite job queue: durable', () => {
  it('keeps a job added before a restart and runs it after', async () => {
    const file = freshFile();
    const before = new SqliteJobQueue(file);
    await before.add(
      'sms',
      'send',
      { to: '79990000001', text: 'Заявка принята' },
      { jobId: 'booking-1:sms' },
    );
    await before.close();

    const after = new SqliteJobQueue(file);
    const seen: unknown[] = [];
    const worker = await after.process('sms', (job) => void seen.push(job.data));
    await until(() => seen.length === 1);
    await worker.stop();
    expect(seen).toEqual([{ to: '79990000001', text: 'Заявка принята' }]);
    // the id still blocks a second add after the restart: a redelivered event queues nothing
    await after.add('sms', 'send', { to: '79990000001', text: 'Заявка принята' }, { jobId: 'booking-1:sms' });
    expect(await after.counts('sms')).toMatchObject({ waiting: 0, completed: 1 });
    await after.close();
  });

  it('runs again a job that was running when its process died (at least once)', async () => {
    const file = freshFile();
    const crashed = new SqliteJobQueue(file);
    let started = false;
    await crashed.process('email', async () => {
      started = true;
      await new Promise(() => undefined); // the process dies here: the handler never settles
    });
    await crashed.add('email', 'send', { to: 'guest@example.ru' }, { jobId: 'mail-1' });
    await until(() => started);

    // a new process opens the same file while the first is gone
    const restarted = new SqliteJobQueue(file);
    const seen: string[] = [];
    const worker = await restarted.process('email', (job) => void seen.push(job.id));
    await until(() => seen.length === 1);
    await worker.stop();
    expect(seen).toEqual(['mail-1']);
    await restarted.close();
  });

  it('keeps a dead letter across a restart, to be retried', async () => {
    const file = freshFile();
    const first = new SqliteJobQueue(file);
    const worker = await first.process('payments', () => {
      throw new Error('provider down');
    });
    await first.add('payments', 'start', { paymentId: 'p1' }, { jobId: 'p1', attempts: 1 });
    await until(async () => (await first.deadLetters('payments')).length === 1);
    await worker.stop();
    await first.close();

    const second = new SqliteJobQueue(file);
    expect(await second.deadLetters('payments')).toMatchObject([
      { id: 'p1', failedReason: 'provider down', attemptsMade: 1 },
    ]);
    await second.close();
  });
});
