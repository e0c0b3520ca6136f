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
 * group resumes after its committed offset.
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
  return ctx.bus.subscribe(
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
    },
    {
      maxBatch: 1000,
      onError: (error) => ctx.logger.error({ err: error }, 'statistics consumer failed; retrying the batch'),
    },
  );
}
