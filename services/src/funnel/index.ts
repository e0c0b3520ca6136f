/**
 * The funnel slice (issue 19, item 3): the exact funnel of a listing and of an agency, and the
 * promotion's return, read from the funnel read model (projections/src/funnel). What the app may
 * use of it is exported here.
 */
import type { SliceManifest } from '../core/slice';
import { funnelRoutes } from './api';

export const funnelSlice: SliceManifest = {
  name: 'funnel',
  routes: () => [{ at: 'api', routes: funnelRoutes }],
};
