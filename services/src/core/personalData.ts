import { join } from 'node:path';
import {
  PersonalDataEventStore,
  SqlitePersonalKeyStore,
  type EventStore,
  type PersonalKeyStore,
} from '@estate/events';
import type { Config } from './config';

/**
 * Crypto-shredding as the slices use it (events/src/personal/store.ts does the work): the personal
 * fields of every event are encrypted with their person's key in the log; forgetting the keys
 * erases the person everywhere the log's data goes, while the events stay.
 */
export type PersonalData = {
  /** the id as stored: a phone's `phone-7…` becomes `phone-h<HMAC>`, other ids stay as they are */
  pseudonym(id: string): Promise<string>;
  /** forgets the subjects' keys for good (idempotent); their fields read as «Пользователь удалён» from then on */
  forget(subjects: string[]): Promise<void>;
  /** the log as stored (ciphertext, pseudonymous stream ids): for copies that leave the process, such as the bus */
  stored: EventStore;
  /**
   * What this process does once a person's keys are forgotten (where the read models are built: rebuild
   * them, so nothing decrypted earlier stays; a snapshot of them is to be written again too)
   */
  afterErasure: (() => Promise<void>)[];
};

/**
 * Wraps the configured event store. Embedded, the keys live in their own SQLite file under DATA_DIR
 * (`keys.sqlite`, never beside the log in a backup of it alone); with MONGO_URL, in MongoDB, so that
 * the api, the projector and the worker read the same keys (each role's DATA_DIR is its own).
 */
export async function withPersonalData(config: Config, configured: EventStore) {
  const keys: PersonalKeyStore = config.MONGO_URL
    ? await (
        await import('@estate/events/personal/mongoKeyStore')
      ).MongoPersonalKeyStore.connect(config.MONGO_URL, config.MONGO_DB)
    : new SqlitePersonalKeyStore(join(config.dataDir, 'keys.sqlite'));
  const eventStore = new PersonalDataEventStore(configured, keys);
  const personalData: PersonalData = {
    pseudonym: (id) => eventStore.pseudonym(id),
    forget: (subjects) => eventStore.forget(subjects),
    stored: configured,
    afterErasure: [],
  };
  return { eventStore, personalData };
}
