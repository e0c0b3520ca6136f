import { rmSync } from 'node:fs';
import request from 'supertest';
import { createApp } from '../services/src/app';
import { buildContext, closeContext } from '../services/src/bootstrap';
import { loadConfig } from '../services/src/core/config';
import { createLogger } from '../services/src/core/logger';
import { seedDemoData } from '../services/src/seed';
import { photosMade } from '../services/test/photos';
import { startTestApp } from './support/server';

const everything = { limit: 100, sortByPrice: 'ASC' };

it('keeps every publication across a restart, and seeds only once', async () => {
  const first = await startTestApp({ listings: 80 });
  // the demo's photos get their sizes a moment after the seed: the listings show them once made
  await photosMade(first.ctx);
  const before = await request(first.app).post('/api/publications').send(everything).expect(200);
  const pages = before.body.meta.last_page;
  expect(before.body.meta.total).toBeGreaterThan(60);
  await closeContext(first.ctx);

  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: first.dataDir, LOG_LEVEL: 'silent' });
  const ctx = await buildContext(config, createLogger('silent'));
  expect(await seedDemoData(ctx, 80)).toEqual({ created: false, listings: 0 });
  const after = await request(createApp(ctx)).post('/api/publications').send(everything).expect(200);
  expect(after.body.meta).toEqual(before.body.meta);
  expect(after.body.data).toEqual(before.body.data);
  expect(pages).toBe(1);
  await closeContext(ctx);
  rmSync(first.dataDir, { recursive: true, force: true });
});
