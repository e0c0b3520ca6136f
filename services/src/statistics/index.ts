/**
 * The statistics slice: card views, listing openings and phone reveals, counted from the
 * interactions topic into their read model (the consumer applies the counting limits), the
 * server-issued visitor id they count for, and the figures the listing page and the agency
 * dashboard show. What other slices and the app may use of it is exported here.
 */
export { statisticsRoutes } from './api';
export { startStatisticsConsumer } from './consumer';
/** the visitor id (the `visitor` cookie), read on every API call, and who is looking */
export { readVisitor, viewerOf, recordOpening, originOfAddress } from './visitor';
/** the interactions a person's actions record, as the routes and the demo's history record them */
export { interactionOf, publishInteractions } from './interactions';
