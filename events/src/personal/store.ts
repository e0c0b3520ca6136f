import { createHmac } from 'node:crypto';
import type { NewEvent, StoredEvent } from '../envelope';
import {
  ERASED_VALUE,
  PERSONAL_FIELDS,
  PSEUDONYMOUS_STREAM_PREFIXES,
  type PersonalField,
} from '../catalogue/personal';
import type { EventType } from '../catalogue/index';
import type { AppendResult, EventStore, ExpectedRevision, SubscriptionOptions } from '../store/port';
import { decryptValue, encryptValue, isEncryptedField } from './cipher';
import type { PersonalKeyStore } from './keyStore';

type Key = { keyId: string; key: Buffer };
type AnyField = PersonalField<EventType>;
const fieldsOf = (type: string) => PERSONAL_FIELDS[type as EventType] as AnyField[] | undefined;

function getPath(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** a copy of `data` with the value at `path` replaced (the objects on the way copied, the rest shared) */
function setPath(data: unknown, path: string, value: unknown): unknown {
  const [head, ...rest] = path.split('.');
  if (typeof data !== 'object' || data === null) return data;
  const object = data as Record<string, unknown>;
  if (!(head in object)) return data;
  return { ...object, [head]: rest.length ? setPath(object[head], rest.join('.'), value) : value };
}

const mayHoldPersonalData = (event: StoredEvent) =>
  event.type === 'PersonErased' || fieldsOf(event.type) !== undefined;
const erasedSubjects = (event: StoredEvent) => (event.data as { subjects?: string[] }).subjects ?? [];

/**
 * Crypto-shredding around any event store: the personal fields each event type declares
 * (catalogue/personal.ts) are encrypted with their person's key when appended and decrypted when
 * read, so deciders, upcasters, projections and reactors see plain values, while the log, its
 * backups and whatever copies the raw events hold only ciphertext. Once a person's keys are
 * forgotten, their fields read as the placeholder (ERASED_VALUE) and the rest of each event stays
 * valid. Stream ids that would hold a phone are written as a keyed hash of it.
 */
export class PersonalDataEventStore implements EventStore {
  readonly name: string;
  private secret: Promise<Buffer> | null = null;
  /** keys by id (null: forgotten) and each subject's current key; dropped for a subject when it is erased */
  private readonly byId = new Map<string, { subject: string; key: Buffer } | null>();
  private readonly current = new Map<string, Key>();

  constructor(
    readonly inner: EventStore,
    readonly keys: PersonalKeyStore,
  ) {
    this.name = inner.name;
  }

  /** The id as stored: `phone-7…` becomes `phone-h<HMAC-SHA256 of the number, base64url>`; other ids stay. */
  async pseudonym(id: string): Promise<string> {
    const prefix = PSEUDONYMOUS_STREAM_PREFIXES.find((p) => id.startsWith(p));
    if (!prefix) return id;
    const rest = id.slice(prefix.length);
    if (rest.startsWith('h')) return id;
    this.secret ??= this.keys.pseudonymSecret();
    const digest = createHmac('sha256', await this.secret)
      .update(id)
      .digest('base64url');
    return `${prefix}h${digest}`;
  }

  /** Forgets the subjects' keys (ids as the declarations make them, or as stored); nothing of theirs reads again. */
  async forget(subjects: string[]): Promise<void> {
    for (const subject of subjects) {
      const stored = await this.pseudonym(subject);
      await this.keys.forget(stored);
      this.dropCached(stored);
    }
  }

  private dropCached(subject: string) {
    this.current.delete(subject);
    for (const [keyId, entry] of this.byId) if (entry?.subject === subject) this.byId.set(keyId, null);
  }

  private async keyFor(subject: string): Promise<Key> {
    const cached = this.current.get(subject);
    if (cached) return cached;
    const key = await this.keys.keyFor(subject);
    this.current.set(subject, key);
    this.byId.set(key.keyId, { subject, key: key.key });
    return key;
  }

  private async keyById(keyId: string) {
    if (this.byId.has(keyId)) return this.byId.get(keyId) ?? null;
    const found = await this.keys.keyById(keyId);
    this.byId.set(keyId, found);
    return found;
  }

  async encrypt<E extends NewEvent>(event: E): Promise<E> {
    const fields = fieldsOf(event.type);
    if (!fields) return event;
    let data = event.data;
    for (const field of fields) {
      const value = getPath(event.data, field.path);
      if (value === null || value === undefined || isEncryptedField(value)) continue;
      const subject = field.subject(event.data as never);
      if (!subject) continue;
      const { keyId, key } = await this.keyFor(await this.pseudonym(subject));
      data = setPath(data, field.path, encryptValue(keyId, key, value));
    }
    return { ...event, data };
  }

  async decrypt(event: StoredEvent): Promise<StoredEvent> {
    // every process reading the erasure drops the keys it cached (the worker's reactor forgets them in the store)
    if (event.type === 'PersonErased') for (const subject of erasedSubjects(event)) this.dropCached(subject);
    const fields = fieldsOf(event.type);
    if (!fields) return event;
    let data = event.data;
    for (const field of fields) {
      const value = getPath(event.data, field.path);
      if (!isEncryptedField(value)) continue;
      const found = await this.keyById(value.k);
      data = setPath(data, field.path, found ? decryptValue(found.key, value) : ERASED_VALUE[field.kind]);
    }
    return { ...event, data };
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const sealed = await Promise.all(events.map((e) => this.encrypt(e)));
    return this.inner.append(await this.pseudonym(streamId), sealed, expected);
  }

  async readStream(streamId: string, fromRevision?: number, maxCount?: number): Promise<StoredEvent[]> {
    const stored = await this.inner.readStream(await this.pseudonym(streamId), fromRevision, maxCount);
    return Promise.all(stored.map(async (e) => ({ ...(await this.decrypt(e)), streamId })));
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const stored = await this.inner.readAll(afterPosition, limit);
    const plain: StoredEvent[] = [];
    // most events hold nothing personal: they pass without a turn of the event loop (a replay reads a million)
    for (const event of stored) plain.push(mayHoldPersonalData(event) ? await this.decrypt(event) : event);
    return plain;
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribe(
    afterPosition: number,
    handler: (event: StoredEvent) => Promise<void> | void,
    options?: SubscriptionOptions,
  ) {
    return this.inner.subscribe(afterPosition, async (event) => handler(await this.decrypt(event)), options);
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.keys.close();
  }
}
