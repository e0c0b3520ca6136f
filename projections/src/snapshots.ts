/**
 * Snapshots of the embedded read models, so a start need not replay the whole log (issue 43, item 6).
 *
 * What a snapshot holds: every document of every collection the projections own, and each projection's
 * position (as `projection_checkpoints` documents, which the runner reads at start), taken between two
 * events (`ProjectionRunner.atRest`). Indexes are not stored: `createIndex` builds them from the loaded
 * documents at start, as a replay builds them at its end. Outboxes, the sandbox's payments and chat
 * presence are not built from the log and stay out; the statistics are built from the bus, not the log,
 * and are folded again from their topic at every start, as before.
 *
 * The log stays the truth: a snapshot names the position and the id of the event it was taken at; one
 * whose event the log does not hold (an older backup restored, another log) is ignored, and the runner
 * catches up from the snapshot's position to the head.
 *
 * The file, `<dir>/<position>.snapshot`: a JSON header line (format, schema, position, event id,
 * document counts), then frames of [4-byte length][v8.serialize([collection, documents])], then
 * `SNAPEND\n` and the SHA-256 of everything before it. It is written to a temporary name, synced and
 * renamed, so a reader only ever sees whole files; a file whose checksum, format or schema does not
 * match (a change to any projection's name, version, collections or indexes changes the schema) is
 * ignored and the full rebuild runs. The newest two are kept.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { EventStore } from '@estate/events';
import type { Projection } from './projection';
import type { MemoryReadStore } from './readStore/memory';
import type { Doc } from './readStore/port';
import { CHECKPOINTS, type ProjectionRunner } from './runner';

const FORMAT = 1;
const NAME = /^(\d+)\.snapshot$/;
const END = Buffer.from('SNAPEND\n');
const TRAILER = END.length + 32;
/** documents serialized at a time: one slice of the event loop while a snapshot is written */
const CHUNK = 2_000;
/** bytes gathered before a write, and read at a time */
const WRITE_BYTES = 4 << 20;
const READ_BYTES = 4 << 20;
const KEEP = 2;

type Header = {
  format: number;
  schema: string;
  position: number;
  eventId: string;
  createdAt: string;
  documents: Record<string, number>;
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
 * costs an array of references per collection and the writing can take its time.
 */
export function captureReadModels(
  runner: ProjectionRunner,
  store: MemoryReadStore,
): Promise<Omit<Snapshot, 'eventId'>> {
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
  const checksum = createHash('sha256');
  let bytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const add = (buffer: Buffer) => {
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
    const documents = Object.fromEntries(
      [...snapshot.collections].map(([name, docs]) => [name, docs.length]),
    );
    const header: Header = {
      format: FORMAT,
      schema,
      position: snapshot.position,
      eventId: snapshot.eventId,
      createdAt: new Date().toISOString(),
      documents,
    };
    add(Buffer.from(`${JSON.stringify(header)}\n`));
    for (const [name, docs] of snapshot.collections) {
      for (let from = 0; from === 0 || from < docs.length; from += CHUNK) {
        const sliceStarted = performance.now();
        const body = serialize([name, docs.slice(from, from + CHUNK)]);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(body.length);
        add(length);
        add(body);
        longestSliceMs = Math.max(longestSliceMs, performance.now() - sliceStarted);
        if (pendingBytes >= WRITE_BYTES) await flush();
        else await new Promise((resolve) => setImmediate(resolve));
      }
    }
    pending.push(END, checksum.digest());
    pendingBytes += TRAILER;
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
  for (const { name } of snapshotFiles(dir).slice(KEEP)) rmSync(join(dir, name), { force: true });
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

/** Fills `into` with `length` bytes of the file from `at` (a read may return fewer). */
function readExactly(fd: number, into: Buffer, length: number, at: number) {
  for (let done = 0; done < length;) {
    const read = readSync(fd, into, done, length - done, at + done);
    if (read === 0) throw new Error('the file ends early');
    done += read;
  }
}

/**
 * Reads one snapshot file, or says why it cannot be used: first its checksum over the whole body,
 * then its frames one at a time through one buffer. A gigabyte's file is never held in memory at
 * once (an external buffer that large makes the collector work far harder while documents load).
 */
function readSnapshotFile(path: string, schema: string): Snapshot | string {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size < TRAILER) return 'incomplete: no end mark';
    const trailer = Buffer.alloc(TRAILER);
    readExactly(fd, trailer, TRAILER, size - TRAILER);
    if (!trailer.subarray(0, END.length).equals(END)) return 'incomplete: no end mark';
    const bodySize = size - TRAILER;
    let block = Buffer.allocUnsafe(READ_BYTES);
    const checksum = createHash('sha256');
    for (let at = 0; at < bodySize; at += block.length) {
      const length = Math.min(block.length, bodySize - at);
      readExactly(fd, block, length, at);
      checksum.update(block.subarray(0, length));
    }
    if (!checksum.digest().equals(trailer.subarray(END.length))) return 'corrupt: the checksum differs';
    readExactly(fd, block, Math.min(block.length, bodySize), 0);
    const lineEnd = block.subarray(0, Math.min(block.length, bodySize)).indexOf(10);
    if (lineEnd < 0) return 'corrupt: no header';
    const header = JSON.parse(block.subarray(0, lineEnd).toString('utf8')) as Header;
    if (header.format !== FORMAT) return `format ${header.format}, this code reads ${FORMAT}`;
    if (header.schema !== schema)
      return `read models of another version (schema ${header.schema}, now ${schema})`;
    const collections = new Map<string, Doc[]>();
    const lengthBytes = Buffer.alloc(4);
    for (let at = lineEnd + 1; at < bodySize;) {
      readExactly(fd, lengthBytes, 4, at);
      const length = lengthBytes.readUInt32BE(0);
      if (length > block.length) block = Buffer.allocUnsafe(length);
      readExactly(fd, block, length, at + 4);
      const [name, docs] = deserialize(block.subarray(0, length)) as [string, Doc[]];
      const kept = collections.get(name);
      if (kept) for (const doc of docs) kept.push(doc);
      else collections.set(name, docs);
      at += 4 + length;
    }
    return { position: header.position, eventId: header.eventId, collections };
  } finally {
    closeSync(fd);
  }
}

/**
 * The newest snapshot that this code can use on this log, loaded into the (empty) store; null when
 * there is none, after telling `ignored` why each one was passed over. Temporary files a crash left
 * are removed.
 */
export async function restoreNewestSnapshot(
  dir: string,
  store: MemoryReadStore,
  events: EventStore,
  projections: readonly Projection[],
  ignored: (file: string, reason: string) => void,
): Promise<Snapshot | null> {
  const schema = snapshotSchema(projections);
  for (const name of safeReaddir(dir))
    if (name.startsWith('.') && name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  for (const { name } of snapshotFiles(dir)) {
    const path = join(dir, name);
    let read: Snapshot | string;
    try {
      read = readSnapshotFile(path, schema);
    } catch (error) {
      read = `unreadable: ${(error as Error).message}`;
    }
    if (typeof read === 'string') {
      ignored(path, read);
      continue;
    }
    if ((await eventIdAt(events, read.position)) !== read.eventId) {
      ignored(path, `the log does not hold its event ${read.eventId} at position ${read.position}`);
      continue;
    }
    for (const [collection, docs] of read.collections) store.collection(collection).load(docs);
    return read;
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

  constructor(
    readonly dir: string,
    private readonly runner: ProjectionRunner,
    private readonly store: MemoryReadStore,
    private readonly events: EventStore,
    private readonly schedule: SnapshotSchedule,
  ) {
    this.schema = snapshotSchema(runner.projections);
  }

  /** Loads the newest usable snapshot before the runner starts; the position it resumes from, or null. */
  async restore(ignored: (file: string, reason: string) => void): Promise<number | null> {
    const restored = await restoreNewestSnapshot(
      this.dir,
      this.store,
      this.events,
      this.runner.projections,
      ignored,
    );
    if (restored) this.lastPosition = restored.position;
    return restored?.position ?? null;
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
  }
}
