import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton } from '@mui/material';

const PLACED = { position: 'absolute', top: '50%', transform: 'translateY(-50%)' } as const;
const LOOKS = {
  /** on a photo in the page: a white disc */
  light: {
    bgcolor: 'rgba(255,255,255,0.85)',
    color: 'text.primary',
    boxShadow: 1,
    '&:hover': { bgcolor: 'common.white' },
  },
  /** on the full screen's black: a faint disc, a phone swipes instead */
  dark: {
    color: 'common.white',
    bgcolor: 'rgba(255,255,255,0.12)',
    '&:hover': { bgcolor: 'rgba(255,255,255,0.25)' },
    display: { xs: 'none', sm: 'inline-flex' },
  },
} as const;
const SIZES = {
  /** a catalogue card's */
  small: { button: { width: 32, height: 32 }, icon: 'small', inset: 8 },
  /** the listing's gallery */
  medium: { button: {}, icon: 'medium', inset: 8 },
  /** the full screen */
  large: { button: {}, icon: 'large', inset: 16 },
} as const;

/**
 * The previous and next arrows over a photo, the same in a catalogue card, the listing's gallery and
 * the full screen; their parent is positioned. `onStep` gets −1 or 1 (the caller goes round the ends).
 */
export function GalleryArrows({
  onStep,
  look = 'light',
  size = 'medium',
}: {
  onStep: (by: -1 | 1) => void;
  look?: keyof typeof LOOKS;
  size?: keyof typeof SIZES;
}) {
  const { button, icon, inset } = SIZES[size];
  const sx = { ...PLACED, ...LOOKS[look], ...button };
  return (
    <>
      <IconButton
        aria-label="Предыдущее фото"
        size={size === 'small' ? 'small' : 'medium'}
        onClick={() => onStep(-1)}
        sx={{ ...sx, left: inset }}
      >
        <ChevronLeftIcon fontSize={icon} />
      </IconButton>
      <IconButton
        aria-label="Следующее фото"
        size={size === 'small' ? 'small' : 'medium'}
        onClick={() => onStep(1)}
        sx={{ ...sx, right: inset }}
      >
        <ChevronRightIcon fontSize={icon} />
      </IconButton>
    </>
  );
}
