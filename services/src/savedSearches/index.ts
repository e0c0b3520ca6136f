/**
 * The saved searches slice (issue 19, part 1): a user's saved catalogue searches
 * (`saved-searches-<userId>`), the matcher that alerts them of new and cheaper listings through an
 * in-memory index, the daily and weekly digests, and the unsubscribe link. What other slices and
 * the app may use of it is exported here; nothing else of the folder is imported from outside.
 */
export { SAVED_SEARCH_ALERTS, SAVED_SEARCH_MATCHER } from './reactors';
export { sendDigests, DIGEST_QUEUE } from './digests';
export { savedSearchesDecider, savedSearchesStream, type SavedSearchCommand } from './savedSearch';
export { SearchIndex, type IndexedSearch } from './searchIndex';
export { queryOf, storedQueryOf, savedFilters } from './filters';
export { unsubscribeToken, unsubscribeUrl } from './links';
export { savedSearchDto, type SavedSearchDto } from './dto';
export { seedDemoSavedSearches } from './demo';

import type { SliceManifest } from '../core/slice';
import { savedSearchRoutes } from './api';
import { startDigestWorker } from './digests';
import { savedSearchReactors } from './reactors';

export const savedSearchesSlice: SliceManifest = {
  name: 'savedSearches',
  routes: () => [{ at: 'api', routes: savedSearchRoutes }],
  reactors: savedSearchReactors,
  /** the daily and weekly digests */
  start: startDigestWorker,
};
