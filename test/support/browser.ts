import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}
