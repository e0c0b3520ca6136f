/**
 * Lighthouse from the npm registry through npx (12.x: 13 wants Node 22), driving Debian's Chromium
 * (CHROME_PATH, else the one and the flags the browser tests use: services/test/chromium.ts); it is
 * not a dependency of the project. Shared by bench:cabinet and bench:web.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, CHROMIUM_FLAGS } from '../test/chromium';

export const LIGHTHOUSE = 'lighthouse@12.8.2';

const CHROME_FLAGS = CHROMIUM_FLAGS.join(' ');

export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
type Audit = { numericValue?: number; score?: number | null; title?: string; details?: unknown };
export type Report = {
  categories: Partial<Record<Category, { score: number }>>;
  audits: Record<string, Audit>;
  /** Lighthouse's measure of this machine's speed (its 4× CPU slowdown assumes 1,500–2,000) */
  environment?: { benchmarkIndex?: number };
};

function chromePath(): string {
  const found = process.env.CHROME_PATH || chromiumPath();
  if (!found) throw new Error('Lighthouse needs Chromium: set CHROME_PATH or install chromium');
  return found;
}

/** One Lighthouse run of a URL with a preset (desktop, or mobile: Lighthouse's default); answers its report. */
export async function lighthouse(
  url: string,
  options: { preset: 'desktop' | 'mobile'; categories: Category[]; headers?: Record<string, string> },
): Promise<Report> {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const out = join(dir, 'report.json');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          url,
          ...(options.preset === 'desktop' ? ['--preset=desktop'] : []),
          `--only-categories=${options.categories.join(',')}`,
          '--output=json',
          `--output-path=${out}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          `--extra-headers=${JSON.stringify(options.headers ?? {})}`,
          '--quiet',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chromePath() } },
      );
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}`))));
    });
    return JSON.parse(readFileSync(out, 'utf8')) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A category's score out of 100, the median of the runs. */
export const scoreOf = (reports: Report[], category: Category) =>
  median(reports.map((r) => Math.round((r.categories[category]?.score ?? 0) * 100)));

/** Lighthouse's benchmark index of the machine during a run. */
export const benchmarkIndex = (report: Report) => report.environment?.benchmarkIndex ?? 0;

/** The benchmark index of the machine during the runs, their median. */
export const benchmarkIndexOf = (reports: Report[]) => median(reports.map(benchmarkIndex));

/** An audit's measured value in a run (ms, or the shift for CLS). */
export const auditValue = (report: Report, audit: string) => report.audits[audit]?.numericValue ?? 0;

/** An audit's measured value, the median of the runs. */
export const valueOf = (reports: Report[], audit: string) => median(reports.map((r) => auditValue(r, audit)));

/** the URLs a run loaded (Lighthouse's network-requests audit) */
export const requestsOf = (report: Report) =>
  (
    (report.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []
  ).map((item) => item.url);

/** The audits of a category that failed in a run, by title: what to mend when a score is below its goal. */
export function failedAudits(report: Report): string[] {
  return Object.values(report.audits)
    .filter((a) => a.score !== null && a.score !== undefined && a.score < 0.9 && a.title)
    .map((a) => a.title!);
}

/** A plain Node server on this machine answering every request with `handler`: its address and its end. */
export async function serve(handler: RequestListener) {
  const http = createServer(handler);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => http.close(),
  };
}

/** A page of HTML from a plain Node server on this machine (`serve`), whatever the path asked for. */
export const servePage = (html: string) =>
  serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));

/** The ceiling's page: a few bytes of HTML from a plain Node server on this machine. */
export const tinyPage = () =>
  servePage(
    '<!doctype html><html lang="ru"><head><meta name="viewport" content="width=device-width"><meta name="description" content="Пусто"><title>Пусто</title></head><body><main><h1>Пусто</h1></main></body></html>',
  );
