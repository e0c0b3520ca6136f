import type { Request, Response } from 'express';
import multer from 'multer';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { contentKey } from '../core/files';
import { checkPhoto, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '../media';
import { isDemoDrawing } from './demoImages';

/**
 * Content images (a post's cover and body, a category's, a slide's background, an investment
 * object's photo). The media slice's upload is for an agency's listing photos (stored under the
 * agency, sized by its worker), so content images have their own call: a moderator's file is
 * checked by its content as a photo is, turned upright, stripped of its metadata, fitted inside
 * 1920x1920 and stored once as WebP by the hash of the result, under `content/images/`.
 */
export const CONTENT_IMAGES = 'content/images';
const FIELD = 'file';
const MAX_SIDE = 1920;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
}).single(FIELD);

/** The file of the field `file`, still unchecked. */
export async function readImageUpload(req: Request, res: Response): Promise<Buffer> {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (error?: unknown) => {
      if (!error) return resolve();
      const { code } = error as { code?: string };
      const message =
        code === 'LIMIT_FILE_SIZE'
          ? `Файл — не больше ${PHOTO_MAX_BYTES / 1024 / 1024} МБ`
          : code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT'
            ? `Загрузите одно изображение в поле ${FIELD}`
            : 'Не удалось прочитать файл';
      reject(new DomainError('INVALID_DATA', undefined, { [FIELD]: [message] }));
    }),
  );
  if (!req.file) throw new DomainError('INVALID_DATA', undefined, { [FIELD]: ['Выберите изображение'] });
  return req.file.buffer;
}

export type StoredImage = { path: string; width: number; height: number };

/** Checks, normalises and stores an image; the same picture again is the same file. */
export async function storeContentImage(ctx: AppContext, data: Buffer): Promise<StoredImage> {
  const checked = await checkPhoto(data);
  if ('refusal' in checked) throw new DomainError('INVALID_DATA', undefined, { [FIELD]: [checked.refusal] });
  const sharp = (await import('sharp')).default;
  const { data: webp, info } = await sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const key = contentKey(CONTENT_IMAGES, webp, 'webp');
  if (!(await ctx.files.has(key))) await ctx.files.put(key, webp);
  return { path: `/storage/${key}`, width: info.width, height: info.height };
}

/** Whether an image a moderator names is there: an uploaded file of the store, or a demo drawing. */
export async function contentImageExists(ctx: AppContext, path: string): Promise<boolean> {
  const uploaded = /^\/storage\/(content\/images\/[0-9a-f]{24}\.(jpg|png|webp))$/.exec(path);
  if (uploaded) return ctx.files.has(uploaded[1]);
  const drawing = /^\/storage\/demo-content\/([a-z]+-\d{1,3})\.svg$/.exec(path);
  return drawing ? isDemoDrawing(drawing[1]) : false;
}

/** Refuses the images of a form that are not stored, each under its field. */
export async function assertImagesExist(ctx: AppContext, images: Record<string, string | null>) {
  const missing: Record<string, string[]> = {};
  for (const [field, path] of Object.entries(images))
    if (path && !(await contentImageExists(ctx, path)))
      missing[field] = ['Изображение не найдено: загрузите его ещё раз'];
  if (Object.keys(missing).length) throw new DomainError('INVALID_DATA', undefined, missing);
}
