import { decryptValue, encryptValue } from './cipher';
import type { PersonalKeyStore } from './keyStore';

/** What every key-store adapter must do; subjects are random so a shared server may hold others. */
export function personalKeyStoreContract(adapterName: string, makeStore: () => Promise<PersonalKeyStore>) {
  describe(`personal key store contract: ${adapterName}`, () => {
    let store: PersonalKeyStore;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });
    const subject = () => `user-${Math.random().toString(36).slice(2)}`;

    it('gives a subject the same key every time, and different subjects different keys', async () => {
      const [a, b] = [subject(), subject()];
      const first = await store.keyFor(a);
      expect(await store.keyFor(a)).toEqual(first);
      expect((await store.keyFor(b)).keyId).not.toBe(first.keyId);
      expect(first.key).toHaveLength(32);
      expect(await store.keyById(first.keyId)).toEqual({ subject: a, key: first.key });
    });

    it('forgets every key of a subject for good, and a later use gets a new key', async () => {
      const [a, b] = [subject(), subject()];
      const old = await store.keyFor(a);
      const other = await store.keyFor(b);
      const sealed = encryptValue(old.keyId, old.key, 'Анна');
      await store.forget(a);
      expect(await store.keyById(old.keyId)).toBeNull();
      expect(await store.keyById(other.keyId)).not.toBeNull();
      const renewed = await store.keyFor(a);
      expect(renewed.keyId).not.toBe(old.keyId);
      expect(() => decryptValue(renewed.key, sealed)).toThrow();
      await store.forget(a); // forgetting again changes nothing
      expect(await store.keyById(renewed.keyId)).toBeNull();
    });

    it('keeps one pseudonym secret', async () => {
      const secret = await store.pseudonymSecret();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(await store.pseudonymSecret()).toEqual(secret);
    });
  });
}
