import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Response,
} from 'playwright-core';
import { startTestServer, type TestServer } from './server';

/**
 * The browser suites (`*.e2e.spec.ts`) share the run's one Chromium (test/support/e2eSetup.ts). A suite
 * is declared with `describeInBrowser`, skipped visibly when the run has no Chromium (never counted as
 * passed), and gets its browser and its own server from a copy of the demo log with `browserSuite`.
 */
const endpoint = process.env.E2E_BROWSER;

/** `describe` when the run has its Chromium, otherwise the same suite reported skipped; decided at load time. */
export const describeInBrowser: (name: string, define: () => void) => void = (name, define) =>
  endpoint ? describe(name, define) : describe.skip(`${name} (no Chromium)`, define);

/** The run's Chromium, connected for one suite; `close()` disconnects and closes the suite's pages. */
export async function connectBrowser(): Promise<Browser> {
  if (!endpoint) throw new Error('no Chromium in this run: declare the suite with describeInBrowser');
  return chromium.connect(endpoint);
}

/**
 * Before the suite's tests: the run's browser and a server of the suite's own (the real app on a free
 * port, from a copy of the demo log unless `seed: false`); both closed after them. Read the fields in
 * hooks and tests, not at the suite's load.
 */
export function browserSuite(options: Parameters<typeof startTestServer>[0] = {}): {
  readonly browser: Browser;
  readonly server: TestServer;
} {
  const suite = {} as { browser: Browser; server: TestServer };
  beforeAll(async () => {
    [suite.browser, suite.server] = await Promise.all([connectBrowser(), startTestServer(options)]);
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/**
 * Waits for the page's own signal that it is usable: the site and the cabinet set `<html data-hydrated>`
 * once the app has attached to the page and the main thread was idle after its first effects
 * (@estate/client's useHydratedSignal). A server-rendered page is plain HTML until then: text typed into
 * one of its fields would not reach the components. A page without the app (a file, an error page of
 * the server) or with JavaScript off has nothing to wait for.
 */
export async function whenPageHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
  );
}

/** Whether scripts run in this page's context: a `<noscript>`'s markup is parsed as elements when they do not. */
const scriptsOff = (page: Page) =>
  page
    .evaluate(() => {
      const probe = document.createElement('noscript');
      probe.innerHTML = '<i></i>';
      return probe.childElementCount > 0;
    })
    .catch(() => true);

/** `page.goto`, then the page's signal that it is usable (whenPageHydrated). */
export async function visit(
  page: Page,
  url: string,
  options?: Parameters<Page['goto']>[1],
): Promise<Response | null> {
  const response = await page.goto(url, options);
  if (!(await scriptsOff(page))) await whenPageHydrated(page);
  return response;
}

/** `page.reload`, then the page's signal that it is usable (whenPageHydrated). */
export async function reload(page: Page, options?: Parameters<Page['reload']>[0]): Promise<Response | null> {
  const response = await page.reload(options);
  if (!(await scriptsOff(page))) await whenPageHydrated(page);
  return response;
}

/** Waits until the page this element is in is hydrated (a click now runs the page's code). */
export const whenHydrated = async (locator: Locator) => whenPageHydrated(locator.page());

/**
 * A screenshot for a person to look at, written under SCREENSHOT_DIR only when it is set (a full page
 * costs a tenth of a second or more, and nothing reads them in a run): `SCREENSHOT_DIR=.cache/shots npm run test:e2e`.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  const path = join(folder, `${name}.png`);
  mkdirSync(folder, { recursive: true });
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

/** A blank 1×1 PNG, every map tile of a browser test (the machine may resolve no outside name). */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Answers the map's tile requests (OpenStreetMap's host) of a page or a whole context with a blank
 * tile: the request still passes the page's CSP first, and no tile that cannot load is a console error.
 */
export async function answerMapTiles(target: Page | BrowserContext) {
  await target.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
}

/** The browser's log line for the designed 401 of GET /api/profile (a visitor not signed in). */
export const isSignedOutProbe = (text: string) =>
  /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\) @ http:\/\/[^/]+\/api\/profile$/.test(
    text,
  );

/**
 * The page's console errors (with where they came from) and uncaught errors from now on, gathered as
 * they come; the designed 401 of a visitor's profile probe is not one. A page's error is a defect.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} @ ${message.location().url}`;
    if (!isSignedOutProbe(text)) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
