import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { z } from 'zod';

/**
 * The embedded DATA_DIR's files that cannot be derived from the log, in the order they are copied.
 * The read models (in memory, and their snapshots) are rebuilt from the log and left out.
 *
 * The order keeps the copy restorable while the server writes: the reactors' checkpoints first, so
 * none is past the copied log's head (a restored reactor replays a little rather than skipping the
 * events appended after the restore at positions it thinks it has seen); the jobs next, so every
 * job a copied checkpoint counts as queued is in the copy (a reactor queues before it moves its
 * checkpoint); the log; the personal-data keys after it, so every key an event of the copied log
 * was written with is there (a key is made before its first event); the bus (the visit statistics
 * and the consumers' offsets, which are not in the log); any other SQLite file found (a store added
 * later is copied rather than lost); the uploads last, so every file an event of the copied log
 * names is there (a file is stored before the event that names it is appended).
 */
export const SQLITE_FILES = [
  'reactors.sqlite',
  'jobs.sqlite',
  'events.sqlite',
  'keys.sqlite',
  'bus.sqlite',
] as const;
/** what DATA_DIR holds that is rebuilt from the log: never copied */
export const DERIVED = new Set(['snapshots']);
export const UPLOADS_FOLDER = 'storage';
export const MANIFEST = 'manifest.json';

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  /** the head of the copied log: the state the backup restores to */
  position: z.number().int().min(0),
  files: z.array(
    z.object({
      path: z.string().min(1),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** An operator's mistake or a damaged backup: the message says what to do, the command exits non-zero. */
export class OperatorError extends Error {}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** whether a folder is absent or holds nothing */
async function isEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** every file under a folder, as paths relative to it; a file being written aside (`*.tmp`) is not one yet */
export async function filesUnder(folder: string): Promise<string[]> {
  if (!(await exists(folder))) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => relative(folder, join(e.parentPath, e.name)))
    .sort();
}

/**
 * SQLite's online backup of one database file, consistent while other processes write to it: the
 * progress callback asks for every remaining page in one step, so the copy is one read transaction
 * (in WAL mode it never blocks a writer), never restarted by a write between steps.
 */
async function copyDatabase(source: string, target: string) {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/** the highest position in a copied log (0 when it is empty) */
function headOf(logFile: string): number {
  const db = new Database(logFile, { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events').get()
        ?.position ?? 0
    );
  } finally {
    db.close();
  }
}

/**
 * Copies the embedded DATA_DIR's state into `target` (absent or empty) while the server may run:
 * each SQLite file by the online backup, the uploads file by file, then `manifest.json` with the
 * log's head at the copy, and each file's size and SHA-256. `left`: what DATA_DIR holds that is
 * neither copied nor known to be derived.
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
): Promise<{ manifest: BackupManifest; left: string[] }> {
  if (!(await exists(join(dataDir, 'events.sqlite'))))
    throw new OperatorError(`В ${dataDir} нет журнала событий (events.sqlite): нечего копировать.`);
  if (!(await isEmptyFolder(target)))
    throw new OperatorError(
      `Папка ${target} не пуста: резервная копия пишется только в новую или пустую папку.`,
    );
  await mkdir(target, { recursive: true });
  const copied: string[] = [];
  const entries = await readdir(dataDir);
  const others = entries.filter((name) => name.endsWith('.sqlite') && !SQLITE_FILES.some((f) => f === name));
  for (const name of [...SQLITE_FILES, ...others.sort()]) {
    if (!entries.includes(name)) continue;
    await copyDatabase(join(dataDir, name), join(target, name));
    copied.push(name);
  }
  for (const file of await filesUnder(join(dataDir, UPLOADS_FOLDER))) {
    const path = join(UPLOADS_FOLDER, file);
    await mkdir(dirname(join(target, path)), { recursive: true });
    try {
      await copyFile(join(dataDir, path), join(target, path));
      copied.push(path);
    } catch (error) {
      // removed since it was listed: no event of the copied log needs it any more
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const files = [];
  for (const path of copied) {
    const full = join(target, path);
    files.push({
      path: path.split(sep).join('/'),
      bytes: (await stat(full)).size,
      sha256: await sha256Of(full),
    });
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    position: headOf(join(target, 'events.sqlite')),
    files,
  };
  await writeFile(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  // a SQLite file's journals are inside its copy; anything else unknown is told, not silently dropped
  const left = entries.filter(
    (name) =>
      !copied.includes(name) &&
      name !== UPLOADS_FOLDER &&
      !DERIVED.has(name) &&
      !/\.sqlite-(wal|shm|journal)$/.test(name),
  );
  return { manifest, left };
}

/** The backup's manifest, and each file checked against it: a damaged or incomplete backup is refused. */
export async function verifyBackup(source: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(source, MANIFEST), 'utf8');
  } catch {
    throw new OperatorError(`В ${source} нет ${MANIFEST}: это не резервная копия (или она неполная).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OperatorError(`${MANIFEST} в ${source} повреждён: это не JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new OperatorError(
      `${MANIFEST} в ${source} повреждён: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const manifest = parsed.data;
  if (!manifest.files.some((f) => f.path === 'events.sqlite'))
    throw new OperatorError(`В резервной копии ${source} нет журнала событий (events.sqlite).`);
  for (const file of manifest.files) {
    const full = join(source, file.path);
    if (relative(source, full).startsWith('..'))
      throw new OperatorError(`${MANIFEST} называет файл вне копии: ${file.path}`);
    if (!(await exists(full))) throw new OperatorError(`Резервная копия неполная: нет файла ${file.path}.`);
    if ((await stat(full)).size !== file.bytes || (await sha256Of(full)) !== file.sha256)
      throw new OperatorError(
        `Резервная копия повреждена: ${file.path} не совпадает с контрольной суммой из ${MANIFEST}.`,
      );
  }
  return manifest;
}

/**
 * Restores a backup into `dataDir`, which must be absent or empty (nothing running on it): every
 * file is checked against the manifest before the first one is copied. The read models are rebuilt
 * from the restored log when the server starts.
 */
export async function restoreDataDir(source: string, dataDir: string): Promise<BackupManifest> {
  if (!(await isEmptyFolder(dataDir)))
    throw new OperatorError(
      `DATA_DIR ${dataDir} не пуст: восстановление пишет только в пустую папку (остановите сервер и укажите новую папку или очистите эту).`,
    );
  const manifest = await verifyBackup(source);
  for (const file of manifest.files) {
    await mkdir(dirname(join(dataDir, file.path)), { recursive: true });
    await copyFile(join(source, file.path), join(dataDir, file.path));
  }
  return manifest;
}
