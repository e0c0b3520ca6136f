/**
 * npm run bench:core — the event-sourced core's figures (not a test; timings vary with the machine):
 *  1. single-event appends per second through the event-store port (with the revision check),
 *     against the same INSERTs straight through better-sqlite3 (the ceiling), both durability settings;
 *  2. p50/p99 lag from append to read-model visibility at 1,000 appends per second;
 *  3. start-up time of the server with 100,000 events in the log, both ways: the compiled bundle that
 *     production runs (`node dist/server/main.js`, built here first) and TypeScript through tsx, each
 *     replaying the whole log (READ_SNAPSHOTS=false);
 *  4. start-up of the compiled server from a read-model snapshot against a full rebuild, at 100,000 and
 *     1,000,000 events (BENCH_SNAPSHOT_EVENTS), with their growth; the ceiling is the start with an
 *     empty log (loading the code, opening the files: what no start can go under).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { newEvent, SqliteEventStore, type NewEvent, type SqliteDurability } from '@estate/events';
import { allProjections, MemoryReadStore, ProjectionRunner, type Projection } from '@estate/projections';
import { demoPublications } from '../src/seed/demoData';
import { appendListingAgency } from '../test/listingLog';

const dir = mkdtempSync(join(tmpdir(), 'bench-core-'));
const APPENDS = Number(process.env.BENCH_APPENDS ?? 20_000);
const STREAMS = 200;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n: number) => Math.round(n).toLocaleString('ru-RU');

async function portAppends(durability: SqliteDurability) {
  const store = new SqliteEventStore(join(dir, `port-${durability}.sqlite`), durability);
  const revisions = new Array<number>(STREAMS).fill(-1);
  const events = Array.from({ length: APPENDS }, (_, i) =>
    newEvent('BenchHappened', { i, text: 'квартира у метро' }),
  );
  const started = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    const s = i % STREAMS;
    const expected = revisions[s] < 0 ? 'no-stream' : revisions[s];
    revisions[s] = (await store.append(`bench-${s}`, [events[i]], expected)).nextExpectedRevision;
  }
  const rate = APPENDS / ((performance.now() - started) / 1000);
  await store.close();
  return rate;
}

/** The ceiling: the same rows, one transaction each, prepared once, no port and no checks. */
function rawInserts(durability: SqliteDurability) {
  const db = new Database(join(dir, `raw-${durability}.sqlite`));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability}`);
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL, type TEXT NOT NULL, schema_version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
    occurred_at TEXT NOT NULL, UNIQUE (stream_id, revision))`);
  const insert = db.prepare(
    'INSERT INTO events (event_id, stream_id, revision, type, schema_version, data, metadata, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const events = Array.from({ length: APPENDS }, (_, i) =>
    newEvent('BenchHappened', { i, text: 'квартира у метро' }),
  );
  const started = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    const e = events[i];
    insert.run(
      e.eventId,
      `bench-${i % STREAMS}`,
      Math.floor(i / STREAMS),
      e.type,
      1,
      JSON.stringify(e.data),
      JSON.stringify(e.metadata),
      e.occurredAt,
    );
  }
  const rate = APPENDS / ((performance.now() - started) / 1000);
  db.close();
  return rate;
}

async function visibilityLag(ratePerSecond: number, seconds: number) {
  const store = new SqliteEventStore(join(dir, 'lag.sqlite'));
  const readStore = new MemoryReadStore();
  const appendedAt = new Map<string, number>();
  const lags: number[] = [];
  // runs after the catalogue projection: when it sees an event, the catalogue document is written
  const probe: Projection = {
    name: 'lag-probe',
    version: 1,
    collections: {},
    apply(event) {
      const t0 = appendedAt.get(event.eventId);
      if (t0 !== undefined) lags.push(performance.now() - t0);
      return Promise.resolve();
    },
  };
  const runner = new ProjectionRunner(store, readStore, [...allProjections, probe]);
  await runner.start();
  const publications = demoPublications(ratePerSecond * seconds, 7);
  const total = publications.length;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const id = randomUUID();
    const event = newEvent('PublicationCreated', {
      publicationId: id,
      agencyId: 'a1',
      authorId: 'u1',
      details: publications[i].details,
    });
    appendedAt.set(event.eventId, performance.now());
    await store.append(`publication-${id}`, [event], 'no-stream');
  }
  await runner.whenCaughtUp();
  const achieved = total / ((performance.now() - started) / 1000);
  await runner.stop();
  await store.close();
  lags.sort((a, b) => a - b);
  return { achieved, p50: pct(lags, 50), p99: pct(lags, 99), max: lags[lags.length - 1], count: lags.length };
}

async function writeLog(file: string, count: number) {
  const store = new SqliteEventStore(file);
  const publications = demoPublications(2000, 11);
  await appendListingAgency(store);
  let written = 2;
  for (let i = 0; written < count; i++) {
    const id = `p${i}`;
    const details = publications[i % publications.length].details;
    const batch: NewEvent[] = [
      newEvent('PublicationCreated', { publicationId: id, agencyId: 'a1', authorId: 'u1', details }),
      newEvent('PublicationPublished', { publicationId: id }),
    ];
    if (i % 3 === 0)
      batch.push(
        newEvent('PublicationEdited', {
          publicationId: id,
          details: { ...details, price: details.price + 1000 },
        }),
        newEvent('PublicationPriceChanged', {
          publicationId: id,
          oldPrice: details.price,
          newPrice: details.price + 1000,
        }),
      );
    const take = batch.slice(0, count - written);
    await store.append(`publication-${id}`, take, 'no-stream');
    written += take.length;
  }
  await store.close();
}

/** The two ways to start the server: the compiled bundle as the image runs it, and TypeScript through tsx (development). */
const STARTS = {
  compiled: ['--enable-source-maps', 'dist/server/main.js'],
  tsx: ['--import', 'tsx', 'services/src/main.ts'],
} as const;
type StartKind = keyof typeof STARTS;

/** CPU time (user + system, all threads) a running process has used, from /proc; null where there is none. */
function cpuMs(pid: number): number | null {
  try {
    // fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** What the server logged (at info) of the snapshot it wrote at shutdown. */
type SnapshotWritten = { bytes: number; ms: number; longestSliceMs: number };

/** After the first answer: a first search, and the time every read model is loaded (a snapshot's start loads them after it). */
type AfterStart = { firstSearchMs: number; searchStatus: number; loadedMs: number | null };

async function startupTime(
  dataDir: string,
  kind: StartKind,
  env: Record<string, string> = {},
  after = false,
) {
  const root = resolve(import.meta.dirname, '../..');
  const started = performance.now();
  const child = spawn(process.execPath, [...STARTS[kind]], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const untilOut = (done: (out: string) => boolean) =>
    new Promise<number>((resolveSeen, reject) => {
      const check = () => {
        if (!done(out)) return;
        child.stdout.off('data', check);
        child.off('exit', exited);
        resolveSeen(performance.now() - started);
      };
      const exited = (code: number | null) => reject(new Error(`server exited with ${code}: ${out}`));
      child.stdout.on('data', check);
      child.on('exit', exited);
      check();
    });
  child.stdout.on('data', (chunk) => (out += chunk));
  const ms = await untilOut((text) => text.includes('Маркетплейс запущен'));
  const ready = { ms, cpu: cpuMs(child.pid!) };
  let afterStart: AfterStart | null = null;
  if (after) {
    const site = /сайт:\s+(http:\/\/\S+)\/prodazha/.exec(out)![1];
    const response = await fetch(`${site}/api/publications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dealCategory: 'sale' }),
    });
    await response.arrayBuffer();
    const firstSearchMs = performance.now() - started;
    const loadedMs = await untilOut((text) => text.includes('"read models loaded"'));
    afterStart = { firstSearchMs, searchStatus: response.status, loadedMs };
  }
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  // the server's warnings and errors (a snapshot passed over, or not written) explain a figure
  for (const line of out.split('\n'))
    if (/"level":(40|50|60)/.test(line)) console.error(`    server (${kind}): ${line.slice(0, 400)}`);
  const written = out
    .split('\n')
    .filter((line) => line.includes('read-model snapshot written'))
    .map((line) => JSON.parse(line) as SnapshotWritten)[0];
  return { ...ready, written, afterStart };
}

/** Both ways, alternating, BENCH_STARTUP_RUNS times each (3); the median of each. */
async function startupTimes(events: number) {
  const dataDir = join(dir, 'startup');
  await writeLog(join(dataDir, 'events.sqlite'), events);
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, ['build/server.mjs'], { cwd: root, stdio: 'ignore' });
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
  const times: Record<StartKind, { ms: number; cpu: number | null }[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < runs; i++)
    for (const kind of Object.keys(STARTS) as StartKind[])
      times[kind].push(await startupTime(dataDir, kind, { READ_SNAPSHOTS: 'false' }));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return (Object.keys(STARTS) as StartKind[]).map((kind) => {
    const cpu = times[kind].map((t) => t.cpu);
    return {
      kind,
      ms: median(times[kind].map((t) => t.ms)),
      cpu: cpu.every((c) => c !== null) ? median(cpu) : null,
      all: times[kind].map((t) => t.ms),
    };
  });
}

/**
 * The compiled server at each size: a first start with no snapshot replays the whole log (a full
 * rebuild) and writes the snapshot as it stops; the second starts from it. The ceiling: a start with an
 * empty log.
 */
async function snapshotStartups(sizes: number[]) {
  const empty = join(dir, 'empty');
  const ceiling = await startupTime(empty, 'compiled', { LOG_LEVEL: 'info' });
  const results = [];
  for (const events of sizes) {
    const dataDir = join(dir, `snapshot-${events}`);
    await writeLog(join(dataDir, 'events.sqlite'), events);
    const rebuild = await startupTime(dataDir, 'compiled', { LOG_LEVEL: 'info' });
    const snapshot = await startupTime(dataDir, 'compiled', { LOG_LEVEL: 'info' }, true);
    rmSync(dataDir, { recursive: true, force: true });
    results.push({ events, rebuild, snapshot });
  }
  return { ceiling, results };
}

async function main() {
  console.log(
    `bench:core — ${APPENDS.toLocaleString('ru-RU')} single-event appends, ${STREAMS} streams; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (others' work slows every figure)`,
  );
  for (const durability of ['NORMAL', 'FULL'] as const) {
    const ceiling = rawInserts(durability);
    const port = await portAppends(durability);
    console.log(
      `  synchronous=${durability}: port ${fmt(port)}/s, raw better-sqlite3 ${fmt(ceiling)}/s → ${((port / ceiling) * 100).toFixed(0)}% of the ceiling (goal ≥ 80%)`,
    );
  }
  const lag = await visibilityLag(1000, Number(process.env.BENCH_LAG_SECONDS ?? 5));
  console.log(
    `  append → read model at ${fmt(lag.achieved)} appends/s (${lag.count} events): p50 ${lag.p50.toFixed(2)} ms, p99 ${lag.p99.toFixed(2)} ms, max ${lag.max.toFixed(2)} ms (goal p99 < 50 ms)`,
  );
  const events = Number(process.env.BENCH_STARTUP_EVENTS ?? 100_000);
  for (const { kind, ms, cpu, all } of await startupTimes(events))
    console.log(
      `  start-up with ${fmt(events)} events in the log, ${kind === 'compiled' ? 'compiled (node dist/server/main.js)' : 'TypeScript through tsx'}: ` +
        `${fmt(ms)} ms until the server answers${cpu === null ? '' : `, ${fmt(cpu)} ms of CPU`} (median of ${all.map(fmt).join(' / ')} ms; goal < 5 000 ms)`,
    );
  const sizes = (process.env.BENCH_SNAPSHOT_EVENTS ?? '100000,1000000').split(',').map(Number);
  const { ceiling, results } = await snapshotStartups(sizes);
  for (const { events: count, rebuild, snapshot } of results) {
    console.log(
      `  start-up with ${fmt(count)} events, compiled: from a read-model snapshot ${fmt(snapshot.ms)} ms until the server answers` +
        `${snapshot.cpu === null ? '' : ` (${fmt(snapshot.cpu)} ms of CPU)`}, a full rebuild ${fmt(rebuild.ms)} ms` +
        `${rebuild.cpu === null ? '' : ` (${fmt(rebuild.cpu)} ms of CPU)`}; ceiling: an empty log ${fmt(ceiling.ms)} ms; goal < 5 000 ms from the snapshot` +
        (rebuild.written
          ? `; the snapshot ${(rebuild.written.bytes / 2 ** 20).toFixed(0)} MB, written at shutdown in ${fmt(rebuild.written.ms)} ms, the event loop held at most ${fmt(rebuild.written.longestSliceMs)} ms at a time`
          : ''),
    );
    const after = snapshot.afterStart;
    if (after)
      console.log(
        `    after the snapshot's start: a guest's first search (it loads the catalogue; 404: the generated listings are all inside a guest's premium window) answered ${after.searchStatus} at ${fmt(after.firstSearchMs)} ms, ` +
          `every read model loaded at ${after.loadedMs === null ? '?' : fmt(after.loadedMs)} ms (from the start; a full rebuild answers after ${fmt(rebuild.ms)} ms)`,
      );
  }
  if (results.length > 1) {
    const [first, last] = [results[0], results[results.length - 1]];
    const times = (a: number, b: number) => `×${(b / a).toFixed(1)}`;
    console.log(
      `  growth from ${fmt(first.events)} to ${fmt(last.events)} events (${times(first.events, last.events)}): ` +
        `a full rebuild ${times(first.rebuild.ms, last.rebuild.ms)} (${fmt(first.rebuild.ms)} → ${fmt(last.rebuild.ms)} ms), ` +
        `from a snapshot ${times(first.snapshot.ms, last.snapshot.ms)} (${fmt(first.snapshot.ms)} → ${fmt(last.snapshot.ms)} ms)`,
    );
  }
  console.log(`  load average at the end: ${loadavg()[0].toFixed(1)}`);
  rmSync(dir, { recursive: true, force: true });
}

if (process.argv[2] === 'write-log')
  await writeLog(process.argv[3], Number(process.argv[4] ?? 100_000)).then(() => process.exit(0));
main().catch((error) => {
  console.error(error);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
