import { styled, type SxProps, type Theme } from '@mui/material';
import type { Publication } from '../api/types';

export type ListingPhotoData = Publication['images'][number];
export type PhotoSize = 'card' | 'thumb' | 'full';

/** The boxes the worker makes each size in: the intrinsic size of a photo without sizes (the demo's drawings). */
const BOX: Record<PhotoSize, { width: number; height: number }> = {
  card: { width: 344, height: 252 },
  thumb: { width: 109, height: 80 },
  full: { width: 1600, height: 1200 },
};

/** Box would turn width and height into CSS: the image needs them as attributes (its intrinsic ratio) */
const Img = styled('img')({});

type Props = {
  photo: ListingPhotoData;
  size: PhotoSize;
  alt: string;
  /** The slot's width (`sizes`): with it the browser may take the card size instead of a larger one, on a phone. */
  sizes?: string;
  /** On the first screen (the LCP candidate): loaded at once and first; otherwise only when scrolled near. */
  priority?: boolean;
  /** the image's own styles */
  sx?: SxProps<Theme>;
  /** or its class, of a static style sheet: a plain image, no style work when it hydrates */
  className?: string;
};

/**
 * A listing's photo in one of its sizes: a WebP source with the JPEG as the fallback, or the photo's
 * own path when it has no sizes. Width and height are always given, so the page does not shift.
 */
export function ListingPhoto({ photo, size, alt, sizes, priority = false, sx, className }: Props) {
  // decoded off the main thread, the first screen's photos too: a phone's main thread decoded them
  // in the paint that followed their arrival, a long task as the page starts
  const loading = priority
    ? ({ loading: 'eager', fetchPriority: 'high', decoding: 'async' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);
  const { variants } = photo;
  const styled = className === undefined ? { sx } : { className };
  const Image = className === undefined ? Img : 'img';
  if (!variants) {
    const { width, height } = BOX[size];
    return <Image src={photo.path} alt={alt} width={width} height={height} {...loading} {...styled} />;
  }
  const chosen = variants[size];
  // the card and the full size as candidates by width; each width once, or the set is invalid
  const candidates = sizes
    ? [variants.card, variants.full].filter(
        (v, i, all) => all.findIndex((other) => other.width === v.width) === i,
      )
    : [];
  const srcSet = (format: 'webp' | 'jpg') =>
    candidates.length > 1 ? candidates.map((v) => `${v[format]} ${v.width}w`).join(', ') : chosen[format];
  const slot = candidates.length > 1 ? sizes : undefined;
  return (
    // `display: contents` leaves the layout to the image, as if <picture> were not there
    <picture style={{ display: 'contents' }}>
      <source type="image/webp" srcSet={srcSet('webp')} sizes={slot} />
      <Image
        src={chosen.jpg}
        srcSet={slot ? srcSet('jpg') : undefined}
        sizes={slot}
        alt={alt}
        width={chosen.width}
        height={chosen.height}
        {...loading}
        {...styled}
      />
    </picture>
  );
}
