import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { photoVariantsOf } from '@estate/projections';
import sharp from 'sharp';
import request from 'supertest';
import { photosMade } from '../../test/photos';
import { createAgency } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { photoStream } from './photo';
import { IMAGES_QUEUE, makePhotoVariants, mediaReactors } from './variants';

/**
 * The sizes of an uploaded photo are made by the `images` worker, never in the request: the
 * reactor queues a job per upload, the processor stores six files beside the original and records
 * them, and the `photos` read model says the photo is ready.
 */
let t: TestApp;
let agency: Awaited<ReturnType<typeof createAgency>>;
let agent: string;

const stored = (path: string) => join(t.dataDir, path.replace(/^\/storage\//, 'storage/'));
/** a photo with detail (random noise over a gradient, so each is new), as a phone makes them */
const photo = async (width: number, height: number) => {
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = 128;
    }
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .composite([
      {
        input: {
          create: {
            width,
            height,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 128, sigma: 30 },
          },
        },
        blend: 'overlay',
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
};
const upload = async (data: Buffer) =>
  (
    await request(t.app)
      .post('/api/system/upload')
      .set('Authorization', `Bearer ${agent}`)
      .attach('files', data, 'photo.jpg')
      .expect(200)
  ).body.data[0] as { id: string; path: string; width: number; height: number; ready: boolean };

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  agency = await createAgency(t.ctx, 'variants', '81');
  agent = await signIn(t, agency.agentPhone);
});
afterAll(() => t.close());

describe('the images worker', () => {
  it('makes the card, the thumbnail and the full view, each as WebP and JPEG, beside the original; the photo is then ready', async () => {
    const original = await photo(2400, 1200);
    const uploaded = await upload(original);
    expect(uploaded.ready).toBe(false);
    await photosMade(t.ctx);

    const base = uploaded.path.replace(/\.jpg$/, '');
    const expected = {
      card: { width: 344, height: 252 },
      thumb: { width: 109, height: 80 },
      full: { width: 1600, height: 800 },
    };
    const found = await photoVariantsOf(t.ctx.readStore, [uploaded.path]);
    expect(found.get(uploaded.path)).toEqual({
      status: 'ready',
      width: 2400,
      height: 1200,
      variants: {
        card: { ...expected.card, webp: `${base}-card.webp`, jpg: `${base}-card.jpg` },
        thumb: { ...expected.thumb, webp: `${base}-thumb.webp`, jpg: `${base}-thumb.jpg` },
        full: { ...expected.full, webp: `${base}-full.webp`, jpg: `${base}-full.jpg` },
      },
    });
    for (const [size, { width, height }] of Object.entries(expected)) {
      for (const [extension, format] of [
        ['webp', 'webp'],
        ['jpg', 'jpeg'],
      ]) {
        const file = await sharp(readFileSync(stored(`${base}-${size}.${extension}`))).metadata();
        expect({
          size,
          format: file.format,
          width: file.width,
          height: file.height,
          exif: file.exif,
        }).toEqual({
          size,
          format,
          width,
          height,
          exif: undefined,
        });
      }
    }
    // uploaded again, the same photo is answered ready
    expect(await upload(original)).toEqual({ ...uploaded, ready: true });
  });

  it('never enlarges a small photo for the full view; the card and thumbnail are always their size', async () => {
    const uploaded = await upload(await photo(300, 400));
    await photosMade(t.ctx);
    const { variants } = (await photoVariantsOf(t.ctx.readStore, [uploaded.path])).get(uploaded.path)!;
    expect(variants!.full).toMatchObject({ width: 300, height: 400 });
    expect(variants!.card).toMatchObject({ width: 344, height: 252 });
    expect(variants!.thumb).toMatchObject({ width: 109, height: 80 });
    expect((await sharp(readFileSync(stored(variants!.card.jpg))).metadata()).width).toBe(344);
  });

  it("keeps a transparent PNG's alpha in its WebP sizes and puts its JPEG sizes on white", async () => {
    const transparent = await sharp({
      create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(transparent);
    expect(uploaded.path).toMatch(/\.png$/);
    await photosMade(t.ctx);
    const { variants } = (await photoVariantsOf(t.ctx.readStore, [uploaded.path])).get(uploaded.path)!;
    expect((await sharp(readFileSync(stored(variants!.card.webp))).metadata()).hasAlpha).toBe(true);
    const jpg = readFileSync(stored(variants!.card.jpg));
    expect((await sharp(jpg).metadata()).hasAlpha).toBe(false);
    const { data } = await sharp(jpg).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 300))).toBeGreaterThan(245);
  });

  it('records the sizes once: a job run again, or an upload event delivered again, adds nothing', async () => {
    const uploaded = await upload(await photo(800, 600));
    await photosMade(t.ctx);
    const stream = photoStream(agency.agencyId, uploaded.id);
    const events = await t.ctx.eventStore.readStream(stream);
    expect(events.map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoVariantsMade']);

    await makePhotoVariants(t.ctx, {
      agencyId: agency.agencyId,
      photoId: uploaded.id,
      correlationId: 'again',
      causationId: events[0].eventId,
    });
    const completed = (await t.ctx.jobs.counts(IMAGES_QUEUE)).completed;
    const [reactor] = mediaReactors(t.ctx);
    await reactor.react({ ...events[0], data: events[0].data } as never);
    await photosMade(t.ctx);
    expect((await t.ctx.jobs.counts(IMAGES_QUEUE)).completed).toBe(completed);
    expect((await t.ctx.eventStore.readStream(stream)).map((e) => e.type)).toEqual([
      'PhotoUploaded',
      'PhotoVariantsMade',
    ]);
  });
});
