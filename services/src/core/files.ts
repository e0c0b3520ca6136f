import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * The file-store port (avatars, documents). Keys are relative paths; a stored file is served at
 * `/storage/<key>`. Embedded and in docker compose it is a folder (DATA_DIR/storage, a shared volume).
 */
export interface FileStore {
  readonly name: string;
  put(key: string, data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** whether a file is stored under the key (a key outside the store holds nothing) */
  has(key: string): Promise<boolean>;
  /** removes the file under the key; a missing one is no error */
  remove(key: string): Promise<void>;
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

  async has(key: string): Promise<boolean> {
    let path: string;
    try {
      path = this.path(key);
    } catch {
      return false;
    }
    return stat(path).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
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

/**
 * Who uploaded a file is told by its folder: the upload calls store an agency's files under
 * `agencies/<agencyId>/` only after every check has passed (type read from the content, size, the
 * caller's right to the agency), and nothing else writes there. So a stored path names its agency.
 */
export const agencyFolder = (agencyId: string) => `agencies/${agencyId}`;

/** an agency's logo (`agencies/<id>/<hash>.jpg`) or a listing photo it uploaded (`agencies/<id>/photos/<hash>.webp`) */
const AGENCY_UPLOAD_PATH =
  /^\/storage\/(agencies\/([A-Za-z0-9_-]{1,64})\/(?:photos\/)?[0-9a-f]{24}\.(?:jpg|png|webp))$/;

/** The agency a public `/storage/…` path was uploaded by, and its key in the store; null for any other path. */
export function agencyUploadOf(publicPath: string): { agencyId: string; key: string } | null {
  const match = AGENCY_UPLOAD_PATH.exec(publicPath);
  return match ? { agencyId: match[2], key: match[1] } : null;
}
