import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The tests run on the Node production runs (24 LTS). `npm install` brings it (the optional dependency
 * node-linux-<arch>), and npm's scripts and npx put it first on the PATH whatever Node runs npm itself.
 */
export function requireRuntimeOfRecord(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 24)
    throw new Error(
      `The tests run on Node 24, the runtime of record, not ${process.version}: run them through npm ` +
        '(npm test, npm run test:unit) or npx, which use the Node 24 that npm install put in node_modules/.bin',
    );
}

/**
 * Seeds the run's demo log once (services/test/demoLog.ts) and names its folder in TEST_DEMO_LOG for
 * the workers; a second project's set-up in the same run finds it made. The seed runs in a process of
 * its own: a global set-up is loaded outside Jest's module system.
 */
export function seedDemoLogOnce(): void {
  if (process.env.TEST_DEMO_LOG) return;
  const folder = join(mkdtempSync(join(tmpdir(), 'estate-demo-log-')), 'data');
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'seedDemoLog.ts'), folder], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  if (seeded.status !== 0) throw new Error(`the run's demo log could not be seeded (exit ${seeded.status})`);
  process.env.TEST_DEMO_LOG = folder;
}

/** Removes the run's demo log (the last project's tear-down; a second call finds nothing). */
export function removeDemoLog(): void {
  const folder = process.env.TEST_DEMO_LOG;
  if (folder) rmSync(dirname(folder), { recursive: true, force: true });
}
