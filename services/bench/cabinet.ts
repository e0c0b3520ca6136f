/**
 * `npm run bench:cabinet`: Lighthouse's desktop Performance of the cabinet's dashboard, signed in as
 * the demo agency's owner (goal ≥ 90), beside a ceiling measured in the same run: the same Lighthouse,
 * the same Chromium and the same server answering a page of a few bytes, the best this machine
 * scores. Runs on the built front ends (`npm run build` first, as the script does).
 *
 * Lighthouse comes from the npm registry through npx (12.x: 13 wants Node 22), driving Debian's
 * Chromium (CHROME_PATH, else `chromium` on the PATH); it is not a dependency of the project.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { startTestServer } from '../test/testApp';
import { AUTH_COOKIE } from '../src/identity/sessions';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OWNER = '79990000001';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
    encoding: 'utf8',
  }).trim();
}

type Audit = { numericValue?: number };
type Report = { categories: { performance: { score: number } }; audits: Record<string, Audit> };

/** One Lighthouse run (desktop preset, performance only); answers its report. */
async function lighthouse(url: string, headers: Record<string, string>): Promise<Report> {
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
          '--preset=desktop',
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          `--extra-headers=${JSON.stringify(headers)}`,
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(label: string, url: string, headers: Record<string, string>) {
  const reports: Report[] = [];
  for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(url, headers));
  const of = (audit: string) => median(reports.map((r) => r.audits[audit]?.numericValue ?? 0));
  const score = median(reports.map((r) => Math.round(r.categories.performance.score * 100)));
  console.log(
    `  ${label.padEnd(34)} Performance ${String(score).padStart(3)}  ` +
      `FCP ${of('first-contentful-paint').toFixed(0)} ms  LCP ${of('largest-contentful-paint').toFixed(0)} ms  ` +
      `TBT ${of('total-blocking-time').toFixed(0)} ms  CLS ${of('cumulative-layout-shift').toFixed(3)}`,
  );
  return { score, reports };
}

/** the owner's session token, signed in by the code the development outbox shows */
async function signIn(baseUrl: string, phone: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/send-login-sms-code', { phone, 'g-recaptcha-response': 'test' });
  const sms = (await (await fetch(`${baseUrl}/api/dev/sms?phone=${phone}`)).json()) as {
    data: { text: string }[];
  };
  const smsCode = /\b(\d{4})\b/.exec(sms.data[0]?.text ?? '')?.[1];
  const login = await post('/api/auth/login', { phone, smsCode });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** the URLs a run loaded (Lighthouse's network-requests audit) */
const requestsOf = (report: Report) =>
  (
    (report.audits['network-requests'] as { details?: { items?: { url: string }[] } }).details?.items ?? []
  ).map((item) => item.url);

async function main() {
  const server = await startTestServer({ listings: 240 });
  const tiny = await tinyPage();
  try {
    const cookie = { Cookie: `${AUTH_COOKIE}=${await signIn(server.url, OWNER)}` };
    console.log(`bench:cabinet — Lighthouse (${LIGHTHOUSE}, desktop), median of ${RUNS} runs`);
    const { score: ceiling } = await measure('ceiling: a page of a few bytes', `${tiny.url}/`, {});
    const { score: dashboard, reports } = await measure(
      'the dashboard, signed in',
      `${server.url}/cabinet/`,
      cookie,
    );
    // the figure is the dashboard's only if the page was signed in and asked for the dashboard's data
    if (!reports.every((r) => requestsOf(r).some((url) => url.includes('/api/publications-statistic'))))
      throw new Error('the dashboard run did not load the dashboard (not signed in?)');
    const { score: signInPage } = await measure('the sign-in page', `${server.url}/cabinet/`, {});
    console.log(
      `  goal: the dashboard ≥ 90 — ${dashboard >= 90 ? 'met' : 'NOT met'} (${dashboard} of the ceiling's ${ceiling}; sign-in ${signInPage})`,
    );
  } finally {
    tiny.close();
    await server.stop();
  }
}

/** the ceiling's page: a few bytes of HTML from a plain Node server on this machine */
async function tinyPage() {
  const http = createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><html lang="ru"><meta name="viewport" content="width=device-width"><title>Пусто</title><p>Пусто</p></html>',
      ),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => http.close(),
  };
}

await main();
