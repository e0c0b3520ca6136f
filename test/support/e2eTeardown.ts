import type { BrowserServer } from 'playwright-core';
import { removeDemoLog } from './runtime';

/** Jest global tear-down of the e2e project: closes the run's Chromium and removes the demo log. */
export default async function e2eTeardown(): Promise<void> {
  await (globalThis as { __browser__?: BrowserServer }).__browser__?.close();
  removeDemoLog();
}
