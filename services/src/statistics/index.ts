/**
 * The statistics slice: card views, listing openings and phone reveals, counted from the
 * interactions topic into their read model (the consumer applies the counting limits), the
 * server-issued visitor id they count for, and the figures the listing page and the agency
 * dashboard show. What other slices and the app may use of it is exported here.
 */
import type { SliceManifest } from '../core/slice';
import { statisticsRoutes } from './api';
import { startStatisticsConsumer } from './consumer';
import { readVisitor } from './visitor';

/** who is looking, and where an opening came from */
export { viewerOf, recordOpening, originOfAddress } from './visitor';
/** the interactions a person's actions record, as the routes and the demo's history record them */
export { interactionOf, publishInteractions } from './interactions';

export const statisticsSlice: SliceManifest = {
  name: 'statistics',
  routes: (ctx) => [
    // the visitor id (the `visitor` cookie), read on every API call
    { at: 'api-guard', handler: readVisitor(ctx) },
    { at: 'api', routes: statisticsRoutes },
  ],
  /** the consumer of the interactions topic: how far it is, is how far the statistics are */
  async start(ctx) {
    const consumer = await startStatisticsConsumer(ctx);
    ctx.interactions = consumer;
    return consumer;
  },
};
