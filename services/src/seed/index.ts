/**
 * The demo data: accounts, agencies, listings, wallets, tariffs and bookings made through the same
 * commands a user runs, and the demo photos. What the app, the start-up and the tests use of it is
 * exported here.
 */
export { DEMO_PHONES, seedDemoData } from './seed';
export { demoImageRoute } from './demoImages';
