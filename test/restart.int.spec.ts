import { rmSync } from 'node:fs';
import request from 'supertest';
import { createApp } from '../services/src/app';
import { buildContext, closeContext } from '../services/src/bootstrap';
import { loadConfig } from '../services/src/core/config';
import { createLogger } from '../services/src/core/logger';
import { seedDemoData } from '../services/src/seed';
import { photosMade } from '../services/test/photos';
import { startTestApp } from './support/server';

/** Every published listing, page after page, as the catalogue answers them. */
async function everyPage(app: Parameters<typeof request>[0]) {
  const pages: { meta: { total: number; last_page: number }; data: unknown[] }[] = [];
  do {
    const { body } = await request(app)
      .post('/api/publications')
      .send({ limit: 100, offset: pages.length + 1, sortByPrice: 'ASC' })
      .expect(200);
    pages.push(body);
  } while (pages.length < pages[0].meta.last_page);
  return pages;
}

it('keeps every publication across a restart, and seeds only once', async () => {
  const first = await startTestApp();
  // the demo's photos get their sizes a moment after the seed: the listings show them once made
  await photosMade(first.ctx);
  const before = await everyPage(first.app);
  expect(before.length).toBe(before[0].meta.last_page); // the demo log's listings fill several pages
  await closeContext(first.ctx);

  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: first.dataDir, LOG_LEVEL: 'silent' });
  const ctx = await buildContext(config, createLogger('silent'));
  expect(await seedDemoData(ctx, 80)).toEqual({ created: false, listings: 0 });
  expect(await everyPage(createApp(ctx))).toEqual(before);
  await closeContext(ctx);
  rmSync(first.dataDir, { recursive: true, force: true });
});
