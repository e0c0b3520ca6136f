/**
 * The new-buildings pages' public face for other modules (server rendering): their queries and
 * prefetch functions `(queryClient, params, search)`. The pages themselves are loaded by their
 * routes on the first visit (main.tsx).
 */
export {
  complexListingsQuery,
  complexListQuery,
  complexPrefetch,
  complexPublicationPrefetch,
  complexQuery,
  newBuildingsPrefetch,
} from './queries';
export { NEW_BUILDINGS_TITLE } from './title';
