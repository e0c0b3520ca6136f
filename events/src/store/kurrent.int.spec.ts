import { describeWhenReachable } from '../testing';
import { eventStoreContract } from './contract';
import { KurrentEventStore } from './kurrent';

// No KurrentDB server can run on the development machine (no package of it in the registries this
// machine reaches): set EVENTSTORE_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false) to run it. The one
// suite that CI may skip.
const url = process.env.EVENTSTORE_URL;
const endpoint = url
  ? `tcp://${new URL(url.replace(/^(kurrentdb|esdb)(\+discover)?:/, 'http:')).host}`
  : undefined;

describeWhenReachable(
  'event store contract: kurrentdb',
  endpoint,
  () => eventStoreContract(`kurrentdb (${url})`, () => new KurrentEventStore(url!)),
  { required: false },
);
