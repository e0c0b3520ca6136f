import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function chromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  try {
    return (
      execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
        encoding: 'utf8',
      }).trim() || null
    );
  } catch {
    return null;
  }
}

/**
 * Debian's Chromium driven by playwright-core. Without Chromium a suite says loudly that it is
 * skipped; under CI (CI=true) a missing browser is a failure, since .ci/run installs it.
 */
export async function launchBrowser(suite = 'browser'): Promise<Browser | null> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    if (process.env.CI === 'true') throw new Error('Chromium is missing under CI: .ci/run must install it');
    console.warn(`SKIPPED browser suite "${suite}": Chromium not found (apt-get install -y chromium)`);
    return null;
  }
  const browser = await chromium.launch({ executablePath, args: FLAGS, headless: true });
  await untilScriptsRun(browser);
  return browser;
}

let patched = false;
/**
 * A server-rendered page asks for its JavaScript after its first paint (services/src/site/render.ts),
 * so its `load` event no longer waits for it: `goto` and `reload` here return, as they did before,
 * once the page's scripts have run and React has begun to hydrate (#root holds its container),
 * rather than while the page is still plain HTML. A page without the loader (the cabinet, a file),
 * or a context with JavaScript off, returns at once.
 */
async function untilScriptsRun(browser: Browser) {
  if (patched) return;
  patched = true;
  const context = await browser.newContext();
  const prototype = Object.getPrototypeOf(await context.newPage()) as Page;
  await context.close();
  // a context with JavaScript off runs no loader and no callback: a <noscript>'s markup is parsed as
  // elements then
  const scriptsOff = (page: Page) =>
    page
      .evaluate(() => {
        const probe = document.createElement('noscript');
        probe.innerHTML = '<i></i>';
        return probe.childElementCount > 0;
      })
      .catch(() => true);
  const hydrating = (page: Page) =>
    page
      .waitForFunction(
        () =>
          !document.getElementById('page-scripts') ||
          Object.keys(document.getElementById('root') ?? {}).includes('__k'),
      )
      .catch(() => undefined); // the page went on elsewhere meanwhile: nothing to wait for
  // and then until the main thread is idle twice: what follows hydration (the session, the stores
  // only the browser knows) renders in transitions, which a field typed into meanwhile would meet
  // (never longer than 5 s)
  const settled = (page: Page) =>
    Promise.race([
      page
        .evaluate(
          () =>
            new Promise<void>((resolve) => {
              const idle = (next: () => void) =>
                'requestIdleCallback' in window
                  ? requestIdleCallback(next, { timeout: 2000 })
                  : setTimeout(next, 50);
              idle(() => idle(resolve));
            }),
        )
        .catch(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
  for (const method of ['goto', 'reload'] as const) {
    const original = prototype[method] as (this: Page, ...args: unknown[]) => ReturnType<Page['goto']>;
    (prototype as unknown as Record<string, unknown>)[method] = async function (
      this: Page,
      ...args: unknown[]
    ) {
      const response = await original.apply(this, args);
      if (await scriptsOff(this)) return response;
      await hydrating(this);
      await settled(this);
      return response;
    };
  }
}

/**
 * Waits until the page's components have attached to the server's HTML (a click now runs the
 * page's code). The site hydrates with Preact, at once: its root then holds the tree in `__k`.
 */
export const whenPageHydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).includes('__k'));

/**
 * Waits until this element is hydrated: a page's JavaScript is asked for after its first paint, and
 * text typed into a server-rendered field before hydration is not in the components' state.
 */
export const whenHydrated = async (locator: Locator) => whenPageHydrated(locator.page());
