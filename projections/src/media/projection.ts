import type { PhotoSize, PhotoVariant } from '@estate/events';
import { defineProjection } from '../projection';
import type { ReadStore } from '../readStore/port';

export const PHOTOS = 'photos';

/** 'processing' until the worker has stored every size, then 'ready'. */
export type PhotoStatus = 'processing' | 'ready';

/** One uploaded photo of an agency, keyed by the public path of its original (what a listing stores). */
export type PhotoDocument = {
  _id: string;
  /** revision of the photo's stream last applied: the idempotency guard */
  revision: number;
  photoId: string;
  agencyId: string;
  path: string;
  width: number;
  height: number;
  uploadedBy: string;
  uploadedAt: string;
  status: PhotoStatus;
  variants: Record<PhotoSize, PhotoVariant> | null;
};

/** The photos (`photo-<agencyId>-<photoId>` streams): whether each is ready, and the paths of its sizes. */
export const photosProjection = defineProjection({
  name: 'photos',
  version: 1,
  collections: {
    [PHOTOS]: [{ key: { agencyId: 1, photoId: 1 } }, { key: { agencyId: 1, uploadedAt: -1 } }],
  },
  handles: ['PhotoUploaded', 'PhotoVariantsMade'],
  async apply(event, store) {
    const photos = store.collection<PhotoDocument>(PHOTOS);
    switch (event.type) {
      case 'PhotoUploaded': {
        const { photoId, agencyId, path, width, height, uploadedBy } = event.data;
        // applied again after a crash: the document is there and stays as it is
        await photos.updateOne(
          { _id: path },
          {
            $setOnInsert: {
              revision: event.revision,
              photoId,
              agencyId,
              path,
              width,
              height,
              uploadedBy,
              uploadedAt: event.occurredAt,
              status: 'processing',
              variants: null,
            },
          },
          { upsert: true },
        );
        return;
      }
      case 'PhotoVariantsMade': {
        const { photoId, agencyId, variants } = event.data;
        await photos.updateOne(
          { agencyId, photoId, revision: { $lt: event.revision } },
          { $set: { revision: event.revision, status: 'ready', variants } },
        );
        return;
      }
    }
  },
});

/** What a listing needs to know of one of its photos. */
export type PhotoVariantsInfo = Pick<PhotoDocument, 'status' | 'width' | 'height' | 'variants'>;

/**
 * The photos among `paths` (public paths of originals, as listings store them) with their status
 * and the paths of their sizes; a path that names no uploaded photo is absent from the answer.
 */
export async function photoVariantsOf(
  store: ReadStore,
  paths: readonly string[],
): Promise<Map<string, PhotoVariantsInfo>> {
  const wanted = [...new Set(paths.filter((path) => typeof path === 'string'))];
  if (wanted.length === 0) return new Map();
  const found = await store.collection<PhotoDocument>(PHOTOS).find({ _id: { $in: wanted } });
  return new Map(
    found.map(({ _id, status, width, height, variants }) => [_id, { status, width, height, variants }]),
  );
}
