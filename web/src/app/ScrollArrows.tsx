import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, Stack, type SxProps, type Theme } from '@mui/material';

const OUTLINED = { border: 1, borderColor: 'divider' } as const;

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
