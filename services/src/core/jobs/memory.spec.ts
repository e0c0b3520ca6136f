import { until } from '@estate/events/testing';
import { jobQueueContract } from './contract';
import { InProcessJobQueue } from './memory';

jobQueueContract('in-process', async () => new InProcessJobQueue());

describe('in-process job queue specifics', () => {
  it('lets a completed job id be used again once it has aged out', async () => {
    const jobs = new InProcessJobQueue({ keepCompletedMs: 50 });
    const seen: unknown[] = [];
    const worker = await jobs.process('q', async (job) => void seen.push(job.data));
    await jobs.add('q', 'pay', { n: 1 }, { jobId: 'payment-1' });
    await until(() => seen.length === 1);
    await new Promise((r) => setTimeout(r, 80));
    expect((await jobs.counts('q')).completed).toBe(0);
    await jobs.add('q', 'pay', { n: 2 }, { jobId: 'payment-1' });
    await until(() => seen.length === 2);
    await worker.stop();
    await jobs.close();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('uses its default attempts and back-off for jobs that name none', async () => {
    const jobs = new InProcessJobQueue({ attempts: 2, backoffMs: 1 });
    const worker = await jobs.process('q', async () => {
      throw new Error('down');
    });
    await jobs.add('q', 'sms', {});
    await until(async () => (await jobs.deadLetters('q')).length === 1);
    expect((await jobs.deadLetters('q'))[0].attemptsMade).toBe(2);
    await worker.stop();
    await jobs.close();
  });

  it('hands each handler its own copy of the data, so a retry sees what was added', async () => {
    const jobs = new InProcessJobQueue({ backoffMs: 1 });
    const seen: number[] = [];
    const worker = await jobs.process<{ amount: number }>('q', async (job) => {
      seen.push(job.data.amount);
      job.data.amount = 0;
      if (job.attemptsMade === 1) throw new Error('retry me');
    });
    await jobs.add('q', 'pay', { amount: 500 });
    await until(() => seen.length === 2);
    await worker.stop();
    await jobs.close();
    expect(seen).toEqual([500, 500]);
  });

  it('shares a queue between two processors, each within its own concurrency', async () => {
    const jobs = new InProcessJobQueue();
    let running = 0;
    let peak = 0;
    let done = 0;
    const handler = async () => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      done++;
    };
    for (let i = 0; i < 10; i++) await jobs.add('q', 'email', { i });
    const a = await jobs.process('q', handler, { concurrency: 2 });
    const b = await jobs.process('q', handler, { concurrency: 1 });
    await until(() => done === 10);
    await Promise.all([a.stop(), b.stop()]);
    await jobs.close();
    expect(peak).toBeLessThanOrEqual(3);
  });

  it('refuses new jobs once closed and leaves no timer behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const jobs = new InProcessJobQueue();
    const before = timers();
    await jobs.add('q', 'later', {}, { delayMs: 60_000 });
    expect(timers()).toBe(before + 1);
    await jobs.close();
    expect(timers()).toBe(before);
    await expect(jobs.add('q', 'sms', {})).rejects.toThrow('job queue closed');
  });
});
