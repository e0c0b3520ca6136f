import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, SqliteEventStore } from '@estate/events';
import { skipped, tcpReachable } from '@estate/events/testing';
import { dropProjectorCollections } from '../services/test/readStores';
import { allProjections } from '@estate/projections';
import { MongoReadStore } from '@estate/projections/readStore/mongo';

/**
 * The server as production runs it: `node dist/server/main.js`, the JavaScript `npm run build`
 * emits (build/server.mjs), with no TypeScript loader. `npm test` builds before Jest runs, so a
 * missing bundle is a failure here, never a skip.
 */
const root = join(__dirname, '..');
const serverDir = join(root, 'dist/server');
const main = join(serverDir, 'main.js');
jest.setTimeout(120_000);

beforeAll(() => {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  for (const app of ['web', 'cabinet'])
    if (!existsSync(join(root, app, 'dist/index.html')))
      throw new Error(`${app}/dist is not built: run npm run build first`);
});

type Started = { child: ChildProcess; out: () => string; exited: Promise<number | string | null> };

/** Starts the compiled server with only the given settings (no NODE_OPTIONS: nothing may load tsx). */
function startCompiled(env: Record<string, string>): Started {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [main], {
    cwd: tmpdir(), // the bundle finds its static files from its own place, not from the working folder
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  // the exit code, or the signal that ended it (SIGABRT when a native module aborts)
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, out: () => out, exited };
}

async function waitFor<T>(
  what: string,
  started: Started,
  probe: () => T | undefined | Promise<T | undefined>,
) {
  const end = Date.now() + 90_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    const { exitCode, signalCode } = started.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(
        `the compiled server exited (${exitCode ?? signalCode}) before ${what}:\n${started.out()}`,
      );
    if (Date.now() > end) throw new Error(`no ${what} within 90 s:\n${started.out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(started: Started): Promise<number | string | null> {
  if (started.child.exitCode === null) started.child.kill('SIGTERM');
  return started.exited;
}

describe('the compiled server (node dist/server/main.js), all roles in one process', () => {
  let dataDir: string;
  let server: Started;
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'compiled-server-'));
    server = startCompiled({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED: 'true' });
    const port = await waitFor(
      'the ready line',
      server,
      () => /сайт:\s+http:\/\/localhost:(\d+)\//.exec(server.out())?.[1],
    );
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the health check', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
  });

  it('reads the catalogue it built from the demo data', async () => {
    const ask = (path: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ limit: 5 }),
      });
    const page = await ask('/api/publications');
    expect(page.status).toBe(200);
    const body = (await page.json()) as { data: { title: string }[]; meta: { total: number } };
    const count = (await (await ask('/api/publications/count')).json()) as {
      data: { publicationCount: number };
    };
    expect(body.meta.total).toBeGreaterThan(5);
    expect(count.data.publicationCount).toBe(body.meta.total);
    // a page of five, with the top listings placed among them
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    expect(body.data.every((p) => typeof p.title === 'string' && p.title.length > 0)).toBe(true);
  });

  it('serves both built front ends from the repository, whatever its working folder', async () => {
    for (const [path, dist] of [
      ['/prodazha', 'web/dist'],
      ['/cabinet/', 'cabinet/dist'],
    ]) {
      const res = await fetch(`${base}${path}`);
      expect([path, res.status]).toEqual([path, 200]);
      const index = readFileSync(join(root, dist, 'index.html'), 'utf8');
      const text = await res.text();
      if (dist === 'web/dist' && existsSync(join(root, 'web/dist-server/entry-server.cjs'))) {
        // the site is rendered on the server into its built index.html: the same entry script (asked
        // for by the page's loader after its first paint), the page in #root
        const entry = /<script type="module"[^>]*src="([^"]+)"><\/script>/.exec(index)![1];
        expect(/<script id="page-scripts"[^>]*>([\s\S]*?)<\/script>/.exec(text)?.[1]).toContain(
          `("${entry}",`,
        );
        expect(text).toMatch(/<div id="root"><div/);
      } else expect(text).toBe(index);
    }
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await stop(server)).toBe(0);
    expect(server.out()).toContain('stopping');
  });
});

it('every chunk of the bundle loads: the engines’ clients, imported only when configured, resolve from dist/server', () => {
  const chunks = readdirSync(serverDir).filter((f) => f.endsWith('.js') && f !== 'main.js');
  // KurrentDB, MongoDB (kept in projections/node_modules), Kafka, BullMQ, SMTP
  expect(chunks.filter((f) => /^(kurrent|mongo|kafka|bullmq|smtp)-/.test(f)).length).toBe(5);
  const script = `for (const f of ${JSON.stringify(chunks)}) await import(${JSON.stringify(serverDir + '/')} + f);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect([run.status, run.stderr]).toEqual([0, '']);
});

const mongoUrl = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';
const mongoReachable = tcpReachable(mongoUrl);
if (!mongoReachable) skipped('the compiled projector role', `no MongoDB (or stand-in) at ${mongoUrl}`);

(mongoReachable ? it : it.skip)(
  'ROLE=projector runs compiled: it takes the lease and projects the log into MongoDB',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compiled-projector-'));
    const db = `compiled_${randomUUID().slice(0, 8)}`;
    const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    await events.append(
      'agency-a1',
      [newEvent('AgencyRegistered', { agencyId: 'a1', name: 'Агентство', ownerId: 'u1' })],
      'no-stream',
    );
    const head = await events.headPosition();
    await events.close();
    const store = await MongoReadStore.connect(mongoUrl, db);
    const projector = startCompiled({
      ROLE: 'projector',
      DATA_DIR: dataDir,
      MONGO_URL: mongoUrl,
      MONGO_DB: db,
      SEED: 'false',
      PROJECTOR_LEASE_MS: '1500',
    });
    try {
      await waitFor('the checkpoints at the head of the log', projector, async () => {
        const checkpoints = await store.collection('projection_checkpoints').find({});
        const caughtUp = allProjections.every(
          (p) => ((checkpoints.find((c) => c._id === p.name)?.position as number | undefined) ?? 0) >= head,
        );
        return caughtUp ? true : undefined;
      });
      expect(await store.collection('agencies').findOne({ _id: 'a1' })).toMatchObject({ name: 'Агентство' });
      expect(projector.out()).toContain('projector leads');
      expect(await stop(projector)).toBe(0);
    } finally {
      await stop(projector);
      await dropProjectorCollections(store);
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
