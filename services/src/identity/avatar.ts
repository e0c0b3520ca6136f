import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { DomainError } from '../core/errors';

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** jpg or png, told by the first bytes of the file and not by its name or declared type. */
export function imageKind(data: Buffer): 'jpg' | 'png' | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (
    data.length > 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  return null;
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 },
}).single('avatar');

/** One image in the multipart field `avatar`; multer's own failures (too large, wrong field) as errorCode 1 with a field error. */
export function avatarUpload(req: Request, res: Response, next: NextFunction) {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    const message =
      code === 'LIMIT_FILE_SIZE'
        ? 'Файл больше 10 МБ'
        : code === 'LIMIT_UNEXPECTED_FILE'
          ? 'Загрузите один файл в поле avatar'
          : 'Не удалось прочитать файл';
    next(new DomainError('INVALID_DATA', undefined, { avatar: [message] }));
  });
}

/** The uploaded image and its kind, read inside a route's handler; no file, or not a jpg or png, is errorCode 1. */
export async function readAvatar(
  req: Request,
  res: Response,
): Promise<{ data: Buffer; kind: 'jpg' | 'png' }> {
  await new Promise<void>((resolve, reject) =>
    avatarUpload(req, res, (error?: unknown) =>
      error
        ? reject(error instanceof Error ? error : new Error('the upload failed', { cause: error }))
        : resolve(),
    ),
  );
  if (!req.file) throw new DomainError('INVALID_DATA', undefined, { avatar: ['Выберите файл изображения'] });
  const kind = imageKind(req.file.buffer);
  if (!kind)
    throw new DomainError('INVALID_DATA', undefined, { avatar: ['Допустимы изображения JPG и PNG'] });
  return { data: req.file.buffer, kind };
}
