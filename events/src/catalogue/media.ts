import { z } from 'zod';
import { id } from './shared';

/** A photo's id: the first 24 hex digits of the SHA-256 of its normalised content (core/files.ts `contentKey`). */
export const photoId = z.string().regex(/^[0-9a-f]{24}$/);

/** The sizes made of every photo, in the spec's order: the card (344x252), the thumbnail (109x80), the full view. */
export const PHOTO_SIZES = ['card', 'thumb', 'full'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/**
 * A stored photo's public path: `/storage/agencies/<agencyId>/photos/<photoId>.<ext>` for the
 * original, with `-<size>` before the extension for a variant. Nothing else is ever recorded.
 */
export const photoPath = z
  .string()
  .max(200)
  .regex(
    /^\/storage\/agencies\/[A-Za-z0-9_-]{1,64}\/photos\/[0-9a-f]{24}(-(card|thumb|full))?\.(jpg|png|webp)$/,
  );

const pixels = z.number().int().min(1).max(100_000);

/** One size of a photo: its dimensions and the same picture as WebP and as JPEG (for browsers without WebP). */
export const photoVariant = z.object({ width: pixels, height: pixels, webp: photoPath, jpg: photoPath });
export type PhotoVariant = z.infer<typeof photoVariant>;

/** The `photo-<agencyId>-<photoId>` stream: one photo an agency's staff uploaded, and its sizes. */
export const mediaEvents = {
  /** stored once per agency and content: the same picture uploaded again records nothing */
  PhotoUploaded: z.object({
    photoId,
    agencyId: id,
    path: photoPath,
    width: pixels,
    height: pixels,
    uploadedBy: id,
  }),
  /** the worker has stored every size beside the original */
  PhotoVariantsMade: z.object({
    photoId,
    agencyId: id,
    variants: z.object({ card: photoVariant, thumb: photoVariant, full: photoVariant }),
  }),
};
