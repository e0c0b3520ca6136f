import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The boundaries of docs/architecture.md, checked on the source: a slice is imported only through
 * its index.ts, core/ imports no slice, and the two front ends do not reach into each other.
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

/** Relative module specifiers of a file's imports and re-exports (type-only ones too). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
}

/** The slice a path of services/src lies in, or null for core/ and the composition files at the top. */
function sliceOf(path: string): string | null {
  const [first, second] = relative(services, path).split('/');
  if (second === undefined || first === 'core') return null;
  return first;
}

function resolveModule(from: string, specifier: string): string {
  return resolve(dirname(from), specifier);
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of files(services, /\.tsx?$/)) {
    const from = relative(services, file);
    const fromSlice = sliceOf(file);
    const inCore = from.startsWith('core/');
    for (const specifier of importsOf(file)) {
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
      for (const specifier of importsOf(file)) {
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
});
