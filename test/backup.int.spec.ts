import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, SqliteEventStore, upcast } from '@estate/events';
import { until } from '@estate/events/testing';
import { hashReadModels, MemoryReadStore, ProjectionRunner } from '@estate/projections';
import { SqliteCheckpointStore } from '../services/src/core/reactors/checkpoints';
import type { ReactorRunner } from '../services/src/core/reactors/reactor';
import { runAdmin } from '../services/src/operations/admin';
import { filesUnder, MANIFEST, UPLOADS_FOLDER, type BackupManifest } from '../services/src/operations/backup';
import { demoPublications } from '../services/src/seed/demoData';
import { projectionsOf } from '../services/src/slices';
import { startTestApp, type TestApp } from '../services/test/testApp';

/**
 * Backup and restore of the embedded DATA_DIR (issue 43, item 4): a backup taken while the server
 * runs and another connection appends restores to the state at the backup's position, read models and
 * all; a restore refuses a DATA_DIR in use and a damaged backup.
 */
let t: TestApp;
let work: string;
/** another connection to the log than the server's: what SQLite's online backup must stay consistent against */
let writer: SqliteEventStore;
let writing: NodeJS.Timeout;
let appended = 0;

const admin = async (argv: string[], dataDir: string) => {
  const lines: string[] = [];
  const code = await runAdmin(
    argv,
    { NODE_ENV: 'test', DATA_DIR: dataDir },
    {
      line: (text) => lines.push(text),
      error: (text) => lines.push(text),
    },
  );
  return { code, text: lines.join('\n') };
};

/** the read models of every projection built from the log's events up to `position`, one by one */
async function readModelsUpTo(logFile: string, position: number) {
  const log = new SqliteEventStore(logFile);
  const store = new MemoryReadStore();
  for (let after = 0; after < position;) {
    const batch = (await log.readAll(after, 1000)).filter((e) => e.position <= position);
    for (const stored of batch) {
      const event = { ...stored, data: upcast(stored.type, stored.schemaVersion, stored.data) };
      for (const projection of projectionsOf()) await projection.apply(event, store);
    }
    after = batch.at(-1)?.position ?? position;
  }
  await log.close();
  return hashReadModels(store, projectionsOf());
}

/** the read models as a server starting on the restored DATA_DIR builds them: the runner from zero */
async function readModelsRebuiltFrom(logFile: string) {
  const log = new SqliteEventStore(logFile);
  const store = new MemoryReadStore();
  const runner = new ProjectionRunner(log, store, projectionsOf());
  await runner.start();
  await runner.whenCaughtUp();
  await runner.stop();
  const head = await log.headPosition();
  await log.close();
  return { head, hash: await hashReadModels(store, projectionsOf()) };
}

beforeAll(async () => {
  // the demo data (its photos under storage/) on a running server
  t = await startTestApp();
  work = mkdtempSync(join(tmpdir(), 'backup-'));
  writer = new SqliteEventStore(join(t.dataDir, 'events.sqlite'));
  const listings = demoPublications(50, 77);
  // a listing every few milliseconds, through its own connection, until the test stops it
  writing = setInterval(() => {
    const publicationId = `backup-writer-${appended}`;
    const { details } = listings[appended++ % listings.length];
    void writer.append(
      `publication-${publicationId}`,
      [
        newEvent('PublicationCreated', {
          publicationId,
          agencyId: 'demo-agency-1',
          authorId: 'demo-owner-1',
          details,
        }),
        newEvent('PublicationPublished', { publicationId }),
      ],
      'no-stream',
    );
  }, 3);
}, 120_000);

afterAll(async () => {
  clearInterval(writing);
  await writer.close();
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a backup taken while the server runs and another process appends', () => {
  let manifest: BackupManifest;
  let backup: string;
  let restored: string;
  /** the uploads on disk as the backup began: each must be in it (the demo's photo sizes may still be made during it) */
  let uploadsAtStart: string[];

  beforeAll(async () => {
    await until(() => appended >= 20, 60_000);
    // as the backup counts them: a size the worker is still writing aside (`*.tmp`) is not an upload yet
    uploadsAtStart = (await filesUnder(join(t.dataDir, UPLOADS_FOLDER))).map((path) =>
      join(UPLOADS_FOLDER, path),
    );
    const headAtStart = await t.ctx.eventStore.headPosition();
    backup = join(work, 'backup');
    expect(await admin(['backup', backup], t.dataDir)).toMatchObject({ code: 0 });
    manifest = JSON.parse(readFileSync(join(backup, MANIFEST), 'utf8')) as BackupManifest;
    expect(manifest.position).toBeGreaterThanOrEqual(headAtStart);
    // the writer went on after the copy: the log the backup was taken of kept growing past its position
    await until(async () => (await t.ctx.eventStore.headPosition()) > manifest.position + 10, 60_000);
    clearInterval(writing);
    restored = join(work, 'restored');
    expect(await admin(['restore', backup], restored)).toMatchObject({ code: 0 });
  }, 180_000);

  it('holds the log, the bus, the jobs, the reactors’ checkpoints and every upload, each with its size and checksum', () => {
    const names = manifest.files.map((f) => f.path);
    expect(names).toEqual(
      expect.arrayContaining(['events.sqlite', 'bus.sqlite', 'jobs.sqlite', 'reactors.sqlite']),
    );
    expect(uploadsAtStart.length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining(uploadsAtStart));
    for (const file of manifest.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('restores the log up to the backup’s position, whose read models equal the original’s at that position', async () => {
    const original = await readModelsUpTo(join(t.dataDir, 'events.sqlite'), manifest.position);
    const rebuilt = await readModelsRebuiltFrom(join(restored, 'events.sqlite'));
    expect(rebuilt).toEqual({ head: manifest.position, hash: original });
  }, 120_000);

  it('restores every upload the restored log names, and no reactor’s checkpoint past its head', async () => {
    const log = new SqliteEventStore(join(restored, 'events.sqlite'));
    const texts = (await log.readAll(0, manifest.position)).map((e) => JSON.stringify(e.data));
    await log.close();
    const named = new Set(
      texts.flatMap((text) => [...text.matchAll(/\/storage\/([\w/-]+\.(?:jpg|png|webp))/g)].map((m) => m[1])),
    );
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter((key) => !existsSync(join(restored, 'storage', key)))).toEqual([]);
    const reactors = t.ctx.reactors as ReactorRunner;
    const checkpoints = new SqliteCheckpointStore(join(restored, 'reactors.sqlite'));
    for (const reactor of reactors.reactors)
      expect(await checkpoints.get(reactor.name)).toBeLessThanOrEqual(manifest.position);
    await checkpoints.close();
  });

  it('refuses to restore into a DATA_DIR that holds anything', async () => {
    const answer = await admin(['restore', backup], t.dataDir);
    expect(answer.code).toBe(1);
    expect(answer.text).toMatch(/не пуст/);
  });

  it('refuses a damaged backup before copying anything', async () => {
    const damaged = join(work, 'damaged');
    cpSync(backup, damaged, { recursive: true });
    const bus = join(damaged, 'bus.sqlite');
    const bytes = readFileSync(bus);
    bytes[bytes.length - 1] ^= 0xff; // the same size, another content
    writeFileSync(bus, bytes);
    const target = join(work, 'from-damaged');
    const answer = await admin(['restore', damaged], target);
    expect(answer).toEqual({ code: 1, text: expect.stringMatching(/повреждена: bus\.sqlite/) });
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a backup into a folder that holds anything', async () => {
    const answer = await admin(['backup', backup], t.dataDir);
    expect(answer.code).toBe(1);
    expect(answer.text).toMatch(/не пуста/);
  });
});
