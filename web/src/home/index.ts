/**
 * The home page's public face for other modules (server rendering): its queries and their prefetch.
 * The page itself (`./HomePage`) is loaded by the route on its first visit.
 */
export { bestDealsQuery, HOME_QUERIES, homePrefetch, magazineQuery, slidesQuery } from './queries';
export { HOME_DESCRIPTION, HOME_TITLE } from './title';
