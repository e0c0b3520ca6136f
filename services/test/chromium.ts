import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium as this machine runs it: no sandbox (root), no GPU, no calls to Google's services. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The flags of the browser tests' Chromium (Playwright's launch): CHROMIUM_FLAGS and Chromium's features
 * off. Chromium 156 preloads its address bar's suggestion popups as two web pages of its own in every
 * window, and Playwright opens a window per context: about a second of renderer time per test's context
 * on two cores, a third of a browser run's CPU. Chromium reads only the last `--disable-features`, so
 * this one repeats the features Playwright turns off (its chromiumSwitches.ts, 1.65) before the popups.
 */
export const BROWSER_TEST_FLAGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[
    // Playwright's own, and why (see its source): beforeunload, profiles, plain HTTP kept, no Google calls
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    // the address bar's popups, never shown in a headless test
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
  ].join(',')}`,
];

/**
 * CHROMIUM_PATH when it is set (null when nothing is there: `CHROMIUM_PATH=none npm test` runs as a
 * machine without a browser would), otherwise Debian's chromium on the PATH; null when there is none.
 */
export function chromiumPath(): string | null {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return existsSync(chosen) ? chosen : null;
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
