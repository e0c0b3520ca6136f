import { ScrollArrows, SNAP_ROW, useScrollRow } from '../app/ScrollArrows';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { memo } from 'react';
import type { Publication } from '../api/types';
import { ListingCard } from '../catalogue/ListingCard';
import { SLIDER_WIDE } from '../app/theme';

/** a slide's width: 1.05 slides on a phone (the spec's slider), a fixed card from 600 px */
const SLIDE_WIDTH = { width: 'calc((100% - 16px) / 1.05)', [SLIDER_WIDE]: { width: 272 } };
/** the card's height, skeleton and card alike (ListingCard.module.css's .slide) */
const SLIDE_HEIGHT = 380;

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
  const { row, scroll } = useScrollRow(0.9);
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" mb={2}>
        <Typography variant="h5" component="h2" fontWeight={600}>
          {title}
        </Typography>
        <ScrollArrows
          back={`${title}: назад`}
          forward={`${title}: вперёд`}
          onStep={scroll}
          sx={{ display: { xs: 'none', md: 'flex' } }}
        />
      </Stack>
      <Box ref={row} role="list" sx={{ ...SNAP_ROW, gap: 2, pb: 1 }}>
        {listings
          ? listings.map((p) => (
              <Box
                key={p.id}
                role="listitem"
                sx={{ flex: '0 0 auto', ...SLIDE_WIDTH, scrollSnapAlign: 'start' }}
              >
                <ListingCard variant="slide" publication={p} />
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
