import { z } from 'zod';
import { PHOTOS_PER_REQUEST } from './images';

/** An uploaded photo: its id (the content's hash), the public path of the original and whether its sizes are made. */
export const uploadedPhotoDto = z.object({
  id: z.string(),
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** the card, thumbnail and full sizes are stored (made by the worker a moment after the upload) */
  ready: z.boolean(),
});
export type UploadedPhotoDto = z.infer<typeof uploadedPhotoDto>;
export const uploadAnswer = z.object({ data: z.array(uploadedPhotoDto) });

/** The multipart body as the document shows it: the files, and the agency a moderator uploads for. */
export const uploadBody = z.object({
  files: z
    .array(z.string().meta({ format: 'binary' }))
    .min(1)
    .max(PHOTOS_PER_REQUEST),
  agencyId: z.string().optional(),
});

const photoSizeDto = z.object({
  width: z.number().int(),
  height: z.number().int(),
  webp: z.string(),
  jpg: z.string(),
});

/** Whether an uploaded photo's sizes are made, and their paths: the editor asks while it shows a photo being made. */
export const photoSizesAnswer = z.object({
  data: z.array(
    z.object({
      path: z.string(),
      ready: z.boolean(),
      variants: z.object({ card: photoSizeDto, thumb: photoSizeDto, full: photoSizeDto }).nullable(),
    }),
  ),
});

export const photoSizesQuery = z.object({
  /** the originals' paths, as the upload answered them */
  paths: z.array(z.string().min(1).max(200)).min(1, 'Укажите фото').max(30, 'Не больше 30 фото'),
});
