/**
 * Jest global set-up of the e2e project: the runtime is checked, the run's demo log seeded once, and one
 * Chromium started for the whole run (playwright-core's browser server); each suite connects to it
 * (test/support/browser.ts) through the address in E2E_BROWSER. Without Chromium the suites are
 * reported skipped; under CI (CI=true), where .ci/run installs it, a missing browser fails the run.
 */
import { chromium } from 'playwright-core';
import { BROWSER_TEST_FLAGS, chromiumPath } from '../../services/test/chromium';
import { requireRuntimeOfRecord, seedDemoLogOnce } from './runtime';

export default async function e2eSetup(): Promise<void> {
  requireRuntimeOfRecord();
  const executablePath = chromiumPath();
  if (!executablePath) {
    if (process.env.CI === 'true') throw new Error('Chromium is missing under CI: .ci/run installs it');
    console.warn('\nSKIPPED: every browser suite — Chromium not found (apt-get install -y chromium)');
    return;
  }
  seedDemoLogOnce();
  const server = await chromium.launchServer({ executablePath, args: BROWSER_TEST_FLAGS, headless: true });
  (globalThis as { __browser__?: typeof server }).__browser__ = server;
  process.env.E2E_BROWSER = server.wsEndpoint();
}
