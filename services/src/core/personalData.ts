import { join } from 'node:path';
import { PersonalDataEventStore, SqlitePersonalKeyStore, type EventStore } from '@estate/events';
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
 * Wraps the configured event store. The keys live in their own SQLite file under DATA_DIR
 * (`keys.sqlite`, never beside the log in a backup of it alone); a networked key store for the
 * production roles is the port's next adapter (events/src/personal/keyStore.ts).
 */
export function withPersonalData(config: Config, configured: EventStore) {
  const eventStore = new PersonalDataEventStore(
    configured,
    new SqlitePersonalKeyStore(join(config.dataDir, 'keys.sqlite')),
  );
  const personalData: PersonalData = {
    pseudonym: (id) => eventStore.pseudonym(id),
    forget: (subjects) => eventStore.forget(subjects),
    stored: configured,
    afterErasure: [],
  };
  return { eventStore, personalData };
}
