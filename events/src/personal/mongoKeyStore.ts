import { randomBytes, randomUUID } from 'node:crypto';
import { Binary, MongoClient, MongoServerError, type Collection } from 'mongodb';
import { KEY_BYTES } from './cipher';
import type { PersonalKeyStore } from './keyStore';

const SECRET_SUBJECT = '~pseudonym-secret';
const DUPLICATE_KEY = 11000;

/** one document per subject: its current key (a forgotten subject has no document at all) */
type KeyDocument = { _id: string; keyId: string; key: Binary; createdAt: Date };

/**
 * The key store of the production roles: the api, the projector and the worker read and write the
 * same keys, in MongoDB beside the read models (its own collection, never in a copy of the log).
 * Forgetting deletes the subject's document; MongoDB reuses the freed space, and a backup taken
 * before the erasure must be handled as docs/operations.md says.
 */
export class MongoPersonalKeyStore implements PersonalKeyStore {
  readonly name = 'mongodb';

  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDocument>,
  ) {}

  static async connect(url: string, dbName: string, collection = 'personalKeys') {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
    const keys = client.db(dbName).collection<KeyDocument>(collection);
    await keys.createIndex({ keyId: 1 }, { unique: true });
    return new MongoPersonalKeyStore(client, keys);
  }

  async keyFor(subject: string) {
    const found = await this.keys.findOne({ _id: subject });
    if (found) return { keyId: found.keyId, key: Buffer.from(found.key.buffer) };
    const created = { keyId: randomUUID(), key: randomBytes(KEY_BYTES) };
    try {
      await this.keys.insertOne({
        _id: subject,
        keyId: created.keyId,
        key: new Binary(created.key),
        createdAt: new Date(),
      });
      return created;
    } catch (error) {
      // another process made the subject's key first: everyone uses that one
      if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
      const winner = await this.keys.findOne({ _id: subject });
      if (!winner) throw error;
      return { keyId: winner.keyId, key: Buffer.from(winner.key.buffer) };
    }
  }

  async keyById(keyId: string) {
    const found = await this.keys.findOne({ keyId });
    return found ? { subject: found._id, key: Buffer.from(found.key.buffer) } : null;
  }

  async forget(subject: string) {
    await this.keys.deleteOne({ _id: subject });
  }

  async pseudonymSecret() {
    return (await this.keyFor(SECRET_SUBJECT)).key;
  }

  close() {
    return this.client.close();
  }
}
