import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agencyUploadOf, contentKey, DiskFileStore } from './files';

describe('file store contract: disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'files-'));
  const store = new DiskFileStore(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores bytes under a key and answers the public path', async () => {
    const data = Buffer.from('png-bytes');
    const key = contentKey('avatars/u1', data, 'png');
    expect(await store.put(key, data)).toBe(`/storage/${key}`);
    expect((await store.get(key))?.equals(data)).toBe(true);
  });

  it('gives another name to other content and the same name to the same', () => {
    expect(contentKey('a', Buffer.from('1'), 'png')).not.toBe(contentKey('a', Buffer.from('2'), 'png'));
    expect(contentKey('a', Buffer.from('1'), 'png')).toBe(contentKey('a', Buffer.from('1'), 'png'));
  });

  it('answers null for a missing key and refuses keys that leave the store', async () => {
    expect(await store.get('nothing/here.png')).toBeNull();
    await expect(store.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/outside/);
  });

  it('tells whether it holds a key; a key outside the store holds nothing', async () => {
    await store.put('agencies/a1/held.png', Buffer.from('x'));
    expect(await store.has('agencies/a1/held.png')).toBe(true);
    expect(await store.has('agencies/a1/missing.png')).toBe(false);
    expect(await store.has('agencies')).toBe(false);
    expect(await store.has('../../etc/passwd')).toBe(false);
  });

  it('removes a key, a missing one without error, and refuses keys that leave the store', async () => {
    await store.put('incoming/a1/gone.jpg', Buffer.from('x'));
    await store.remove('incoming/a1/gone.jpg');
    expect(await store.has('incoming/a1/gone.jpg')).toBe(false);
    await store.remove('incoming/a1/gone.jpg');
    await expect(store.remove('../escape.png')).rejects.toThrow(/outside/);
  });
});

describe('agencyUploadOf', () => {
  it('names the agency of a stored upload path and nothing else', () => {
    const key = contentKey('agencies/demo-agency-1', Buffer.from('logo'), 'png');
    expect(agencyUploadOf(`/storage/${key}`)).toEqual({ agencyId: 'demo-agency-1', key });
    for (const path of [
      key,
      `https://evil.example/storage/${key}`,
      '/storage/agencies/../avatars/x.png',
      '/storage/avatars/u1/0123456789abcdef01234567.png',
      `/storage/${key}?x=1`,
      'javascript:alert(1)',
    ]) {
      expect(agencyUploadOf(path)).toBeNull();
    }
  });
});
