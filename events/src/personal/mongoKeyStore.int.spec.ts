import { describeWhenReachable } from '../testing';
import { personalKeyStoreContract } from './keyStoreContract';
import { MongoPersonalKeyStore } from './mongoKeyStore';

// Here: the mongo-java-server stand-in (deploy/mongo/standin.sh); on a user's machine, a real MongoDB.
const url = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';

describeWhenReachable('personal key store: mongodb', url, () => {
  personalKeyStoreContract(`mongodb (${url})`, () =>
    MongoPersonalKeyStore.connect(url, 'estate_contract', 'personalKeysContract'),
  );

  it('gives two processes racing for a new subject the same key', async () => {
    const [a, b] = await Promise.all([
      MongoPersonalKeyStore.connect(url, 'estate_contract', 'personalKeysContract'),
      MongoPersonalKeyStore.connect(url, 'estate_contract', 'personalKeysContract'),
    ]);
    const subject = `user-race-${Math.random().toString(36).slice(2)}`;
    const [first, second] = await Promise.all([a.keyFor(subject), b.keyFor(subject)]);
    expect(second).toEqual(first);
    await Promise.all([a.close(), b.close()]);
  });
});
