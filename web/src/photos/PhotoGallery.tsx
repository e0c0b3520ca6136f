import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { GalleryArrows } from './GalleryArrows';
import { ListingPhoto, type ListingPhotoData } from './ListingPhoto';
import { stepped, useSwipe } from './swipe';

/** the full-screen view: its own chunk, loaded on the first opening (or on a pointer over the photo) */
const loadFullScreen = () => import('./FullScreenGallery');
const FullScreenGallery = lazy(loadFullScreen);

/**
 * The one photo gallery of the site (a listing, a residential complex): the main photo with arrows,
 * a counter «3 / 12» and a swipe; thumbnails choosing it; a click on the photo opens the full-screen
 * view (swipe, arrows, ←/→, Esc, the counter), which loads only then. Photos without sizes (a
 * complex's) are shown by their path.
 */
export function PhotoGallery({
  photos,
  title,
  label,
  sizes,
}: {
  photos: ListingPhotoData[];
  /** the photos' alt text begins with it */
  title: string;
  /** the thumbnails' group name: «Фотографии объявления» */
  label: string;
  /** the main photo's slot width (ListingPhoto's `sizes`) */
  sizes: string;
}) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const count = photos.length;
  const step = (by: number) => setIndex((i) => stepped(i, by, count));
  const swipe = useSwipe(step);
  const strip = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // the chosen thumbnail comes into the strip's view (never on the first render: the page stays put)
    if (!moved.current) {
      moved.current = true;
      return;
    }
    const thumb = strip.current?.children[index] as HTMLElement | undefined;
    const box = strip.current;
    if (thumb && box) box.scrollTo({ left: thumb.offsetLeft - (box.clientWidth - thumb.offsetWidth) / 2 });
  }, [index]);
  const photo = photos[index];
  return (
    <Stack spacing={1}>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: 'grey.200',
          aspectRatio: '4 / 3',
        }}
        data-testid="gallery"
      >
        {photo ? (
          <ButtonBase
            onClick={() => setFullScreen(true)}
            onPointerEnter={() => void loadFullScreen()}
            aria-label={`Открыть фото ${index + 1} из ${count} на весь экран`}
            {...swipe}
            sx={{ width: '100%', height: '100%', display: 'block', touchAction: 'pan-y' }}
          >
            <ListingPhoto
              photo={photo}
              size="full"
              sizes={sizes}
              alt={`${title}. Фото ${index + 1} из ${count}`}
              priority={index === 0}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </ButtonBase>
        ) : (
          <Stack alignItems="center" justifyContent="center" height="100%" color="text.secondary">
            Нет фото
          </Stack>
        )}
        {count > 1 && (
          <>
            <GalleryArrows onStep={step} />
            <Counter index={index} count={count} />
          </>
        )}
      </Box>
      {count > 1 && (
        <Stack
          ref={strip}
          direction="row"
          spacing={1}
          sx={{ overflowX: 'auto', scrollbarWidth: 'thin' }}
          role="group"
          aria-label={label}
        >
          {photos.map((image, i) => (
            <ButtonBase
              key={image.path}
              onClick={() => setIndex(i)}
              aria-pressed={i === index}
              aria-label={`Фото ${i + 1} из ${count}`}
              sx={{
                flex: '0 0 auto',
                width: 109,
                height: 80,
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'grey.200',
                // drawn inside: the strip's scrolling would clip an outline outside
                outline: i === index ? '3px solid' : 'none',
                outlineOffset: '-3px',
                outlineColor: 'primary.main',
                '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.light' },
              }}
            >
              <ListingPhoto
                photo={image}
                size="thumb"
                alt=""
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          ))}
        </Stack>
      )}
      {fullScreen && (
        <Suspense fallback={null}>
          <FullScreenGallery
            photos={photos}
            title={title}
            index={index}
            onIndex={setIndex}
            onClose={() => setFullScreen(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** «3 / 12» over the photo's corner */
export function Counter({ index, count, dark }: { index: number; count: number; dark?: boolean }) {
  return (
    <Typography
      variant="body2"
      aria-live="polite"
      data-testid="gallery-counter"
      sx={{
        position: 'absolute',
        right: 12,
        bottom: 12,
        px: 1.25,
        py: 0.25,
        borderRadius: 4,
        bgcolor: dark ? 'rgba(255,255,255,0.15)' : 'rgba(0,0,0,0.6)',
        color: 'common.white',
        fontVariantNumeric: 'tabular-nums',
        pointerEvents: 'none',
      }}
    >
      {`${index + 1} / ${count}`}
    </Typography>
  );
}
