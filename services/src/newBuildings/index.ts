/**
 * The new-builds slice: residential complexes (`residential-complex-<id>`), their filters and the
 * demo complexes. What other slices and the app may use of it is exported here; nothing else of the
 * folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { newBuildingRoutes } from './api';

export { newBuildingRoutes } from './api';
export const newBuildingsSlice: SliceManifest = {
  name: 'newBuildings',
  routes: () => [{ at: 'api', routes: newBuildingRoutes }],
};
/** registering and updating a complex (the seed, the publications' deadline tests) */
export { runComplexCommand } from './commands';
export { DEMO_COMPLEXES } from './demoComplexes';
export { seedResidentialComplexes } from './seed';
