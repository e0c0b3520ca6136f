/**
 * The demo log of a test run, seeded once (Jest's global set-up, test/support/demoLogSetup.ts) through
 * the same commands `npm start` seeds with. A suite that wants demo data starts from a copy of its data
 * folder (startTestApp), and the read models are rebuilt from the copied log as at any start.
 */
import { cpSync, mkdirSync } from 'node:fs';
import { buildContext, closeContext } from '../src/bootstrap';
import { loadConfig } from '../src/core/config';
import { createLogger } from '../src/core/logger';
import { seedDemoData } from '../src/seed';

/** How many listings the run's demo log holds: enough for every deal, city and complex to have some. */
export const DEMO_LISTINGS = 240;

/** The folder of the run's demo log, when the global set-up made one. */
export const demoLogFolder = (): string | undefined => process.env.TEST_DEMO_LOG || undefined;

/** Copies the run's demo log into an empty data folder. */
export function copyDemoLog(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  cpSync(from, to, { recursive: true });
}

export async function seedDemoLog(dataDir: string, listings = DEMO_LISTINGS): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const ctx = await buildContext(config, createLogger('silent'));
  try {
    await seedDemoData(ctx, listings);
    await ctx.reactors.whenCaughtUp();
    await ctx.projections.whenCaughtUp();
  } finally {
    await closeContext(ctx);
  }
}
