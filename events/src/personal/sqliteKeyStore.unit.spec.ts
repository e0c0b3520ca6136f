import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { personalKeyStoreContract } from './keyStoreContract';
import { SqlitePersonalKeyStore } from './sqliteKeyStore';

const dir = mkdtempSync(join(tmpdir(), 'keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

personalKeyStoreContract('sqlite', () =>
  Promise.resolve(new SqlitePersonalKeyStore(join(dir, `keys-${n++}.sqlite`))),
);

describe('sqlite key store specifics', () => {
  it('leaves no byte of a forgotten key in its files, and keeps the keys across a reopen', async () => {
    const file = join(dir, 'shred.sqlite');
    const store = new SqlitePersonalKeyStore(file);
    const kept = await store.keyFor('user-kept');
    const erased = await store.keyFor('user-erased');
    await store.forget('user-erased');
    const files = () => Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`, { flag: 'a+' })]);
    expect(files().includes(erased.key)).toBe(false);
    await store.close();
    expect(readFileSync(file).includes(erased.key)).toBe(false);
    const reopened = new SqlitePersonalKeyStore(file);
    expect(await reopened.keyById(kept.keyId)).toEqual({ subject: 'user-kept', key: kept.key });
    await reopened.close();
  });
});
