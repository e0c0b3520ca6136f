import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Card, Chip, IconButton, Link, Skeleton, Stack, Typography } from '@mui/material';
import { memo, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { areaLabel, DEAL_ROUTES, floorLabel, roomsLabel } from '@estate/client';
import type { Publication } from '../api/types';
import { withStay } from '../booking/stay';
import { FavouriteButton } from '../catalogue/FavouriteButton';
import { PriceBlock, useCardView } from '../catalogue/cardParts';
import { ListingPhoto } from '../photos/ListingPhoto';
import { isBest } from './facts';
import { SLIDER_WIDE } from '../app/theme';

/** a slide's width: 1.05 slides on a phone (the spec's slider), a fixed card from 600 px */
const SLIDE_WIDTH = { width: 'calc((100% - 16px) / 1.05)', [SLIDER_WIDE]: { width: 272 } };
/** the card's height, skeleton and card alike: the photo, the price (an old one may wrap under it), the facts, two lines of title, the address */
export const SLIDE_HEIGHT = 380;

/**
 * A row of listing cards scrolled sideways (scroll-snap; arrows from md), under its heading: the
 * similar listings, the viewed ones. While the cards come, skeletons of their size stand there.
 * Memoised: its section re-renders at once when a query answers; the cards, when their listings
 * come through useDeferredValue, in a transition.
 */
export const ListingSlider = memo(function ListingSlider({
  title,
  listings,
  testId,
  skeletons = 4,
}: {
  title: string;
  /** undefined while loading */
  listings: Publication[] | undefined;
  testId: string;
  skeletons?: number;
}) {
  const row = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const box = row.current;
    if (box) box.scrollBy({ left: direction * box.clientWidth * 0.9, behavior: 'smooth' });
  };
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" mb={2}>
        <Typography variant="h5" component="h2" fontWeight={600}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' } }}>
          <IconButton
            aria-label={`${title}: назад`}
            onClick={() => scroll(-1)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label={`${title}: вперёд`}
            onClick={() => scroll(1)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </Stack>
      <Box
        ref={row}
        role="list"
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          pb: 1,
        }}
      >
        {listings
          ? listings.map((p) => (
              <Box
                key={p.id}
                role="listitem"
                sx={{ flex: '0 0 auto', ...SLIDE_WIDTH, scrollSnapAlign: 'start' }}
              >
                <SlideCard publication={p} />
              </Box>
            ))
          : Array.from({ length: skeletons }, (_, i) => (
              <Skeleton
                key={i}
                variant="rounded"
                aria-hidden
                sx={{ flex: '0 0 auto', ...SLIDE_WIDTH, height: SLIDE_HEIGHT, borderRadius: 3 }}
              />
            ))}
      </Box>
    </Box>
  );
});

/** The slider's compact card: the photo (with the heart), the price, rooms · area · floor, the title and the address. */
function SlideCard({ publication: p }: { publication: Publication }) {
  const [search] = useSearchParams();
  const card = useCardView(p.id);
  const href = withStay(`${DEAL_ROUTES[p.dealCategory]}/${p.id}`, p.dealCategory, search);
  const facts = [roomsLabel(p.roomCount), areaLabel(p.totalArea), floorLabel(p.floor, p.floorsCount)].filter(
    Boolean,
  );
  const image = p.images[0];
  return (
    <Card
      ref={card}
      variant="outlined"
      sx={{ borderRadius: 3, height: SLIDE_HEIGHT, display: 'flex', flexDirection: 'column' }}
      data-testid="slide-card"
    >
      <Box sx={{ position: 'relative', aspectRatio: '344 / 252', bgcolor: 'grey.200', flex: '0 0 auto' }}>
        <Box
          component={RouterLink}
          to={href}
          tabIndex={-1}
          aria-hidden
          sx={{ position: 'absolute', inset: 0, display: 'block' }}
        >
          {image && (
            <ListingPhoto
              photo={image}
              size="card"
              alt=""
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          )}
        </Box>
        {isBest(p) && (
          <Chip
            label="Лучшие"
            color="secondary"
            size="small"
            sx={{ position: 'absolute', top: 12, left: 12 }}
          />
        )}
        <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
          <FavouriteButton publicationId={p.id} />
        </Box>
      </Box>
      <Stack spacing={0.5} sx={{ p: 2, minWidth: 0, flex: 1 }}>
        <PriceBlock publication={p} testId="slide-price" />
        <Typography variant="body2" color="text.secondary" noWrap>
          {facts.join(' · ')}
        </Typography>
        <Link
          component={RouterLink}
          to={href}
          underline="hover"
          fontWeight={600}
          data-testid="slide-title"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {p.title}
        </Link>
        <Typography variant="body2" color="text.secondary" noWrap>
          {p.address.fullAddress}
        </Typography>
      </Stack>
    </Card>
  );
}
