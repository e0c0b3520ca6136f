import { execFileSync } from 'node:child_process';

/**
 * Whether a server answers a TCP connection, decided synchronously so a suite can be declared or
 * skipped at load time. A skipped suite says so loudly; it never passes silently.
 */
export function tcpReachable(url: string, timeoutMs = 1500): boolean {
  const { hostname, port } = new URL(url.includes('://') ? url : `tcp://${url}`);
  const script = `const s=require('net').connect({host:${JSON.stringify(hostname)},port:${Number(port)}});
    s.setTimeout(${timeoutMs},()=>process.exit(1));s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', script], { stdio: 'ignore', timeout: timeoutMs + 1000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Says loudly that a suite cannot run here, for the caller to skip it (`it.skip`, `describe.skip`).
 * Under CI (CI=true), where .ci/run starts every engine but KurrentDB and installs every tool, a
 * required suite that cannot run is a failure instead: it throws as the suite loads.
 */
export function skipped(what: string, why: string, { required = true } = {}): void {
  if (required && process.env.CI === 'true') throw new Error(`${what} cannot run under CI: ${why}`);
  console.warn(`SKIPPED: ${what} — ${why}`);
}

/**
 * `describe` when the server answers, otherwise a skipped suite and a warning naming what is missing
 * (a failure under CI unless `required: false`).
 */
export function describeWhenReachable(
  what: string,
  url: string | undefined,
  define: (url: string) => void,
  options: { required?: boolean } = {},
): void {
  if (url && tcpReachable(url)) {
    define(url);
    return;
  }
  skipped(what, `no server at ${url ?? '(not configured)'}`, options);
  describe.skip(`${what} (no server at ${url ?? 'unset'})`, () => it('needs a server', () => undefined));
}

/** Waits until a condition holds, checking every 10 ms, and fails after a deadline instead of hanging. */
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * An implication every state must keep ("whenever the request is confirmed, the agency holds its
 * name"), asserted in every state rather than only in those where it applies:
 * `expect(whenever(confirmed, holders, OWN)).toEqual(OWN)` checks `holders` when `confirmed` holds,
 * and its expected value itself otherwise.
 */
export const whenever = <A, E>(premise: boolean, actual: A, expected: E): A | E =>
  premise ? actual : expected;
