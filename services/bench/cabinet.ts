/**
 * `npm run bench:cabinet`: Lighthouse's desktop Performance of the cabinet's dashboard, signed in as
 * the demo agency's owner (goal ≥ 90), beside a ceiling measured in the same run: the same Lighthouse,
 * the same Chromium and the same server answering a page of a few bytes, the best this machine
 * scores. Runs on the built front ends (`npm run build` first, as the script does).
 *
 * Lighthouse comes from the npm registry through npx (12.x: 13 wants Node 22), driving Debian's
 * Chromium (CHROME_PATH, else `chromium` on the PATH); it is not a dependency of the project.
 */
import { startTestServer } from '../test/testApp';
import { AUTH_COOKIE } from '../src/identity/sessions';
import { LIGHTHOUSE, lighthouse, requestsOf, scoreOf, tinyPage, valueOf, type Report } from './lighthouse';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OWNER = '79990000001';

async function measure(label: string, url: string, headers: Record<string, string>) {
  const reports: Report[] = [];
  for (let i = 0; i < RUNS; i++)
    reports.push(await lighthouse(url, { preset: 'desktop', categories: ['performance'], headers }));
  const score = scoreOf(reports, 'performance');
  console.log(
    `  ${label.padEnd(34)} Performance ${String(score).padStart(3)}  ` +
      `FCP ${valueOf(reports, 'first-contentful-paint').toFixed(0)} ms  LCP ${valueOf(reports, 'largest-contentful-paint').toFixed(0)} ms  ` +
      `TBT ${valueOf(reports, 'total-blocking-time').toFixed(0)} ms  CLS ${valueOf(reports, 'cumulative-layout-shift').toFixed(3)}`,
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

await main();
