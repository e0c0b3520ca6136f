import type { PhotoSize } from '@estate/events';
import type SharpModule from 'sharp';
import type { FitEnum, Sharp, SharpOptions } from 'sharp';

/** A photo's file may weigh this much: a phone's 12–50 MP JPEG fits. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_MEGABYTES = 15;
/** Photos in one upload request. */
export const PHOTOS_PER_REQUEST = 10;
/**
 * Pixels a photo may have, read from its header before anything is decoded: a 15 MB PNG of one
 * colour could otherwise unpack to gigabytes. 100 MP holds a 48 MP phone camera's full size twice.
 */
export const PHOTO_MAX_PIXELS = 100_000_000;

/** The extension a photo is stored under: JPEG (and HEIC) as jpg, PNG as png, WebP as webp. */
export type PhotoExtension = 'jpg' | 'png' | 'webp';

let sharpModule: Promise<typeof SharpModule> | undefined;
/** sharp and its libvips load on the first photo, not at every start (about 0.1 s). */
export const loadSharp = (): Promise<typeof SharpModule> =>
  (sharpModule ??= import('sharp').then((m) => m.default));

/**
 * Whether the bundled libvips decodes HEIC (HEVC inside HEIF). sharp's prebuilt libvips carries
 * libheif with the AV1 decoder only (no HEVC one, for its patents): `format.heif.input.file` is
 * true all the same, because AVIF is HEIF too, but its suffixes are ['.avif'] and a HEIC photo
 * fails to decode. A libvips built with an HEVC decoder lists '.heic': then HEIC is accepted.
 */
export const heicReadable = (sharp: typeof SharpModule) =>
  sharp.format.heif.input.file && (sharp.format.heif.input.fileSuffix ?? []).includes('.heic');

const REFUSAL = 'Допустимы фото в форматах JPEG, PNG и WebP';
const HEIC_REFUSAL = 'Фото в формате HEIC не поддерживается: сохраните его как JPEG';
const DAMAGED = 'Не удалось прочитать фото: файл повреждён';
const TOO_MANY_PIXELS = `Фото больше ${PHOTO_MAX_PIXELS / 1_000_000} мегапикселей`;

/** Decoding options for untrusted files: the pixel cap, and a damaged stream is refused rather than half-read. */
const decoding: SharpOptions = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' };

export type NormalisedPhoto = { data: Buffer; extension: PhotoExtension; width: number; height: number };

/**
 * The type a file's CONTENT has (its header read by libvips: never its name or declared type), as
 * the extension it is stored under; or the Russian reason it is refused.
 */
export async function photoTypeOf(
  data: Buffer,
): Promise<{ extension: PhotoExtension } | { refusal: string }> {
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    metadata = await sharp(data).metadata();
  } catch {
    return { refusal: REFUSAL };
  }
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) return { refusal: TOO_MANY_PIXELS };
  switch (metadata.format) {
    case 'jpeg':
      return { extension: 'jpg' };
    case 'png':
      return { extension: 'png' };
    case 'webp':
      return { extension: 'webp' };
    case 'heif':
      if (metadata.compression !== 'hevc') return { refusal: REFUSAL };
      return heicReadable(sharp) ? { extension: 'jpg' } : { refusal: HEIC_REFUSAL };
    default:
      return { refusal: REFUSAL };
  }
}

/**
 * The photo as it is stored: turned upright by its EXIF orientation, every metadata block dropped
 * (EXIF with the phone's GPS, XMP, IPTC, ICC after conversion to sRGB) and encoded once: JPEG and
 * HEIC as JPEG quality 90, PNG as PNG, WebP as WebP. The same input always gives the same bytes,
 * so the hash of the result names the photo.
 */
export async function normalisePhoto(data: Buffer, extension: PhotoExtension): Promise<NormalisedPhoto> {
  const sharp = await loadSharp();
  const upright = sharp(data, decoding).rotate();
  const encoded =
    extension === 'png'
      ? upright.png()
      : extension === 'webp'
        ? upright.webp({ quality: 90 })
        : upright.flatten({ background: '#ffffff' }).jpeg({ quality: 90 });
  const { data: normalised, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data: normalised, extension, width: info.width, height: info.height };
}

/** An uploaded file as the request checked it: its bytes as sent, its type, and its size once upright. */
export type CheckedPhoto = { data: Buffer; extension: PhotoExtension; width: number; height: number };

/** the check decodes the photo this small: JPEG and WebP shrink while decoding, so it costs a fraction of the full decode */
const CHECK_SIZE = 256;

/**
 * What the upload request does with a file (the worker normalises it later): its type from its
 * content, its size upright, and its pixels decoded once, small, so a file cut short or forged
 * behind an image's header is refused at once rather than failing in the worker.
 */
export async function checkPhoto(data: Buffer): Promise<CheckedPhoto | { refusal: string }> {
  const type = await photoTypeOf(data);
  if ('refusal' in type) return type;
  const sharp = await loadSharp();
  try {
    const image = sharp(data, decoding);
    const { autoOrient } = await image.metadata();
    await image.resize(CHECK_SIZE, CHECK_SIZE, { fit: 'inside' }).raw().toBuffer();
    return { data, extension: type.extension, width: autoOrient.width, height: autoOrient.height };
  } catch {
    return { refusal: DAMAGED };
  }
}

/**
 * The sizes made of every photo: the catalogue's card and thumbnail (api.md: 344x252, 109x80),
 * cropped to fill, and the full view fitted inside 1600x1200 without enlarging a smaller photo.
 */
export const PHOTO_VARIANT_SIZES: Record<
  PhotoSize,
  { width: number; height: number; fit: keyof FitEnum; withoutEnlargement: boolean }
> = {
  card: { width: 344, height: 252, fit: 'cover', withoutEnlargement: false },
  thumb: { width: 109, height: 80, fit: 'cover', withoutEnlargement: false },
  full: { width: 1600, height: 1200, fit: 'inside', withoutEnlargement: true },
};

export type MadeVariant = { size: PhotoSize; width: number; height: number; webp: Buffer; jpg: Buffer };

/**
 * Every size of a stored (normalised) photo, each as WebP and as JPEG (a transparent PNG's JPEGs on
 * white). The original is decoded once, at the full view's size (JPEG and WebP shrink on load, so a
 * 12 MP photo is never held whole), and the card and thumbnail are cut from those pixels.
 */
export async function makeVariants(original: Buffer): Promise<MadeVariant[]> {
  const sharp = await loadSharp();
  const full = PHOTO_VARIANT_SIZES.full;
  const { data: pixels, info } = await sharp(original, decoding)
    .resize(full.width, full.height, { fit: full.fit, withoutEnlargement: true })
    // 8-bit sRGB pixels, whatever the file held (16-bit, grey): what the raw input below reads
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const sizes = Object.keys(PHOTO_VARIANT_SIZES) as PhotoSize[];
  return Promise.all(
    sizes.map(async (size): Promise<MadeVariant> => {
      const { width, height, fit, withoutEnlargement } = PHOTO_VARIANT_SIZES[size];
      const resized =
        size === 'full'
          ? sharp(pixels, raw)
          : sharp(pixels, raw).resize(width, height, { fit, withoutEnlargement });
      const [webp, jpg] = await Promise.all([
        // effort 2 of 6: files of the same size as the default 4's at less than half its time (bench:media)
        resized.clone().webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true }),
        resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer(),
      ]);
      return { size, width: webp.info.width, height: webp.info.height, webp: webp.data, jpg };
    }),
  );
}
