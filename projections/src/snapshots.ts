/**
 * Snapshots of the embedded read models, so a start need not replay the whole log (issue 43, item 6).
 *
 * What a snapshot holds: every document of every collection the projections own, and each projection's
 * position (as `projection_checkpoints` documents, which the runner reads at start), taken between two
 * events (`ProjectionRunner.atRest`). Indexes are not stored: a collection builds them from its documents
 * when it loads. Outboxes, the sandbox's payments and chat presence are not built from the log and stay
 * out; the statistics are built from the bus, not the log, and are folded again from their topic at every
 * start, as before.
 *
 * A start reads only the file's table of contents: each collection is loaded when first used (a request,
 * an event to apply), or in the background after the server answers (`MemoryReadStore.loadPending`). So a
 * start costs the same at a thousand events as at a million; the documents' cost is paid after it, by the
 * collections as they are needed (bench:core prints both).
 *
 * The log stays the truth: a snapshot names the position and the id of the event it was taken at; one
 * whose event the log does not hold (an older backup restored, another log) is ignored, and the runner
 * catches up from the snapshot's position to the head.
 *
 * The file, `<dir>/<position>.snapshot`: each collection's frames one after the other ([4-byte
 * length][v8.serialize(documents)]), then the table of contents (JSON: format, schema, position, event id,
 * and each collection's offset, bytes, document count and SHA-256), its length (4 bytes), `SNAPTOC\n` and
 * the SHA-256 of the table. It is written to a temporary name, synced and renamed, so a reader only ever
 * sees whole files. A file whose table's checksum, format or schema does not match (a change to any
 * projection's name, version, collections or indexes changes the schema) is ignored and the full rebuild
 * runs; a collection whose bytes do not match its checksum when it loads is reported as damaged (the
 * server then rebuilds the projections that write it from the log). The newest two are kept.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { EventStore } from '@estate/events';
import type { Projection } from './projection';
import type { DocumentSource, MemoryReadStore } from './readStore/memory';
import type { Doc } from './readStore/port';
import { CHECKPOINTS, type ProjectionRunner } from './runner';

const FORMAT = 2;
const NAME = /^(\d+)\.snapshot$/;
const END = Buffer.from('SNAPTOC\n');
/** the end mark of format 1 (one checksum over the whole file, loaded whole at start) */
const END_FORMAT_1 = Buffer.from('SNAPEND\n');
/** the table's length, the end mark and the table's SHA-256 */
const TRAILER = 4 + END.length + 32;
/** documents serialized at a time: one slice of the event loop while a snapshot is written, or loaded */
const CHUNK = 2_000;
/** bytes gathered before a write */
const WRITE_BYTES = 4 << 20;
const KEEP = 2;

/** Where a collection's frames lie in the file, and what they must hash to. */
type Region = { offset: number; bytes: number; documents: number; sha256: string };

type Contents = {
  format: number;
  schema: string;
  position: number;
  eventId: string;
  createdAt: string;
  collections: Record<string, Region>;
};

export type Snapshot = { position: number; eventId: string; collections: Map<string, readonly Doc[]> };

/** The folder of a data directory's snapshots. */
export const snapshotFolder = (dataDir: string) => join(dataDir, 'snapshots');

/** Changes whenever a projection's name, version, collections or indexes change, or the file format. */
export function snapshotSchema(projections: readonly Projection[]): string {
  const definitions = projections.map((p) => [p.name, p.version, p.collections]);
  return createHash('sha256')
    .update(JSON.stringify([FORMAT, definitions]))
    .digest('hex')
    .slice(0, 16);
}

/** The collections the projections own, once each. */
const collectionsOf = (projections: readonly Projection[]) => [
  ...new Set(projections.flatMap((p) => Object.keys(p.collections))),
];

/**
 * The read models as they are between two events, with the position every projection has reached.
 * Documents are kept by reference (a write replaces a frozen document, never changes it), so this
 * costs an array of references per collection and the writing can take its time. Collections a
 * snapshot's start has not loaded yet are loaded first.
 */
export async function captureReadModels(
  runner: ProjectionRunner,
  store: MemoryReadStore,
): Promise<Omit<Snapshot, 'eventId'>> {
  await store.loadPending();
  return runner.atRest((positions) => {
    const collections = new Map<string, readonly Doc[]>();
    for (const name of collectionsOf(runner.projections))
      collections.set(name, store.collection(name).documents());
    collections.set(
      CHECKPOINTS,
      runner.projections.map((p) => ({
        _id: p.name,
        position: positions.get(p.name) ?? 0,
        version: p.version,
      })),
    );
    return { position: Math.min(...positions.values()), collections };
  });
}

/** The id of the event at `position`, or null when the log does not hold that position. */
async function eventIdAt(events: EventStore, position: number): Promise<string | null> {
  const [event] = await events.readAll(position - 1, 1);
  return event?.position === position ? event.eventId : null;
}

export type WrittenSnapshot = { file: string; bytes: number; ms: number; longestSliceMs: number };

/**
 * Writes a snapshot atomically (temporary file, fsync, rename, fsync of the folder) and keeps the
 * newest two. Serializes a chunk of documents at a time and yields between chunks, so requests go on
 * while it writes; `longestSliceMs` is the longest the event loop was held.
 */
export async function writeSnapshot(
  dir: string,
  schema: string,
  snapshot: Snapshot,
): Promise<WrittenSnapshot> {
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${snapshot.position}.snapshot`);
  const temporary = join(dir, `.${snapshot.position}.${process.pid}.${Date.now()}.tmp`);
  const handle = await open(temporary, 'w');
  let bytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const add = (buffer: Buffer, checksum: ReturnType<typeof createHash>) => {
    checksum.update(buffer);
    pending.push(buffer);
    pendingBytes += buffer.length;
  };
  const flush = async () => {
    const buffers = pending;
    pending = [];
    bytes += pendingBytes;
    pendingBytes = 0;
    await handle.writev(buffers);
  };
  let longestSliceMs = 0;
  try {
    const collections: Record<string, Region> = {};
    for (const [name, docs] of snapshot.collections) {
      const offset = bytes + pendingBytes;
      const checksum = createHash('sha256');
      for (let from = 0; from < docs.length; from += CHUNK) {
        const sliceStarted = performance.now();
        const body = serialize(docs.slice(from, from + CHUNK));
        const length = Buffer.alloc(4);
        length.writeUInt32BE(body.length);
        add(length, checksum);
        add(body, checksum);
        longestSliceMs = Math.max(longestSliceMs, performance.now() - sliceStarted);
        if (pendingBytes >= WRITE_BYTES) await flush();
        else await new Promise((resolve) => setImmediate(resolve));
      }
      collections[name] = {
        offset,
        bytes: bytes + pendingBytes - offset,
        documents: docs.length,
        sha256: checksum.digest('hex'),
      };
    }
    const contents: Contents = {
      format: FORMAT,
      schema,
      position: snapshot.position,
      eventId: snapshot.eventId,
      createdAt: new Date().toISOString(),
      collections,
    };
    const table = Buffer.from(JSON.stringify(contents));
    const tableLength = Buffer.alloc(4);
    tableLength.writeUInt32BE(table.length);
    pending.push(table, tableLength, END, createHash('sha256').update(table).digest());
    pendingBytes += table.length + TRAILER;
    await flush();
    await handle.sync();
  } catch (error) {
    await handle.close();
    rmSync(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  // the rename itself is on disk only once the folder is synced
  const folder = await open(dir, 'r');
  await folder.sync().finally(() => folder.close());
  removeSnapshotFiles(dir, KEEP);
  return { file, bytes, ms: performance.now() - started, longestSliceMs };
}

/** The snapshot files of a folder, newest (highest position) first. */
function snapshotFiles(dir: string): { name: string; position: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const match = NAME.exec(name);
      return match ? [{ name, position: Number(match[1]) }] : [];
    })
    .sort((a, b) => b.position - a.position);
}

/** Removes a folder's snapshot files but the newest `keep`. */
function removeSnapshotFiles(dir: string, keep: number) {
  for (const { name } of snapshotFiles(dir).slice(keep)) rmSync(join(dir, name), { force: true });
}

/** `length` bytes of the file from `at` (a read may return fewer than asked). */
function readExactly(fd: number, length: number, at: number): Buffer {
  const into = Buffer.allocUnsafe(length);
  for (let done = 0; done < length;) {
    const read = readSync(fd, into, done, length - done, at + done);
    if (read === 0) throw new Error('the file ends early');
    done += read;
  }
  return into;
}

/** A snapshot file opened: its table read and checked, its documents not yet. */
type OpenedSnapshot = { fd: number; contents: Contents };

/** Opens one snapshot file and reads its table of contents, or says why the file cannot be used. */
function openSnapshotFile(path: string, schema: string): OpenedSnapshot | string {
  const fd = openSync(path, 'r');
  const refuse = (reason: string) => {
    closeSync(fd);
    return reason;
  };
  try {
    const size = fstatSync(fd).size;
    if (size < TRAILER) return refuse('incomplete: no end mark');
    const trailer = readExactly(fd, TRAILER, size - TRAILER);
    const mark = trailer.subarray(4, 4 + END.length);
    if (mark.equals(END_FORMAT_1)) return refuse(`format 1, this code reads ${FORMAT}`);
    if (!mark.equals(END)) return refuse('incomplete: no end mark');
    const tableLength = trailer.readUInt32BE(0);
    if (tableLength > size - TRAILER) return refuse('corrupt: the table of contents is cut');
    const table = readExactly(fd, tableLength, size - TRAILER - tableLength);
    if (
      !createHash('sha256')
        .update(table)
        .digest()
        .equals(trailer.subarray(4 + END.length))
    )
      return refuse('corrupt: the checksum of its table of contents differs');
    const contents = JSON.parse(table.toString('utf8')) as Contents;
    if (contents.format !== FORMAT) return refuse(`format ${contents.format}, this code reads ${FORMAT}`);
    if (contents.schema !== schema)
      return refuse(`read models of another version (schema ${contents.schema}, now ${schema})`);
    return { fd, contents };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * One collection's documents from an opened snapshot, a frame at a time (the event loop turns between
 * frames), its bytes checked against the table's SHA-256 before the last frame is handed over.
 */
function collectionSource(fd: number, name: string, region: Region): DocumentSource<Doc> {
  return async function* frames() {
    const checksum = createHash('sha256');
    const end = region.offset + region.bytes;
    let held: Doc[] | null = null;
    for (let at = region.offset; at < end;) {
      const lengthBytes = readExactly(fd, 4, at);
      const length = lengthBytes.readUInt32BE(0);
      if (at + 4 + length > end) throw new SnapshotDamaged(name, 'a frame runs past its collection');
      const body = readExactly(fd, length, at + 4);
      checksum.update(lengthBytes).update(body);
      // a frame is handed over only once the next one is read: the last waits for the checksum
      if (held) yield held;
      held = deserialize(body) as Doc[];
      at += 4 + length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (checksum.digest('hex') !== region.sha256)
      throw new SnapshotDamaged(name, 'the checksum of its documents differs');
    if (held) yield held;
  };
}

/** A collection of a snapshot whose bytes are not what its table of contents says. */
export class SnapshotDamaged extends Error {
  constructor(
    readonly collection: string,
    reason: string,
  ) {
    super(`snapshot collection ${collection}: ${reason}`);
  }
}

/** A snapshot a start took: its position, and the file its collections still load from. */
export type RestoredSnapshot = { position: number; close(): void };

/**
 * The newest snapshot that this code can use on this log, its collections set to load from it into the
 * (empty) store when first used; null when there is none, after telling `ignored` why each one was passed
 * over. Temporary files a crash left are removed. `close` ends the loading (a collection not loaded by
 * then can no longer be; call it once `store.loadPending()` has ended, or when the store is done with).
 */
export async function restoreNewestSnapshot(
  dir: string,
  store: MemoryReadStore,
  events: EventStore,
  projections: readonly Projection[],
  ignored: (file: string, reason: string) => void,
): Promise<RestoredSnapshot | null> {
  const schema = snapshotSchema(projections);
  for (const name of safeReaddir(dir))
    if (name.startsWith('.') && name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  for (const { name } of snapshotFiles(dir)) {
    const path = join(dir, name);
    let opened: OpenedSnapshot | string;
    try {
      opened = openSnapshotFile(path, schema);
    } catch (error) {
      opened = `unreadable: ${(error as Error).message}`;
    }
    if (typeof opened === 'string') {
      ignored(path, opened);
      continue;
    }
    const { fd, contents } = opened;
    if ((await eventIdAt(events, contents.position)) !== contents.eventId) {
      closeSync(fd);
      ignored(path, `the log does not hold its event ${contents.eventId} at position ${contents.position}`);
      continue;
    }
    let open = true;
    for (const [collection, region] of Object.entries(contents.collections)) {
      const frames = collectionSource(fd, collection, region);
      store.collection(collection).loadLater(async function* () {
        if (!open) throw new Error(`snapshot ${path} closed before ${collection} was loaded`);
        yield* frames();
      }, region.documents);
    }
    return {
      position: contents.position,
      close: () => {
        if (open) closeSync(fd);
        open = false;
      },
    };
  }
  return null;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Removes every snapshot of a data folder. A snapshot holds read models as they were, personal data
 * in clear included: erasing a person must drop them (the next one is written from the erased state).
 */
export function dropSnapshots(dataDir: string): void {
  rmSync(snapshotFolder(dataDir), { recursive: true, force: true });
}

export type SnapshotSchedule = {
  /** write one after this many events since the last */
  everyEvents: number;
  /** or this long after the last, when any event came since */
  everyMs: number;
  written?: (written: WrittenSnapshot & { position: number }) => void;
  failed?: (error: unknown) => void;
  /** a collection of the snapshot the start took could not be loaded: its projections are rebuilt from the log */
  damaged?: (collection: string, error: unknown) => void;
};

/**
 * Snapshots of a running projection runner: every so many events or so much time, and once more at
 * stop (a graceful shutdown). One write at a time; none when nothing was applied since the last.
 */
export class ReadModelSnapshots {
  private readonly schema: string;
  private lastPosition = 0;
  private lastAt = Date.now();
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private restored: RestoredSnapshot | null = null;
  /** rebuilds of damaged collections' projections, one after another */
  private repairs: Promise<void> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly runner: ProjectionRunner,
    private readonly store: MemoryReadStore,
    private readonly events: EventStore,
    private readonly schedule: SnapshotSchedule,
  ) {
    this.schema = snapshotSchema(runner.projections);
  }

  /**
   * Takes the newest usable snapshot before the runner starts (its collections load when first used, or
   * by `loadRest`); the position it resumes from, or null.
   */
  async restore(ignored: (file: string, reason: string) => void): Promise<number | null> {
    this.restored = await restoreNewestSnapshot(
      this.dir,
      this.store,
      this.events,
      this.runner.projections,
      ignored,
    );
    if (!this.restored) return null;
    this.lastPosition = this.restored.position;
    this.store.loadFailed = (collection, error) => {
      this.repairs = this.repairs.then(() => this.repair(collection, error));
    };
    return this.restored.position;
  }

  /** Loads every collection the start left to load, one at a time, then lets the file go. */
  async loadRest(): Promise<void> {
    await this.store.loadPending();
    await this.repairs;
    this.restored?.close();
  }

  /**
   * A collection that could not be loaded is empty: the projections writing it are replayed from the log,
   * and no snapshot is kept that a start could take it from again.
   */
  private async repair(collection: string, error: unknown) {
    this.schedule.damaged?.(collection, error);
    removeSnapshotFiles(this.dir, 0);
    for (const projection of this.runner.projections)
      if (collection in projection.collections) await this.runner.rebuild(projection.name);
  }

  start() {
    this.timer = setInterval(
      () => {
        const since = this.runner.position - this.lastPosition;
        if (
          since > 0 &&
          (since >= this.schedule.everyEvents || Date.now() - this.lastAt >= this.schedule.everyMs)
        )
          void this.write();
      },
      Math.min(this.schedule.everyMs, 5_000),
    );
    this.timer.unref();
  }

  /** Writes one now unless one is being written (then waits for it) or nothing changed since the last. */
  write(): Promise<void> {
    this.writing ??= this.writeOnce().finally(() => (this.writing = null));
    return this.writing;
  }

  private async writeOnce() {
    try {
      // nothing applied since the last: a snapshot's start need not load every collection to write none
      if (this.runner.position <= this.lastPosition) return;
      const captured = await captureReadModels(this.runner, this.store);
      if (captured.position <= this.lastPosition) return;
      const eventId = await eventIdAt(this.events, captured.position);
      if (eventId === null) return;
      const written = await writeSnapshot(this.dir, this.schema, { ...captured, eventId });
      this.lastPosition = captured.position;
      this.lastAt = Date.now();
      this.schedule.written?.({ ...written, position: captured.position });
    } catch (error) {
      this.schedule.failed?.(error);
    }
  }

  /** Stops the schedule and writes the last snapshot (call before the runner stops). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.writing;
    await this.write();
    this.restored?.close();
  }
}
