/**
 * The demo data: accounts, agencies, listings, wallets, tariffs and bookings made through the same
 * commands a user runs, and the demo photos. What the app, the start-up and the tests use of it is
 * exported here.
 */
import type { SliceManifest } from '../core/slice';
import { demoImageRoute } from './demoImages';
import { seedDemoData } from './seed';

export { DEMO_PHONES, seedDemoData } from './seed';

/**
 * The demo as a whole: the seed calls each slice's demo function (`seedDemoBookings`, …) in the
 * order the data needs (accounts, agencies and listings first), so it is one slice's seeding.
 */
export const seedSlice: SliceManifest = {
  name: 'seed',
  // the demo photos are served outside /api (beside the stored files), and belong in the document
  routes: () => [{ at: 'outside-api', routes: [demoImageRoute] }],
  seed: (ctx) => seedDemoData(ctx),
};
