/**
 * The saved searches slice (issue 19, part 1): a user's saved catalogue searches
 * (`saved-searches-<userId>`), the matcher that alerts them of new and cheaper listings through an
 * in-memory index, the daily and weekly digests, and the unsubscribe link. What other slices and
 * the app may use of it is exported here; nothing else of the folder is imported from outside.
 */
export { savedSearchRoutes } from './api';
export { savedSearchReactors, SAVED_SEARCH_ALERTS, SAVED_SEARCH_MATCHER } from './reactors';
export { sendDigests, startDigestWorker, DIGEST_QUEUE } from './digests';
export { savedSearchesDecider, savedSearchesStream, type SavedSearchCommand } from './savedSearch';
export { SearchIndex, type IndexedSearch } from './searchIndex';
export { queryOf, storedQueryOf, savedFilters } from './filters';
export { unsubscribeToken, unsubscribeUrl } from './links';
export { savedSearchDto, type SavedSearchDto } from './dto';
export { seedDemoSavedSearches } from './demo';
