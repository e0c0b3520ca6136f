import { SAVED_SEARCHES, type SavedSearchDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { moscowDate, moscowHour, moscowWeek } from './links';
import { type DigestPeriod, handleSavedSearches } from './savedSearch';

export const DIGEST_QUEUE = 'saved-search-digests';
/** digests go out from 09:00 Moscow time: a daily one each day, a weekly one from Monday */
export const DIGEST_HOUR = 9;
const EVERY_MS = 15 * 60_000;

/**
 * One digest per user and period: the users with matches waiting for a daily (weekly) digest are
 * found in the saved searches' read model, and each is asked for the period's digest on their
 * stream, whose decider sends each period once (a second run, or a second worker, records nothing).
 */
export async function sendDigests(ctx: AppContext, now: Date = ctx.clock()) {
  const sent = { daily: 0, weekly: 0 };
  const today = moscowDate(now);
  const afterHour = moscowHour(now) >= DIGEST_HOUR;
  const periods: [DigestPeriod, string][] = [];
  if (afterHour) periods.push(['daily', today]);
  // the week's digest from Monday 09:00 on (a worker down on Monday sends it later that week)
  if (afterHour || moscowWeek(now) !== today) periods.push(['weekly', moscowWeek(now)]);
  for (const [period, periodKey] of periods) {
    const waiting = await ctx.readStore
      .collection<SavedSearchDocument>(SAVED_SEARCHES)
      .find(
        { 'alerts.frequency': period, paused: false, deleted: false, pending: { $gt: 0 } },
        { projection: { userId: 1 } },
      );
    for (const userId of new Set(waiting.map((doc) => doc.userId))) {
      const result = await handleSavedSearches(
        ctx.eventStore,
        userId,
        { type: 'SendDigest', userId, period, periodKey, today },
        { actor: 'saved-searches-digests' },
      );
      sent[period] += result.events.length;
    }
  }
  return sent;
}

/** The digests' periodic run in the worker: every 15 minutes, one job per quarter of an hour. */
export async function startDigestWorker(ctx: AppContext) {
  const schedule = (at: number) =>
    ctx.jobs.add(
      DIGEST_QUEUE,
      'run',
      {},
      {
        jobId: `digests-${new Date(at).toISOString().slice(0, 16)}`,
        delayMs: Math.max(0, at - Date.now()),
        attempts: 3,
      },
    );
  const processor = await ctx.jobs.process(DIGEST_QUEUE, async () => {
    const result = await sendDigests(ctx);
    if (result.daily + result.weekly > 0) ctx.logger.info(result, 'saved search digests sent');
    await schedule(Math.ceil((Date.now() + 1) / EVERY_MS) * EVERY_MS);
  });
  await schedule(Date.now());
  return processor;
}
