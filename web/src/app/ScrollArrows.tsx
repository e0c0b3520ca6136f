import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, Stack, type SxProps, type Theme } from '@mui/material';
import { useRef } from 'react';

const OUTLINED = { border: 1, borderColor: 'divider' } as const;

/** The row itself: one line scrolled sideways, snapping to its cards, without a scrollbar. */
export const SNAP_ROW = {
  display: 'flex',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
} as const;

/** The row's ref and the arrows' step: `share` of the row's visible width per press. */
export function useScrollRow(share = 1) {
  const row = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const box = row.current;
    if (box) box.scrollBy({ left: direction * box.clientWidth * share, behavior: 'smooth' });
  };
  return { row, scroll };
}

/**
 * A row's «назад» and «вперёд» beside its heading (the sliders of similar listings, special offers
 * and objects of the month): round outlined buttons that scroll the row; the row itself scrolls by a
 * finger or the keyboard, so a phone may go without them (`sx`).
 */
export function ScrollArrows({
  back,
  forward,
  onStep,
  sx,
}: {
  /** the buttons' names for a screen reader */
  back: string;
  forward: string;
  onStep: (direction: 1 | -1) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Stack direction="row" spacing={1} sx={sx}>
      <IconButton aria-label={back} onClick={() => onStep(-1)} sx={OUTLINED}>
        <ChevronLeftIcon />
      </IconButton>
      <IconButton aria-label={forward} onClick={() => onStep(1)} sx={OUTLINED}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
