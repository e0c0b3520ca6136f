import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentKey, DiskFileStore } from './files';

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
});
