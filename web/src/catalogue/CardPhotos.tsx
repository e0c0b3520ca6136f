import { Box, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Publication } from '../api/types';
import { ListingPhoto } from '../photos/ListingPhoto';
import { GalleryArrows } from '../photos/GalleryArrows';
import { stepped } from '../photos/swipe';

/** product.md, Listing cards: the standard card's slider shows the first 3 photos */
export const CARD_PHOTOS = 3;

/**
 * A catalogue card's photos: the listing's first 3 side by side in a strip that scrolls by whole
 * photos (scroll-snap: a finger swipes it as it is, before any script), arrows that step round the
 * ends, and a dot for each. Every photo leads to the listing; the photos after the first load as
 * they come into view.
 */
export function CardPhotos({
  publication,
  href,
  priority,
}: {
  publication: Publication;
  href: string;
  priority?: boolean;
}) {
  const photos = publication.images.slice(0, CARD_PHOTOS);
  const strip = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  // the strip's own position, not the state: it may have been scrolled before the card hydrated
  const current = () => {
    const box = strip.current;
    return box && box.clientWidth ? Math.round(box.scrollLeft / box.clientWidth) : 0;
  };
  const step = (by: 1 | -1) => {
    const box = strip.current;
    if (box)
      box.scrollTo({ left: stepped(current(), by, photos.length) * box.clientWidth, behavior: 'smooth' });
  };
  if (photos.length === 0)
    return (
      <Stack
        component={RouterLink}
        to={href}
        alignItems="center"
        justifyContent="center"
        sx={{
          position: 'absolute',
          inset: 0,
          bgcolor: 'grey.200',
          color: 'text.secondary',
          textDecoration: 'none',
        }}
      >
        Нет фото
      </Stack>
    );
  return (
    <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'grey.200' }}>
      <Box
        ref={strip}
        onScroll={() => setShown(current())}
        data-testid="card-photos"
        sx={{
          display: 'flex',
          height: '100%',
          overflowX: 'auto',
          overflowY: 'hidden',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {photos.map((photo, i) => (
          <Box
            key={i}
            component={RouterLink}
            to={href}
            // one stop for the keyboard and the screen reader: the photos after the first are the same link
            tabIndex={i === 0 ? undefined : -1}
            aria-hidden={i === 0 ? undefined : true}
            sx={{ flex: '0 0 100%', height: '100%', scrollSnapAlign: 'start', display: 'block' }}
          >
            <ListingPhoto
              photo={photo}
              size="card"
              alt={i === 0 ? publication.title : ''}
              priority={priority && i === 0}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </Box>
        ))}
      </Box>
      {photos.length > 1 && (
        <>
          <GalleryArrows onStep={step} size="small" />
          <Stack
            direction="row"
            spacing={0.75}
            aria-hidden
            sx={{ position: 'absolute', bottom: 10, left: '50%', transform: 'translateX(-50%)' }}
          >
            {photos.map((_, i) => (
              <Box
                key={i}
                sx={{
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: i === shown ? 'common.white' : 'rgba(255,255,255,0.55)',
                  boxShadow: 1,
                }}
              />
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
