import type { EventData, EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type PhotoEvent = EventOf<'PhotoUploaded'> | EventOf<'PhotoVariantsMade'>;
export type PhotoVariants = EventData<'PhotoVariantsMade'>['variants'];

export type PhotoCommand =
  /** a staff member's upload, stored under the agency's folder by the hash of its normalised content */
  | ({ type: 'RecordUpload' } & EventData<'PhotoUploaded'>)
  /** the image worker has stored every size beside the original */
  | ({ type: 'RecordVariants' } & EventData<'PhotoVariantsMade'>);

export type Photo = {
  uploaded: EventData<'PhotoUploaded'> | null;
  variants: PhotoVariants | null;
};

/** One stream per agency and content: two agencies uploading the same picture each own a copy. */
export const photoStream = (agencyId: string, photoId: string) => `photo-${agencyId}-${photoId}`;

/**
 * A photo is recorded once: the same content uploaded again (by anyone of the agency) records
 * nothing and is answered as the first time; its sizes are recorded once, so a job delivered again
 * records nothing twice.
 */
export const photoDecider: Decider<PhotoCommand, Photo, PhotoEvent> = {
  initialState: () => ({ uploaded: null, variants: null }),
  decide(command, photo) {
    switch (command.type) {
      case 'RecordUpload': {
        if (photo.uploaded) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'PhotoUploaded', data }];
      }
      case 'RecordVariants': {
        if (!photo.uploaded) throw new DomainError('NOT_FOUND', 'Фото не найдено');
        if (photo.variants) return [];
        const { photoId, agencyId, variants } = command;
        return [{ type: 'PhotoVariantsMade', data: { photoId, agencyId, variants } }];
      }
    }
  },
  evolve(photo, event) {
    switch (event.type) {
      case 'PhotoUploaded':
        return { ...photo, uploaded: event.data };
      case 'PhotoVariantsMade':
        return { ...photo, variants: event.data.variants };
    }
  },
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handlePhoto = commandHandler(photoDecider, ([agencyId, photoId]: [string, string]) =>
  photoStream(agencyId, photoId),
);
