import { randomUUID } from 'node:crypto';
import {
  countInteractions,
  foldFunnelInteractions,
  FUNNEL_DAYS,
  funnelDayIndexes,
  interaction,
  INTERACTION_QUOTAS,
  interactionQuotaIndexes,
  INTERACTIONS_TOPIC,
  interactionStatsIndexes,
  INTERACTION_STATS,
  OPENED_PUBLICATIONS,
  openedPublicationIndexes,
  recordOpenings,
  type Interaction,
} from '@estate/projections';
import type { AppContext } from '../core/context';

/**
 * Feeds the interactions topic into the statistics read model. Embedded read models live in memory,
 * so there the consumer reads the whole topic again at every start (a fresh group); with MongoDB the
 * group resumes after its committed offset. `whenCaughtUp` resolves once everything the topic held
 * when it was asked has been handled (the start waits on it for the embedded read models, as on
 * the projections, and the demo's seed for its history).
 */
export async function startStatisticsConsumer(ctx: AppContext) {
  for (const index of interactionStatsIndexes)
    await ctx.readStore.collection(INTERACTION_STATS).createIndex(index);
  for (const index of openedPublicationIndexes)
    await ctx.readStore.collection(OPENED_PUBLICATIONS).createIndex(index);
  for (const index of interactionQuotaIndexes)
    await ctx.readStore.collection(INTERACTION_QUOTAS).createIndex(index);
  for (const index of funnelDayIndexes) await ctx.readStore.collection(FUNNEL_DAYS).createIndex(index);
  const group = ctx.readStore.name === 'memory' ? `statistics-${randomUUID()}` : 'statistics';
  /** the newest offset handled, and who waits for one */
  let handled = -1;
  const waiting: { offset: number; resolve: () => void }[] = [];
  const subscription = await ctx.bus.subscribe(
    group,
    INTERACTIONS_TOPIC,
    async (batch) => {
      const valid = batch.flatMap((m) => {
        const parsed = interaction.safeParse(m.value);
        if (!parsed.success) ctx.logger.warn({ offset: m.offset }, 'malformed interaction skipped');
        return parsed.success ? [parsed.data] : [];
      });
      const accepted: Interaction[] = [];
      await countInteractions(ctx.readStore, valid, undefined, (i) => accepted.push(i));
      await recordOpenings(ctx.readStore, valid);
      // the exact funnel (issue 19): the viewers of what counted, by listing and Moscow day
      await foldFunnelInteractions(ctx.readStore, accepted);
      handled = Math.max(handled, batch[batch.length - 1].offset);
      for (const waiter of waiting.filter((w) => w.offset <= handled)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    {
      maxBatch: 1000,
      onError: (error) => ctx.logger.error({ err: error }, 'statistics consumer failed; retrying the batch'),
    },
  );
  return {
    stop: () => subscription.stop(),
    async whenCaughtUp(): Promise<void> {
      const offset = await ctx.bus.lastOffset(INTERACTIONS_TOPIC);
      if (offset <= handled) return;
      await new Promise<void>((resolve) => waiting.push({ offset, resolve }));
    },
  };
}
