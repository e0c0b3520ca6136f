/**
 * The media slice: photo uploads (`photo-<agencyId>-<photoId>` streams), stored once per agency
 * and content, and their sizes made by the `images` worker. What other slices and the app may use
 * of it is exported here; a listing asks the `photos` read model (`photoVariantsOf` in
 * @estate/projections) whether a photo is ready and where its sizes are.
 */
export {
  handlePhoto,
  photoDecider,
  photoStream,
  type Photo,
  type PhotoCommand,
  type PhotoVariants,
} from './photo';
export {
  makeVariants,
  normalisePhoto,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_VARIANT_SIZES,
  PHOTOS_PER_REQUEST,
  type MadeVariant,
  type NormalisedPhoto,
} from './images';
export { checkPhoto, type CheckedPhoto } from './images';
export { INCOMING, incomingKey, recordPhoto, type RecordedPhoto } from './upload';
export { IMAGES_QUEUE, makePhotoVariants, variantKey, type ImageJob } from './variants';
export { seedDemoPhotos } from './demo';

import type { SliceManifest } from '../core/slice';
import { mediaRoutes } from './api';
import { hideIncoming } from './upload';
import { mediaReactors, startImageWorker } from './variants';

export const mediaSlice: SliceManifest = {
  name: 'media',
  routes: () => [
    { at: 'api', routes: mediaRoutes },
    { at: 'storage', handler: hideIncoming },
  ],
  reactors: mediaReactors,
  /** the `images` queue's processor: the sizes of each uploaded photo */
  start: startImageWorker,
};
