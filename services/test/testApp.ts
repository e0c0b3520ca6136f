import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app';
import { buildContext, closeContext } from '../src/bootstrap';
import { loadConfig } from '../src/core/config';
import type { AppContext } from '../src/core/context';
import { createLogger } from '../src/core/logger';
import { seedDemoData } from '../src/seed/seed';

export type TestApp = { ctx: AppContext; app: ReturnType<typeof createApp>; dataDir: string; close(): Promise<void> };

/** The real app on embedded adapters in a fresh data folder, with demo data unless told otherwise. */
export async function startTestApp(options: { listings?: number; seed?: boolean; env?: Record<string, string>; dataDir?: string } = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'estate-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const ctx = await buildContext(config, createLogger('silent'));
  if (options.seed !== false) await seedDemoData(ctx, options.listings ?? 60);
  const app = createApp(ctx);
  return {
    ctx,
    app,
    dataDir,
    async close() {
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same app listening on a free port, for browser tests. */
export async function startTestServer(options: { listings?: number } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const testApp = await startTestApp(options);
  const server: Server = createServer(testApp.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await testApp.close();
    },
  };
}
