import { posix } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { agencyFolder, contentKey } from '../core/files';
import {
  checkPhoto,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MEGABYTES,
  PHOTOS_PER_REQUEST,
  type CheckedPhoto,
} from './images';
import { handlePhoto } from './photo';

const FIELD = 'files';
const TOO_MANY = `Не больше ${PHOTOS_PER_REQUEST} фото за один раз`;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: PHOTO_MAX_BYTES,
    files: PHOTOS_PER_REQUEST,
    fields: 5,
    fieldSize: 1024,
    parts: PHOTOS_PER_REQUEST + 5,
  },
}).array(FIELD, PHOTOS_PER_REQUEST);

/** multer's own refusals (too large, too many, another field) as errorCode 1 under `files`. */
function refusalOf(error: unknown): DomainError {
  const { code, field } = error as { code?: string; field?: string };
  const message =
    code === 'LIMIT_FILE_SIZE'
      ? `Каждый файл — не больше ${PHOTO_MAX_MEGABYTES} МБ`
      : code === 'LIMIT_FILE_COUNT' || (code === 'LIMIT_UNEXPECTED_FILE' && field === FIELD)
        ? TOO_MANY
        : code === 'LIMIT_UNEXPECTED_FILE'
          ? `Загрузите фото в поле ${FIELD}`
          : 'Не удалось прочитать файлы';
  return new DomainError('INVALID_DATA', undefined, { [FIELD]: [message] });
}

/** The multipart text fields the call reads beside the files. */
export const uploadFields = z.object({
  /** the agency the photos are for: a moderator names it; staff may leave it out (their own) */
  agencyId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Некорректный идентификатор агентства')
    .optional(),
});

/** The files of the field `files` (1 to PHOTOS_PER_REQUEST, each up to PHOTO_MAX_BYTES) and the text fields, still unchecked. */
export async function readUpload(req: Request, res: Response): Promise<Express.Multer.File[]> {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (error?: unknown) => (error ? reject(refusalOf(error)) : resolve())),
  );
  const files = Array.isArray(req.files) ? req.files : [];
  if (files.length === 0) throw new DomainError('INVALID_DATA', undefined, { [FIELD]: ['Выберите фото'] });
  return files;
}

/**
 * Every file checked from its content, one after another (one photo's pixels in memory at a time);
 * any file refused refuses the request, each refusal under `files.<i>`, nothing stored.
 */
export async function checkPhotos(files: readonly { buffer: Buffer }[]): Promise<CheckedPhoto[]> {
  const photos: CheckedPhoto[] = [];
  const errors = new Map<string, string[]>();
  for (const [i, file] of files.entries()) {
    const photo = await checkPhoto(file.buffer);
    if ('refusal' in photo) errors.set(`${FIELD}.${i}`, [photo.refusal]);
    else photos.push(photo);
  }
  if (errors.size) throw new DomainError('INVALID_DATA', undefined, Object.fromEntries(errors));
  return photos;
}

/**
 * Where an uploaded file waits for the worker: `incoming/` beside the served folders, refused by the
 * app's static files (`hideIncoming`, before them), and removed once the normalised original is stored.
 */
export const INCOMING = 'incoming';
export const incomingKey = (originalKey: string) => `${INCOMING}/${originalKey}`;

/**
 * Before the stored files (/storage): uploads waiting for the worker still carry their metadata (the
 * phone's GPS), so they are never served, however the path is spelt (encoded, doubled slashes, dot segments).
 */
export const hideIncoming: RequestHandler = (req, res, next) => {
  let path: string;
  try {
    path = posix.normalize(decodeURIComponent(req.path));
  } catch {
    return res.status(400).end();
  }
  if (path.replace(/^\/+/, '').split('/')[0].toLowerCase() === INCOMING) return res.status(404).end();
  next();
};

export type RecordedPhoto = {
  id: string;
  path: string;
  width: number;
  height: number;
  ready: boolean;
  /** the log's position after the command: read models are up to date once they reach it */
  position: number;
};

/**
 * Stores a checked photo once, by the hash of the file as sent, among the files waiting for the
 * worker (`incoming/`, never served: it still has its metadata), then records the upload (the same
 * file again records nothing and is answered the same). The worker puts the normalised original at
 * the recorded path. The file is stored first: a recorded photo always has its file.
 */
export async function recordPhoto(
  ctx: AppContext,
  upload: { agencyId: string; uploadedBy: string; photo: CheckedPhoto },
  meta: CommandContext = {},
): Promise<RecordedPhoto> {
  const { agencyId, uploadedBy, photo } = upload;
  const key = contentKey(`${agencyFolder(agencyId)}/photos`, photo.data, photo.extension);
  const photoId = key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.'));
  const waiting = incomingKey(key);
  if (!(await ctx.files.has(key)) && !(await ctx.files.has(waiting)))
    await ctx.files.put(waiting, photo.data);
  const path = `/storage/${key}`;
  const { state, position } = await handlePhoto(
    ctx.eventStore,
    [agencyId, photoId],
    { type: 'RecordUpload', photoId, agencyId, path, width: photo.width, height: photo.height, uploadedBy },
    { actor: uploadedBy, ...meta },
  );
  const recorded = state.uploaded!;
  return {
    id: photoId,
    path: recorded.path,
    width: recorded.width,
    height: recorded.height,
    ready: state.variants !== null,
    position,
  };
}
