import type { EventOf } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { photoDecider, type PhotoCommand, type PhotoVariants } from './photo';

/**
 * A photo (`photo-<agencyId>-<photoId>`): recorded once per agency and content, whoever uploads it
 * again; its sizes recorded once, and only for a photo that was uploaded.
 */
const given = deciderSpec(photoDecider);
const photoId = '0123456789abcdef01234567';
const base = `/storage/agencies/ag1/photos/${photoId}`;
const upload: PhotoCommand = {
  type: 'RecordUpload',
  photoId,
  agencyId: 'ag1',
  path: `${base}.jpg`,
  width: 4000,
  height: 3000,
  uploadedBy: 'agent-1',
};
const uploaded: EventOf<'PhotoUploaded'> = {
  type: 'PhotoUploaded',
  data: { photoId, agencyId: 'ag1', path: `${base}.jpg`, width: 4000, height: 3000, uploadedBy: 'agent-1' },
};
const size = (name: string, width: number, height: number) => ({
  width,
  height,
  webp: `${base}-${name}.webp`,
  jpg: `${base}-${name}.jpg`,
});
const variants: PhotoVariants = {
  card: size('card', 344, 252),
  thumb: size('thumb', 109, 80),
  full: size('full', 1600, 1200),
};
const record: PhotoCommand = { type: 'RecordVariants', photoId, agencyId: 'ag1', variants };
const made: EventOf<'PhotoVariantsMade'> = {
  type: 'PhotoVariantsMade',
  data: { photoId, agencyId: 'ag1', variants },
};

describe('photo decider', () => {
  it('records the first upload of a content', () => {
    given([]).when(upload).then([uploaded]);
  });

  it('records nothing for the same content uploaded again, by anyone of the agency', () => {
    given([uploaded]).when(upload).then([]);
    given([uploaded])
      .when({ ...upload, uploadedBy: 'owner-1' })
      .then([]);
    given([uploaded, made]).when(upload).then([]);
  });

  it("records the worker's sizes of an uploaded photo", () => {
    given([uploaded]).when(record).then([made]);
  });

  it('records the sizes once: a job delivered again records nothing', () => {
    given([uploaded, made]).when(record).then([]);
  });

  it('refuses sizes of a photo that was never uploaded', () => {
    given([]).when(record).thenThrows('NOT_FOUND');
  });
});
