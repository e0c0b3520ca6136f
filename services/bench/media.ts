/**
 * npm run bench:media — photos and their sizes (not a test; timings vary with the machine and what else runs on it):
 *  (a) sizes made per second by the `images` worker's processor — through the queue, the file store
 *      and the event store, IMAGE_WORKER_CONCURRENCY photos at a time — for BENCH_PHOTOS (100) photos
 *      of 12 MP (4000x3000 JPEG, a gradient with noise, about 5 MB);
 *  (b) beside it the ceiling: sharp alone (makeVariants, the processor's own image work) making the
 *      same sizes of the same photos at the same concurrency, with no queue, store or event; and for
 *      comparison the naive way, each of the six files decoded from the original on its own;
 *  (c) the upload call (POST /api/system/upload over HTTP, one 5 MB photo a request) for 50 requests:
 *      p50 / p95 / max, first one after another with the worker idle between them (the request's own
 *      cost: it never makes sizes), then back to back while the worker makes the sizes of the earlier ones.
 * The app runs in development mode for its SMS outbox (the agent signs in with a code read from it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTOS, type PhotoDocument } from '@estate/projections';
import sharp from 'sharp';
import { createApp } from '../src/app';
import { buildContext, closeContext } from '../src/bootstrap';
import type { AppContext } from '../src/core/context';
import { loadConfig } from '../src/core/config';
import { agencyFolder, contentKey } from '../src/core/files';
import { createLogger } from '../src/core/logger';
import {
  checkPhoto,
  IMAGES_QUEUE,
  incomingKey,
  makeVariants,
  normalisePhoto,
  PHOTO_VARIANT_SIZES,
  recordPhoto,
  type CheckedPhoto,
} from '../src/media';
import { createAgency } from '../test/publications';

const PHOTOS_MADE = Number(process.env.BENCH_PHOTOS ?? 100);
const REQUESTS = Number(process.env.BENCH_UPLOADS ?? 50);
const WIDTH = 4000;
const HEIGHT = 3000;
const SIZES_PER_PHOTO = Object.keys(PHOTO_VARIANT_SIZES).length * 2;
const fmt = (n: number, digits = 1) => n.toLocaleString('ru-RU', { maximumFractionDigits: digits });
const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` on every item, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * 12 MP photos, each its own content: one gradient with noise (pixels a camera would give a JPEG
 * encoder as much work as), shifted a little in colour per photo, as JPEG quality 92 (about 5 MB).
 */
async function makePhotos(count: number): Promise<Buffer[]> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 12345;
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (((seed >>> 16) & 0xff) / 255 - 0.5) * 44;
      raw[i] = Math.max(0, Math.min(255, 40 + (x * 180) / WIDTH + noise));
      raw[i + 1] = Math.max(0, Math.min(255, 60 + (y * 160) / HEIGHT + noise));
      raw[i + 2] = Math.max(0, Math.min(255, 200 - (x * 120) / WIDTH + noise * 0.8));
    }
  const photos = new Array<Buffer>(count);
  await pool([...photos.keys()], availableParallelism(), async (k) => {
    photos[k] = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .linear([1, 1, 1], [(k % 11) - 5, ((k * 3) % 13) - 6, ((k * 7) % 9) - 4])
      .jpeg({ quality: 92 })
      .toBuffer();
  });
  return photos;
}

async function waitForJobs(ctx: AppContext, completed: number) {
  for (;;) {
    const counts = await ctx.jobs.counts(IMAGES_QUEUE);
    if (counts.failed) throw new Error(`${counts.failed} image jobs failed`);
    if (counts.completed >= completed) return;
    await pause(20);
  }
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );

/** Signs in as a person does: a code by SMS, read from the development outbox. */
async function signIn(url: string, phone: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/send-login-sms-code', { phone, 'g-recaptcha-response': 'bench' });
  const sms = (await (await fetch(`${url}/api/dev/sms?phone=${phone}`)).json()) as {
    data: { text: string }[];
  };
  const login = (await (
    await post('/api/auth/login', { phone, smsCode: /\b(\d{4})\b/.exec(sms.data[0].text)![1] })
  ).json()) as { data: { token: string } };
  return login.data.token;
}

async function uploadOnce(url: string, token: string, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const started = performance.now();
  const res = await fetch(`${url}/api/system/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { data?: { ready: boolean }[] };
  const ms = performance.now() - started;
  if (res.status !== 200 || body.data?.[0]?.ready !== false)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return ms;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-media-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dir,
    SEED: 'false',
    LOG_LEVEL: 'silent',
    PHOTO_UPLOADS_PER_HOUR: '100000',
    IMAGE_WORKER_CONCURRENCY: process.env.IMAGE_WORKER_CONCURRENCY ?? '2',
  });
  const concurrency = config.IMAGE_WORKER_CONCURRENCY;
  console.log(
    `bench:media — ${PHOTOS_MADE} photos of ${WIDTH}x${HEIGHT}, ${SIZES_PER_PHOTO} sizes each; worker concurrency ${concurrency}; ` +
      `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (others' work slows every figure)`,
  );
  let started = performance.now();
  const originals = await makePhotos(PHOTOS_MADE);
  const megabytes = originals.reduce((sum, p) => sum + p.length, 0) / originals.length / 1024 / 1024;
  console.log(
    `  made ${PHOTOS_MADE} JPEGs of ${fmt(megabytes, 2)} MB on average in ${fmt((performance.now() - started) / 1000)} s`,
  );

  const ctx = await buildContext(config, createLogger('silent'));
  const server = createServer(createApp(ctx));
  const url = await listen(server);
  try {
    // the photos as the upload call checks them (type, size upright, a small decode): not measured here
    started = performance.now();
    const checked = new Array<CheckedPhoto>(originals.length);
    await pool([...originals.keys()], availableParallelism(), async (i) => {
      const photo = await checkPhoto(originals[i]);
      if ('refusal' in photo) throw new Error(photo.refusal);
      checked[i] = photo;
    });
    console.log(`  checked them in ${fmt((performance.now() - started) / 1000)} s (not measured)`);
    await makeVariants((await normalisePhoto(checked[0].data, 'jpg')).data); // libvips warmed up

    // (a) through the worker: recorded as uploads (the files stored where the upload call leaves them,
    // before the clock starts: 500 MB of writes are the upload's cost), queued by the reactor, each
    // turned upright, stripped and re-encoded, then its sizes made, by the processor
    const a = await createAgency(ctx, 'bench-a', '91');
    for (const photo of checked)
      await ctx.files.put(
        incomingKey(contentKey(`${agencyFolder(a.agencyId)}/photos`, photo.data, photo.extension)),
        photo.data,
      );
    started = performance.now();
    for (const photo of checked)
      await recordPhoto(ctx, { agencyId: a.agencyId, uploadedBy: a.agent.userId, photo });
    await waitForJobs(ctx, checked.length);
    const workerSeconds = (performance.now() - started) / 1000;
    await ctx.projections.whenCaughtUp();
    const ready = await ctx.readStore
      .collection<PhotoDocument>(PHOTOS)
      .countDocuments({ agencyId: a.agencyId, status: 'ready' });
    if (ready !== checked.length) throw new Error(`${ready} of ${checked.length} photos ready`);

    // (b) the ceiling: sharp alone, the same work (normalise, then the sizes) at the same concurrency
    started = performance.now();
    await pool(checked, concurrency, async (photo) =>
      makeVariants((await normalisePhoto(photo.data, photo.extension)).data),
    );
    const sharpSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await pool(checked, concurrency, (photo) =>
      Promise.all(
        Object.values(PHOTO_VARIANT_SIZES).flatMap(({ width, height, fit, withoutEnlargement }) => {
          const resized = () => sharp(photo.data).rotate().resize(width, height, { fit, withoutEnlargement });
          return [
            resized().webp({ quality: 80, effort: 2 }).toBuffer(),
            resized().jpeg({ quality: 82 }).toBuffer(),
          ];
        }),
      ),
    );
    const naiveSeconds = (performance.now() - started) / 1000;
    const normalised = checked;

    const perSecond = (seconds: number) =>
      `${fmt((normalised.length * SIZES_PER_PHOTO) / seconds)} sizes/s (${fmt(normalised.length / seconds, 2)} photos/s, ${fmt(seconds)} s)`;
    console.log(`\n  normalised and sized, ${normalised.length} photos at concurrency ${concurrency}:`);
    console.log(`    (a) the worker's processor (queue, file store, events): ${perSecond(workerSeconds)}`);
    console.log(`    (b) sharp alone, the same work (the ceiling):           ${perSecond(sharpSeconds)}`);
    console.log(
      `        → the worker reaches ${((sharpSeconds / workerSeconds) * 100).toFixed(0)}% of the ceiling`,
    );
    console.log(
      `        for comparison, each size decoded from the upload, no original stored: ${perSecond(naiveSeconds)}`,
    );

    // (c) the upload call: 5 MB photos over HTTP, sizes never made in the request
    const uploads = originals.slice(0, REQUESTS);
    const uploadMegabytes = uploads.reduce((sum, p) => sum + p.length, 0) / uploads.length / 1024 / 1024;
    const b = await createAgency(ctx, 'bench-b', '92');
    const c = await createAgency(ctx, 'bench-c', '93');
    const alone: number[] = [];
    const tokenB = await signIn(url, b.agentPhone);
    let jobs = (await ctx.jobs.counts(IMAGES_QUEUE)).completed;
    for (const photo of uploads) {
      alone.push(await uploadOnce(url, tokenB, photo));
      await ctx.reactors.whenCaughtUp();
      await waitForJobs(ctx, ++jobs);
    }
    const busy: number[] = [];
    const tokenC = await signIn(url, c.agentPhone);
    for (const photo of uploads) busy.push(await uploadOnce(url, tokenC, photo));
    const line = (ms: number[]) =>
      `p50 ${fmt(pct(ms, 50), 0)} ms, p95 ${fmt(pct(ms, 95), 0)} ms, max ${fmt(Math.max(...ms), 0)} ms`;
    console.log(
      `\n  POST /api/system/upload, one ${fmt(uploadMegabytes, 2)} MB photo a request, ${uploads.length} requests:`,
    );
    console.log(`    (c) one after another, the worker idle between them: ${line(alone)}`);
    console.log(`        back to back, the worker making the earlier ones' sizes: ${line(busy)}`);
    await waitForJobs(ctx, jobs + uploads.length);
    console.log(`\n  load average at the end: ${loadavg()[0].toFixed(1)}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await closeContext(ctx);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
