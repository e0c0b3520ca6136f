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
