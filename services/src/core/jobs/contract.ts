import { randomUUID } from 'node:crypto';
import { until } from '@estate/events/testing';
import type { Job, JobQueue } from './port';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every job-queue adapter must show. Queue names are unique per test; back-offs are a
 * few ms; timings are only checked from below (a loaded machine is late, never early).
 */
export function jobQueueContract(adapterName: string, makeQueue: () => JobQueue | Promise<JobQueue>) {
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
      const worker = await jobs.process(q, (job) => void seen.push(job));
      const id = await jobs.add(q, 'send-sms', { phone: '79990000001', text: 'Код: 1234' });
      await until(() => seen.length === 1);
      await pause(50);
      await worker.stop();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({
        id,
        queue: q,
        name: 'send-sms',
        data: { phone: '79990000001', text: 'Код: 1234' },
        attemptsMade: 1,
      });
      expect(await jobs.counts(q)).toMatchObject({
        completed: 1,
        failed: 0,
        waiting: 0,
        active: 0,
        delayed: 0,
      });
    });

    it('retries with exponential back-off and completes a job that succeeds on its third attempt', async () => {
      const q = queue();
      const attempts: { n: number; at: number }[] = [];
      const worker = await jobs.process(q, (job) => {
        attempts.push({ n: job.attemptsMade, at: Date.now() });
        if (job.attemptsMade < 3) throw new Error('gateway timeout');
      });
      await jobs.add(q, 'pay', { paymentId: 'p1' }, { attempts: 3, backoffMs: 40 });
      await until(async () => (await jobs.counts(q)).completed === 1);
      await worker.stop();
      expect(attempts.map((a) => a.n)).toEqual([1, 2, 3]);
      // 40 ms then 80 ms (a little slack for clock granularity)
      expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(35);
      expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(75);
      expect(await jobs.deadLetters(q)).toEqual([]);
    });

    it('keeps a job that failed every attempt as a dead letter with its error, and retries it on demand', async () => {
      const q = queue();
      let healthy = false;
      const worker = await jobs.process(q, () => {
        if (!healthy) throw new Error('SMS provider refused: 503');
      });
      const id = await jobs.add(q, 'send-sms', { phone: '79990000001' }, { attempts: 3, backoffMs: 5 });
      await until(async () => (await jobs.deadLetters(q)).length === 1);
      const [dead] = await jobs.deadLetters(q);
      expect(dead).toMatchObject({
        id,
        name: 'send-sms',
        attemptsMade: 3,
        failedReason: 'SMS provider refused: 503',
        data: { phone: '79990000001' },
      });
      expect(Number.isNaN(Date.parse(dead.failedAt))).toBe(false);
      expect(await jobs.counts(q)).toMatchObject({ failed: 1, waiting: 0, active: 0, delayed: 0 });
      healthy = true;
      await jobs.retryDead(q, id);
      await until(async () => (await jobs.counts(q)).completed === 1);
      await worker.stop();
      expect(await jobs.deadLetters(q)).toEqual([]);
      expect((await jobs.counts(q)).failed).toBe(0);
    });

    it('gives a retried dead job fresh attempts under its original options', async () => {
      const q = queue();
      const attempts: number[] = [];
      const worker = await jobs.process(q, (job) => {
        attempts.push(job.attemptsMade);
        throw new Error('card declined');
      });
      const id = await jobs.add(q, 'pay', { paymentId: 'p2' }, { attempts: 2, backoffMs: 5 });
      await until(async () => (await jobs.deadLetters(q)).length === 1);
      await jobs.retryDead(q, id);
      await until(() => attempts.length === 4);
      await until(async () => (await jobs.deadLetters(q)).length === 1);
      await worker.stop();
      expect(attempts).toEqual([1, 2, 1, 2]);
      expect((await jobs.deadLetters(q))[0]).toMatchObject({
        id,
        attemptsMade: 2,
        failedReason: 'card declined',
      });
    });

    it('ignores a second add with the same job id while the first is pending', async () => {
      const q = queue();
      const first = await jobs.add(q, 'pay', { n: 1 }, { jobId: 'payment-42' });
      const second = await jobs.add(q, 'pay', { n: 2 }, { jobId: 'payment-42' });
      expect([first, second]).toEqual(['payment-42', 'payment-42']);
      expect((await jobs.counts(q)).waiting).toBe(1);
      const seen: unknown[] = [];
      const worker = await jobs.process(q, (job) => void seen.push(job.data));
      await until(() => seen.length >= 1);
      await pause(100);
      await worker.stop();
      expect(seen).toEqual([{ n: 1 }]);
    });

    it('keeps a job id with colons and percent signs as given, and dedupes on it', async () => {
      const q = queue();
      const id = 'digests-2026-11-27T03:00%3A';
      expect(await jobs.add(q, 'run', {}, { jobId: id })).toBe(id);
      expect(await jobs.add(q, 'run', {}, { jobId: id })).toBe(id);
      expect(await jobs.add(q, 'run', {}, { jobId: 'digests-2026-11-27T03::00' })).toBe(
        'digests-2026-11-27T03::00',
      );
      const seen: string[] = [];
      const worker = await jobs.process(q, (job) => void seen.push(job.id));
      await until(() => seen.length >= 2);
      await pause(100);
      await worker.stop();
      expect(seen.sort()).toEqual([id, 'digests-2026-11-27T03::00'].sort());
    });

    it('ignores a second add with the same job id after the first completed, or while it is dead', async () => {
      const q = queue();
      const seen: string[] = [];
      const worker = await jobs.process(q, (job) => {
        seen.push(job.id);
        if (job.name === 'refund') throw new Error('refund refused');
      });
      await jobs.add(q, 'pay', {}, { jobId: 'payment-7' });
      await jobs.add(q, 'refund', {}, { jobId: 'refund-7', attempts: 1 });
      await until(async () => (await jobs.counts(q)).completed === 1 && (await jobs.counts(q)).failed === 1);
      await jobs.add(q, 'pay', {}, { jobId: 'payment-7' });
      await jobs.add(q, 'refund', {}, { jobId: 'refund-7', attempts: 1 });
      await pause(150);
      await worker.stop();
      expect(seen.sort()).toEqual(['payment-7', 'refund-7']);
      expect(await jobs.counts(q)).toMatchObject({ waiting: 0, completed: 1, failed: 1 });
    });

    it('never runs more handlers at once than its concurrency', async () => {
      const q = queue();
      for (let i = 0; i < 12; i++) await jobs.add(q, 'email', { i });
      let running = 0;
      let peak = 0;
      let done = 0;
      const worker = await jobs.process(
        q,
        async () => {
          peak = Math.max(peak, ++running);
          await pause(20);
          running--;
          done++;
        },
        { concurrency: 3 },
      );
      await until(() => done === 12);
      await worker.stop();
      expect(peak).toBeLessThanOrEqual(3);
      expect(peak).toBeGreaterThan(1);
    });

    it('holds a delayed job back until its time', async () => {
      const q = queue();
      const seen: number[] = [];
      const worker = await jobs.process(q, () => void seen.push(Date.now()));
      const added = Date.now();
      await jobs.add(q, 'charge-day', {}, { delayMs: 300 });
      expect((await jobs.counts(q)).delayed).toBe(1);
      await until(() => seen.length === 1);
      await worker.stop();
      expect(seen[0] - added).toBeGreaterThanOrEqual(290);
    });

    it('keeps jobs added before any processor waiting, and its counts add up', async () => {
      const q = queue();
      for (let i = 0; i < 4; i++) await jobs.add(q, 'email', { i });
      for (let i = 0; i < 2; i++) await jobs.add(q, 'broken', { i }, { attempts: 1 });
      expect(await jobs.counts(q)).toEqual({ waiting: 6, active: 0, delayed: 0, completed: 0, failed: 0 });
      const worker = await jobs.process(
        q,
        (job) => {
          if (job.name === 'broken') throw new Error('template missing');
        },
        { concurrency: 2 },
      );
      await until(async () => {
        const c = await jobs.counts(q);
        return c.completed + c.failed === 6;
      });
      await worker.stop();
      expect(await jobs.counts(q)).toEqual({ waiting: 0, active: 0, delayed: 0, completed: 4, failed: 2 });
    });

    it('lets stop() wait for a running handler to finish', async () => {
      const q = queue();
      let finished = false;
      let started = false;
      const worker = await jobs.process(q, async () => {
        started = true;
        await pause(100);
        finished = true;
      });
      await jobs.add(q, 'slow', {});
      await until(() => started);
      await worker.stop();
      expect(finished).toBe(true);
    });

    it('takes no job after stop(): it waits for the next processor', async () => {
      const q = queue();
      const seen: string[] = [];
      const first = await jobs.process(q, (job) => void seen.push(`first:${job.name}`));
      await first.stop();
      await jobs.add(q, 'email', {});
      await pause(150);
      expect(seen).toEqual([]);
      expect((await jobs.counts(q)).waiting).toBe(1);
      const second = await jobs.process(q, (job) => void seen.push(`second:${job.name}`));
      await until(() => seen.length === 1);
      await second.stop();
      expect(seen).toEqual(['second:email']);
    });
  });
}
