/**
 * Where the per-person keys of crypto-shredding live, apart from the event log: forgetting a
 * person's keys makes every field encrypted with them unreadable, in the log, its copies and its
 * backups, while the events themselves stay (the log is never edited).
 *
 * A subject is whose data a key protects: `user-<id>` for an account, `phone-h<hmac>` for a phone
 * number not (yet) tied to an account. A subject may have several keys over time: one erased and
 * then used again (the same number registering anew) gets a new key, never the old one back.
 */
export interface PersonalKeyStore {
  readonly name: string;
  /** the subject's current key, created on first use */
  keyFor(subject: string): Promise<{ keyId: string; key: Buffer }>;
  /** the key with this id, or null when it was forgotten (or never existed) */
  keyById(keyId: string): Promise<{ subject: string; key: Buffer } | null>;
  /** forgets every key of the subject, for good: the bytes leave the store's files too */
  forget(subject: string): Promise<void>;
  /**
   * The server's secret for pseudonymous ids (a phone in a stream id becomes an HMAC of it),
   * created once and kept with the keys: without it a phone's stream cannot be found again.
   */
  pseudonymSecret(): Promise<Buffer>;
  close(): Promise<void>;
}
