import { describeWhenReachable } from '@estate/events/testing';
import { readStoreContract } from './contract';
import { MongoReadStore } from './mongo';

// Here: the mongo-java-server stand-in (deploy/mongo/standin.sh); on a user's machine, a real MongoDB.
const url = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';

describeWhenReachable('read store contract: mongodb', url, () => {
  readStoreContract(`mongodb (${url})`, () => MongoReadStore.connect(url, 'estate_contract'));
});
