import { until } from '@estate/events/testing';
import type { AppContext } from '../src/core/context';
import { IMAGES_QUEUE } from '../src/media';

/** Every upload queued by the reactor and finished by the images worker, and the read models told. */
export async function photosMade(ctx: AppContext) {
  await ctx.reactors.whenCaughtUp();
  await until(async () => {
    const counts = await ctx.jobs.counts(IMAGES_QUEUE);
    return counts.waiting + counts.active + counts.delayed === 0;
  });
  await ctx.projections.whenCaughtUp();
}
