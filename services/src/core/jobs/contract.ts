import { randomUUID } from 'node:crypto';
import { until } from '@estate/events/testing';
import type { Job, JobQueue } from './port';


/** The behaviour every job-queue adapter must show; queue names are unique per test. */
export function jobQueueContract(adapterName: string, makeQueue: () => Promise<JobQueue>) {
  describe(`job queue contract: ${adapterName}`, () => {
    let jobs: JobQueue;
    beforeEach(async () => {
      jobs = await makeQueue();
    });
    afterEach(async () => {
      await jobs.close();
    });
    const queue = () => `q-${randomUUID()}`;

    it('processes a job once with its data', async () => {
      const q = queue();
      const seen: Job[] = [];
      const worker = await jobs.process(q, async (job) => void seen.push(job));
      const id = await jobs.add(q, 'send-sms', { phone: '79990000001', text: 'Код: 1234' });
      await until(() => seen.length === 1);
      await new Promise((r) => setTimeout(r, 50));
      await worker.stop();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id, queue: q, name: 'send-sms', data: { phone: '79990000001', text: 'Код: 1234' }, attemptsMade: 1 });
      expect(await jobs.counts(q)).toMatchObject({ completed: 1, failed: 0, waiting: 0, active: 0 });
    });

    it('retries with back-off and completes a job that succeeds on its third attempt', async () => {
      const q = queue();
      const attempts: number[] = [];
      const worker = await jobs.process(q, async (job) => {
        attempts.push(job.attemptsMade);
        if (job.attemptsMade < 3) throw new Error('gateway timeout');
      });
      await jobs.add(q, 'pay', { paymentId: 'p1' }, { attempts: 3, backoffMs: 5 });
      await until(async () => (await jobs.counts(q)).completed === 1);
      await worker.stop();
      expect(attempts).toEqual([1, 2, 3]);
      expect(await jobs.deadLetters(q)).toEqual([]);
    });

    it('keeps a job that failed every attempt as a dead letter with its error, and retries it on demand', async () => {
      const q = queue();
      let healthy = false;
      const worker = await jobs.process(q, async () => {
        if (!healthy) throw new Error('SMS provider refused: 503');
      });
      const id = await jobs.add(q, 'send-sms', { phone: '79990000001' }, { attempts: 3, backoffMs: 5 });
      await until(async () => (await jobs.deadLetters(q)).length === 1);
      const [dead] = await jobs.deadLetters(q);
      expect(dead).toMatchObject({ id, name: 'send-sms', attemptsMade: 3, failedReason: 'SMS provider refused: 503', data: { phone: '79990000001' } });
      expect((await jobs.counts(q)).failed).toBe(1);
      healthy = true;
      await jobs.retryDead(q, id);
      await until(async () => (await jobs.counts(q)).completed === 1);
      await worker.stop();
      expect(await jobs.deadLetters(q)).toEqual([]);
    });

    it('ignores a second add with the same job id while the first is pending', async () => {
      const q = queue();
      await jobs.add(q, 'pay', { n: 1 }, { jobId: 'payment-42' });
      await jobs.add(q, 'pay', { n: 2 }, { jobId: 'payment-42' });
      const seen: unknown[] = [];
      const worker = await jobs.process(q, async (job) => void seen.push(job.data));
      await until(() => seen.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      await worker.stop();
      expect(seen).toEqual([{ n: 1 }]);
    });

    it('never runs more handlers at once than its concurrency', async () => {
      const q = queue();
      let running = 0;
      let peak = 0;
      let done = 0;
      const worker = await jobs.process(q, async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
        done++;
      }, { concurrency: 3 });
      for (let i = 0; i < 12; i++) await jobs.add(q, 'email', { i });
      await until(() => done === 12);
      await worker.stop();
      expect(peak).toBeLessThanOrEqual(3);
      expect(peak).toBeGreaterThan(1);
    });

    it('holds a delayed job back until its time', async () => {
      const q = queue();
      const seen: number[] = [];
      const worker = await jobs.process(q, async () => void seen.push(Date.now()));
      const added = Date.now();
      await jobs.add(q, 'charge-day', {}, { delayMs: 300 });
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([]);
      await until(() => seen.length === 1);
      await worker.stop();
      expect(seen[0] - added).toBeGreaterThanOrEqual(250);
    });

    it('lets stop() wait for a running handler to finish', async () => {
      const q = queue();
      let finished = false;
      let started = false;
      const worker = await jobs.process(q, async () => {
        started = true;
        await new Promise((r) => setTimeout(r, 100));
        finished = true;
      });
      await jobs.add(q, 'slow', {});
      await until(() => started);
      await worker.stop();
      expect(finished).toBe(true);
    });
  });
}
