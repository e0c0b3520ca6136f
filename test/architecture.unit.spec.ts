import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The boundaries of docs/architecture.md, checked on the source: a slice is imported only through
 * its index.ts, core/ imports no slice, no two slices import each other in a cycle, and the two
 * front ends do not reach into each other.
 */
const root = resolve(__dirname, '..');
const services = join(root, 'services/src');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** A module a file names; `specifier` is null when it is computed (`import(name)`), which no check can follow. */
type Import = { specifier: string | null; line: number };

const literalText = (node: ts.Node | undefined) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/**
 * Every module a source names, in every form: `import … from`, `import type`, a bare `import '…'`,
 * `export … from`, `import x = require('…')`, `import('…')`, `require('…')` and the type `import('…').T`.
 * Read from the syntax tree, so an import written in a comment or a string is not one.
 */
function importsOf(fileName: string, source: string): Import[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: Import[] = [];
  const add = (node: ts.Node, specifier: string | null) =>
    found.push({ specifier, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      add(node, literalText(node.moduleSpecifier));
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, literalText(node.moduleReference.expression));
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    )
      add(node, literalText(node.arguments[0]));
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node, literalText(node.argument.literal));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A source file by its path under services/src ('money/payTariff.ts'). */
type Source = { path: string; source: string };

/**
 * Which slice imports which, from every form of import. Type-only imports count: they vanish from
 * the compiled code, so they cannot half-load a module, but a slice that names another's types still
 * cannot change or be understood without it, and the design forbids the cycle itself, not only its
 * crash at load time. Spec files do not count: nothing imports them, so they cannot close a cycle at
 * load time; like the app, they put slices together (an API test seeds through the seed slice).
 */
function sliceGraph(sources: Source[]) {
  const folders = new Set(sources.filter((s) => s.path.includes('/')).map((s) => s.path.split('/')[0]));
  const sliceOfPath = (path: string) => {
    const [first, ...rest] = path.split('/');
    if (first === 'core' || first === '..' || (rest.length === 0 && !folders.has(first))) return null;
    return first;
  };
  /** from slice → to slice → the files that make that import */
  const edges = new Map<string, Map<string, Set<string>>>();
  const computed: string[] = [];
  for (const { path, source } of sources) {
    const from = sliceOfPath(path);
    if (!from || /\.spec\.tsx?$/.test(path)) continue;
    for (const { specifier, line } of importsOf(path, source)) {
      if (specifier === null) {
        computed.push(`${path}:${line}`);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const to = sliceOfPath(posix.normalize(posix.join(posix.dirname(path), specifier)));
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const targets = edges.get(from)!;
      if (!targets.has(to)) targets.set(to, new Set());
      targets.get(to)!.add(path);
    }
  }
  return { edges, computed };
}

/** The slices from which `to` is reached from `from` by the fewest imports (both ends included), or null. */
function shortestPath(edges: Map<string, Map<string, Set<string>>>, from: string, to: string) {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const slice = queue.shift()!;
    if (slice === to) {
      const path = [to];
      for (let at = previous.get(to); at != null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of edges.get(slice)?.keys() ?? [])
      if (!previous.has(next)) {
        previous.set(next, slice);
        queue.push(next);
      }
  }
  return null;
}

/**
 * The cycles among the slices, each as its path ('money → publications → money') with the files
 * that make each step. Every import that lies on a cycle shows in one: for each import a → b, the
 * shortest way back from b to a closes a cycle; a cycle is written from its first slice by name, once.
 */
function cyclesOf(sources: Source[]): string[] {
  const { edges } = sliceGraph(sources);
  const cycles = new Map<string, string>();
  for (const [from, targets] of edges)
    for (const to of targets.keys()) {
      const back = shortestPath(edges, to, from);
      if (!back) continue;
      const ring = [from, ...back.slice(0, -1)];
      const start = ring.indexOf([...ring].sort()[0]);
      const ordered = [...ring.slice(start), ...ring.slice(0, start)];
      const steps = ordered.map((slice, i) => {
        const next = ordered[(i + 1) % ordered.length];
        const by = [...edges.get(slice)!.get(next)!].sort();
        return `${slice} → ${next}: ${by.slice(0, 3).join(', ')}${by.length > 3 ? ` and ${by.length - 3} more` : ''}`;
      });
      const path = [...ordered, ordered[0]].join(' → ');
      cycles.set(path, `${path} (${steps.join('; ')})`);
    }
  return [...cycles.keys()].sort().map((path) => cycles.get(path)!);
}

const serviceSources = (): Source[] =>
  files(services, /\.tsx?$/).map((file) => ({
    path: relative(services, file).split('\\').join('/'),
    source: readFileSync(file, 'utf8'),
  }));

function resolveModule(from: string, specifier: string): string {
  return resolve(dirname(from), specifier);
}

/** The slice a path of services/src lies in, or null for core/ and the composition files at the top. */
function sliceOf(path: string): string | null {
  const [first, second] = relative(services, path).split('/');
  if (second === undefined || first === 'core') return null;
  return first;
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of files(services, /\.tsx?$/)) {
    const from = relative(services, file);
    const fromSlice = sliceOf(file);
    const inCore = from.startsWith('core/');
    for (const { specifier } of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!specifier?.startsWith('.')) continue;
      const target = resolveModule(file, specifier);
      if (!target.startsWith(services)) continue;
      const targetRel = relative(services, target);
      const targetSlice = sliceOf(`${target}.ts`) ?? sliceOf(join(target, 'index.ts'));
      if (!targetSlice || targetSlice === fromSlice) continue;
      const throughIndex = targetRel === targetSlice || targetRel === `${targetSlice}/index`;
      // the front ends' answer types (contract.ts) read each slice's answer schemas, which are pure zod
      if (from === 'contract.ts' && targetRel === `${targetSlice}/dto`) continue;
      // an answer schema may embed another slice's (a favourite is a publication): dto.ts to dto.ts, both pure zod
      if (from.endsWith('/dto.ts') && targetRel === `${targetSlice}/dto`) continue;
      if (inCore) found.push(`core imports a slice: ${from} → ${targetRel}`);
      else if (!throughIndex) found.push(`${from} → ${targetRel}`);
    }
  }
  for (const [app, other] of [
    ['cabinet', 'web'],
    ['web', 'cabinet'],
  ]) {
    for (const file of files(join(root, app, 'src'), /\.tsx?$/)) {
      for (const { specifier } of importsOf(file, readFileSync(file, 'utf8'))) {
        if (!specifier?.startsWith('.')) continue;
        if (resolveModule(file, specifier).startsWith(join(root, other)))
          found.push(`${relative(root, file)} → ${relative(root, resolveModule(file, specifier))}`);
      }
    }
  }
  return found.sort();
}

describe('architecture', () => {
  it('imports a slice only through its index.ts, never from core/, and keeps the front ends apart', () => {
    expect(violations()).toEqual([]);
  });

  it('has no cycle between slices, through any form of import', () => {
    expect(cyclesOf(serviceSources())).toEqual([]);
  });

  it('names every module a slice imports: none is computed where the check cannot follow it', () => {
    expect(sliceGraph(serviceSources()).computed).toEqual([]);
  });
});

describe('the cycle check itself', () => {
  it('reads every form of import, and none written in a comment or a string', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import './c';",
      "export { d } from './d';",
      "export * from './e';",
      "import f = require('./f');",
      "const g = () => import('./g');",
      "const h = require('./h');",
      "type I = import('./i').I;",
      'const j = (name: string) => import(name);',
      "// await import('./comment')",
      'const text = "import(\'./string\')";',
    ].join('\n');
    expect(importsOf('x.ts', source).map((i) => i.specifier)).toEqual([
      './a',
      './b',
      './c',
      './d',
      './e',
      './f',
      './g',
      './h',
      './i',
      null,
    ]);
  });

  it('finds a cycle made on purpose, through import(), import type and require() too', () => {
    const sources: Source[] = [
      // a → b statically, b → c lazily, c → a by a type alone: one cycle of three
      { path: 'a/index.ts', source: "export { x } from './x';" },
      { path: 'a/x.ts', source: "import { y } from '../b';\nexport const x = y;" },
      { path: 'b/index.ts', source: "export async function y() {\n  return (await import('../c')).z;\n}" },
      { path: 'c/index.ts', source: "import type { X } from '../a/x';\nexport const z = 1;" },
      // d ⇄ e through require() and a re-export
      { path: 'd/index.ts', source: "const e = require('../e');" },
      { path: 'e/index.ts', source: "export * from '../d';" },
      // f leans on a, and a spec of a leans on f: a spec is not loaded by the app, so no cycle
      { path: 'f/index.ts', source: "import { x } from '../a';\n// import('../a') in a comment" },
      { path: 'a/x.unit.spec.ts', source: "import { f } from '../f';" },
      // core and the app's composition files are no slice
      { path: 'core/route.ts', source: "import { x } from '../a';" },
      { path: 'app.ts', source: "import { x } from './a';\nimport { f } from './f';" },
      { path: 'g/index.ts', source: "import { app } from '../app';" },
    ];
    expect(cyclesOf(sources)).toEqual([
      'a → b → c → a (a → b: a/x.ts; b → c: b/index.ts; c → a: c/index.ts)',
      'd → e → d (d → e: d/index.ts; e → d: e/index.ts)',
    ]);
  });

  it('reports a computed import, which could hide a cycle', () => {
    const sources = [{ path: 'a/index.ts', source: "const b = await import(`../${'b'}`);\nrequire(name);" }];
    expect(sliceGraph(sources).computed).toEqual(['a/index.ts:1', 'a/index.ts:2']);
  });

  it('finds no cycle where there is none', () => {
    expect(
      cyclesOf([
        { path: 'a/index.ts', source: "import { b } from '../b';" },
        { path: 'b/index.ts', source: "import { c } from '../c';" },
        { path: 'c/index.ts', source: 'export const c = 1;' },
      ]),
    ).toEqual([]);
  });
});
