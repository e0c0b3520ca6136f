// npm run build:server — the services as JavaScript for production: services/src/main.ts bundled by
// esbuild into dist/server/main.js (ESM, Node 24), so `node dist/server/main.js` starts every role
// without a TypeScript loader.
//
// - The workspaces (@estate/events, @estate/projections) are bundled: their package.json files point
//   at TypeScript sources, which Node cannot load from node_modules.
// - Every other package stays external and is loaded from node_modules at run time: better-sqlite3
//   is native, and the engines' clients (KurrentDB, MongoDB, Kafka, BullMQ, Redis, SMTP) are loaded
//   only when configured. Code splitting keeps those dynamic imports lazy: each lands in a chunk of
//   its own beside main.js, so the embedded start does not load the clients.
// - npm may keep a workspace's dependency in that workspace's own node_modules (the mongodb driver
//   pinned to 6.16 lives in projections/node_modules). Node resolves a bare name from the bundle's
//   folder, which would miss it, so such an import is written as a relative path to the file
//   esbuild resolved; a package hoisted to the root node_modules stays a bare name.
// - A package loaded at run time must be a production dependency of the root or of a workspace, or
//   `npm prune --omit=dev` (the Docker image) would remove it: the build fails naming it otherwise.
// - dist/server lies two folders below the repository like services/src, so the paths the sources
//   derive from import.meta.dirname (app.ts: the built front ends at ../../web/dist and
//   ../../cabinet/dist) hold in the bundle too; test/compiledServer.int.spec.ts serves them from it.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, 'dist/server');
const rootModules = join(root, 'node_modules') + sep;
const builtins = new Set(builtinModules);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const rootPackage = readJson(join(root, 'package.json'));
const productionDependencies = new Set(
  [rootPackage, ...rootPackage.workspaces.map((w) => readJson(join(root, w, 'package.json')))].flatMap((p) =>
    Object.keys(p.dependencies ?? {}),
  ),
);

/** 'mongodb/lib/x' → 'mongodb', '@kurrent/kurrentdb-client' → itself. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const externals = new Set();
const notDeclared = new Set();

/** Bundles @estate/*, keeps every other package external, resolvable from dist/server. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      if (args.path.startsWith('@estate/')) return undefined;
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
      const name = packageName(args.path);
      externals.add(name);
      if (!productionDependencies.has(name)) notDeclared.add(name);
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (resolved.path.startsWith(rootModules)) return { path: args.path, external: true };
      // kept in a workspace's own node_modules: Node would not find it by name from dist/server
      const path = relative(outdir, resolved.path).split(sep).join('/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
};

export async function buildServer() {
  const started = performance.now();
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'services/src/main.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // chunks beside main.js: the relative paths written for workspace-kept packages hold for every file
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    // Node maps stack traces through the source map with --enable-source-maps (set in the image)
    sourcesContent: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesExternal],
  });
  if (notDeclared.size > 0)
    throw new Error(
      `build:server: ${[...notDeclared].join(', ')} loaded at run time but not a production dependency of the root or a workspace`,
    );
  const files = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const bytes = files.reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(
    `build:server: ${relative(root, join(outdir, 'main.js'))} and ${files.length - 1} chunks, ${(bytes / 1024).toFixed(0)} kB, ` +
      `${externals.size} packages external, in ${Math.round(performance.now() - started)} ms`,
  );
  return { outdir, files: files.map(([file]) => resolve(root, file)) };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await buildServer();
}
