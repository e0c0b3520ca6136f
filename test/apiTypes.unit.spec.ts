import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');

/**
 * The front ends' request types (client/src/api/schema.ts) are the route declarations' own: the
 * OpenAPI document is built again (build/apiTypes.ts, in a child process) and turned into types, and
 * the committed file must be that text. A changed request or answer schema fails here until
 * `npm run api:types` is run, and then the front ends' type check fails wherever they still send or
 * read the old shape.
 */
it('client/src/api/schema.ts is generated from the current route declarations', () => {
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'build/apiTypes.ts'), '--stdout'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`build/apiTypes.ts failed:\n${run.stderr}`);
  const committed = readFileSync(join(root, 'client/src/api/schema.ts'), 'utf8');
  if (run.stdout !== committed)
    throw new Error(
      'client/src/api/schema.ts is not what the route declarations generate: run `npm run api:types` and commit it',
    );
  expect(committed).toContain("'/api/publications/{id}'");
}, 60_000);
