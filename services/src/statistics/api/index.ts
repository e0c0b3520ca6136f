import { agencyStatisticsRoutes } from './agencyStatistics';
import { countingRoutes } from './counting';
import { publicationViewsRoutes } from './publicationViews';

/**
 * Every statistics call, one declaration each (core/route.ts), by use case: what is counted (card
 * views, the visitor id, phone reveals), a listing's views on its page, the agency dashboard.
 */
export const statisticsRoutes = [...countingRoutes, ...publicationViewsRoutes, ...agencyStatisticsRoutes];
