import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Stack, Typography } from '@mui/material';
import { useId, type KeyboardEvent } from 'react';
import { SCREEN_READER_ONLY } from '@estate/client';
import { GalleryArrows } from './GalleryArrows';
import { ListingPhoto, type ListingPhotoData } from './ListingPhoto';
import { stepped, useSwipe } from './swipe';

/**
 * The photos on the whole screen (PhotoGallery's lazy part): one photo at a time, whole, on black;
 * a swipe, the arrows or ←/→ move (round the ends), Esc or «Закрыть» closes, the counter says where
 * one is. The position is the gallery's own: closing leaves the main photo on the last one seen.
 */
export default function FullScreenGallery({
  photos,
  title,
  index,
  onIndex,
  onClose,
}: {
  photos: ListingPhotoData[];
  title: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const count = photos.length;
  const step = (by: number) => onIndex(stepped(index, by, count));
  const swipe = useSwipe(step);
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  const photo = photos[index];
  const titleId = useId();
  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      onKeyDown={keys}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      <Box component="h2" id={titleId} sx={SCREEN_READER_ONLY}>
        {`Фотографии: ${title}`}
      </Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 2, py: 1 }}>
        <Typography
          aria-live="polite"
          data-testid="fullscreen-counter"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >{`${index + 1} / ${count}`}</Typography>
        <IconButton aria-label="Закрыть" onClick={onClose} sx={{ color: 'common.white' }} autoFocus>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box
        {...swipe}
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          touchAction: 'pan-y',
          userSelect: 'none',
        }}
      >
        {photo && (
          <ListingPhoto
            key={photo.path}
            photo={photo}
            size="full"
            sizes="100vw"
            alt={`${title}. Фото ${index + 1} из ${count}`}
            priority
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
          />
        )}
        {count > 1 && (
          <>
            <GalleryArrows onStep={step} look="dark" size="large" />
          </>
        )}
      </Box>
      {count > 1 && (
        <Stack
          direction="row"
          spacing={1}
          justifyContent={{ sm: 'center' }}
          sx={{ overflowX: 'auto', px: 2, py: 1.5 }}
          role="group"
          aria-label="Миниатюры"
        >
          {photos.map((image, i) => (
            <Box
              key={image.path}
              component="button"
              type="button"
              onClick={() => onIndex(i)}
              aria-pressed={i === index}
              aria-label={`Фото ${i + 1} из ${count}`}
              sx={{
                flex: '0 0 auto',
                width: 64,
                height: 48,
                p: 0,
                border: 0,
                borderRadius: 1,
                overflow: 'hidden',
                cursor: 'pointer',
                opacity: i === index ? 1 : 0.55,
                outline: i === index ? '2px solid white' : 'none',
                outlineOffset: '-2px',
                bgcolor: 'grey.800',
              }}
            >
              <ListingPhoto
                photo={image}
                size="thumb"
                alt=""
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </Box>
          ))}
        </Stack>
      )}
    </Dialog>
  );
}
