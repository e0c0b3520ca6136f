/**
 * The history slice (issue 19, item 2): a listing's history of changes from its stream, and the
 * listing as it was at any moment, folded from its events by the catalogue's own projection (with
 * snapshots of long streams) and answered as the API answered it then, with a diff against today.
 * What the app may use of it is exported here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { historyRoutes } from './api';

export const historySlice: SliceManifest = {
  name: 'history',
  routes: () => [{ at: 'api', routes: historyRoutes }],
};
export { listingAsOf, readListing, SNAPSHOT_EVERY, LISTING_SNAPSHOTS } from './asOf';
