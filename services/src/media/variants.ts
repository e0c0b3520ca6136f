import type { PhotoSize, PhotoVariant } from '@estate/events';
import type { AppContext } from '../core/context';
import { loadState } from '../core/decider';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { makeVariants, normalisePhoto, type PhotoExtension } from './images';
import { incomingKey } from './upload';
import { photoDecider, photoStream, handlePhoto } from './photo';

export const IMAGES_QUEUE = 'images';
export const IMAGES_REACTOR = 'media-images';
/** a photo whose sizes fail this many times is kept as a dead letter of the `images` queue */
export const IMAGE_JOB_ATTEMPTS = 3;

/** What the worker needs to find a photo: its stream; the rest trace the command back to the upload. */
export type ImageJob = { agencyId: string; photoId: string; correlationId: string; causationId: string };

/**
 * Every uploaded photo is queued for its sizes; the job's id comes from the upload's event, so a
 * redelivered event queues nothing twice. The request that uploaded it never waits for them.
 */
export const mediaReactors = (ctx: AppContext) => [
  defineReactor({
    name: IMAGES_REACTOR,
    handles: ['PhotoUploaded'],
    async react(event) {
      const job: ImageJob = {
        agencyId: event.data.agencyId,
        photoId: event.data.photoId,
        correlationId: event.metadata.correlationId,
        causationId: event.eventId,
      };
      await ctx.jobs.add(IMAGES_QUEUE, 'variants', job, {
        jobId: effectId(IMAGES_REACTOR, event, 'variants'),
        attempts: IMAGE_JOB_ATTEMPTS,
        backoffMs: 2_000,
      });
    },
  }),
];

/** `agencies/a1/photos/<id>.jpg` → `agencies/a1/photos/<id>-card.webp` */
export const variantKey = (originalKey: string, size: PhotoSize, extension: 'webp' | 'jpg') =>
  `${originalKey.slice(0, originalKey.lastIndexOf('.'))}-${size}.${extension}`;

/**
 * The uploaded file turned upright and stripped of its metadata (normalisePhoto), stored at the
 * original's path, then the uploaded file removed: only the normalised photo is ever served.
 */
async function normaliseUpload(ctx: AppContext, key: string): Promise<Buffer | null> {
  const uploaded = await ctx.files.get(incomingKey(key));
  if (!uploaded) return null;
  const extension = key.slice(key.lastIndexOf('.') + 1) as PhotoExtension;
  const { data } = await normalisePhoto(uploaded, extension);
  await ctx.files.put(key, data);
  await ctx.files.remove(incomingKey(key));
  return data;
}

/**
 * One job: the photo's sizes made from its stored original, stored beside it, and recorded on its
 * stream. A photo whose sizes are recorded already (a job run again after a crash) is skipped; a
 * failure is retried by the queue.
 */
export async function makePhotoVariants(ctx: AppContext, job: ImageJob): Promise<void> {
  const stream = photoStream(job.agencyId, job.photoId);
  const { state } = await loadState(ctx.eventStore, stream, photoDecider);
  if (!state.uploaded) throw new Error(`no photo was uploaded on ${stream}`);
  if (state.variants) return;
  const key = state.uploaded.path.slice('/storage/'.length);
  const original = (await ctx.files.get(key)) ?? (await normaliseUpload(ctx, key));
  if (!original)
    throw new Error(`neither the original of ${stream} nor its upload is in the file store: ${key}`);
  const variants = {} as Record<PhotoSize, PhotoVariant>;
  for (const made of await makeVariants(original)) {
    variants[made.size] = {
      width: made.width,
      height: made.height,
      webp: await ctx.files.put(variantKey(key, made.size, 'webp'), made.webp),
      jpg: await ctx.files.put(variantKey(key, made.size, 'jpg'), made.jpg),
    };
  }
  await handlePhoto(
    ctx.eventStore,
    [job.agencyId, job.photoId],
    { type: 'RecordVariants', photoId: job.photoId, agencyId: job.agencyId, variants },
    { actor: 'worker:images', correlationId: job.correlationId, causationId: job.causationId },
  );
}

/** The `images` processor, in the worker (or the single embedded process), IMAGE_WORKER_CONCURRENCY photos at a time. */
export async function startImageWorker(ctx: AppContext) {
  return ctx.jobs.process<ImageJob>(
    IMAGES_QUEUE,
    async (job) => {
      const started = performance.now();
      await makePhotoVariants(ctx, job.data);
      ctx.logger.debug(
        { queue: IMAGES_QUEUE, jobId: job.id, ms: Math.round(performance.now() - started) },
        'photo sizes made',
      );
    },
    { concurrency: ctx.config.IMAGE_WORKER_CONCURRENCY },
  );
}
