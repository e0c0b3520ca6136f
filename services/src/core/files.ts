import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * The file-store port (avatars, documents). Keys are relative paths; a stored file is served at
 * `/storage/<key>`. Embedded and in docker compose it is a folder (DATA_DIR/storage, a shared volume).
 */
export interface FileStore {
  readonly name: string;
  put(key: string, data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** the folder served under /storage/, when the store is a local one */
  readonly localRoot?: string;
}

export class DiskFileStore implements FileStore {
  readonly name = 'disk';
  constructor(readonly localRoot: string) {}

  private path(key: string) {
    const path = normalize(join(this.localRoot, key));
    if (!path.startsWith(this.localRoot + sep)) throw new Error(`file key outside the store: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<string> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // written aside and renamed, so a reader never sees half a file
    const temp = `${path}.${process.pid}.tmp`;
    await writeFile(temp, data);
    await rename(temp, path);
    return `/storage/${key}`;
  }

  async get(key: string): Promise<Buffer | null> {
    return readFile(this.path(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }
}

/** Content-addressed names: a changed avatar gets a new URL, so it can be cached for ever. */
export const contentKey = (folder: string, data: Buffer, extension: string) =>
  `${folder}/${createHash('sha256').update(data).digest('hex').slice(0, 24)}.${extension}`;
