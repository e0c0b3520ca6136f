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
 * Wraps the configured event store. The keys live where the log lives: with a log in DATA_DIR (the
 * SQLite file), in their own SQLite file beside it (`keys.sqlite`, never inside the log, so a copy
 * of the log alone carries no key); with the log in KurrentDB and the read models in MongoDB (the
 * split roles, each with a DATA_DIR of its own), in MongoDB, so that every role reads the same keys.
 */
export async function withPersonalData(config: Config, configured: EventStore) {
  const keys: PersonalKeyStore =
    config.EVENTSTORE_URL && config.MONGO_URL
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
