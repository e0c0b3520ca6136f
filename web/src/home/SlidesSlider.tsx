import { ScrollArrows, SNAP_ROW } from '../app/ScrollArrows';
import { HydrateLater } from '../app/hydrateLater';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SlideDto } from '@estate/client';
import { Img } from './Img';
import { HOME_SLIDES, slidesQuery } from './queries';
import { SectionTitle } from './SectionTitle';
import { SLIDER_WIDE } from '../app/theme';

/** a slide's height: fixed, so the slides, their skeletons and any text take the same room */
const SLIDE_HEIGHT = { xs: 220, md: 260 };
const GAP = 16;
/**
 * product.md section 9: 1.05 slides under 600 px, 2 from 600 (larger widths are not given: 2 as well).
 * A slide's width leaves the gap between two slides out of the row.
 */
const SLIDE_WIDTH = {
  width: `calc((100% - ${GAP * 0.05}px) / 1.05)`,
  [SLIDER_WIDE]: { width: `calc((100% - ${GAP}px) / 2)` },
};
/** the background images are drawn 1440x480 (3:1); the slide crops them to its own box */
const IMAGE = { width: 1440, height: 480 };

const isExternal = (link: string) => /^https?:\/\//.test(link);

/** relative luminance of a #rgb or #rrggbb colour (WCAG 2), or null for anything else */
function luminance(color: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The button's text on the moderator's button colour: white or black, whichever reads better (one
 * of them always reaches 4.58:1, the WCAG's 4.5:1 for normal text).
 */
export function buttonTextOn(background: string): string {
  const l = luminance(background);
  if (l === null) return '#fff';
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

function SlideCard({ slide, index, total }: { slide: SlideDto; index: number; total: number }) {
  const link = slide.link;
  return (
    <Box
      role="group"
      aria-roledescription="слайд"
      aria-label={`${index + 1} из ${total}: ${slide.title}`}
      data-testid="slide"
      sx={{
        position: 'relative',
        flex: `0 0 auto`,
        ...SLIDE_WIDTH,
        height: SLIDE_HEIGHT,
        borderRadius: 3,
        overflow: 'hidden',
        scrollSnapAlign: 'start',
        bgcolor: 'grey.800',
      }}
    >
      <Img
        src={slide.backgroundImagePath}
        alt=""
        width={IMAGE.width}
        height={IMAGE.height}
        loading="lazy"
        decoding="async"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
      />
      <Stack
        spacing={1}
        alignItems="flex-start"
        sx={{
          position: 'relative',
          height: '100%',
          p: { xs: 2.5, md: 3 },
          color: slide.fontColor,
          background: 'linear-gradient(90deg, rgba(0,0,0,0.45) 0%, rgba(0,0,0,0.15) 70%, rgba(0,0,0,0) 100%)',
        }}
      >
        <Typography
          variant="h5"
          component="h3"
          fontWeight={800}
          sx={{
            fontSize: { xs: 20, md: 24 },
            lineHeight: 1.2,
            maxWidth: 440,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {slide.title}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            maxWidth: 420,
            opacity: 0.95,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {slide.subtitle}
        </Typography>
        <Box flex={1} />
        {link && slide.buttonTitle && (
          <Button
            variant="contained"
            disableElevation
            {...(isExternal(link)
              ? { href: link, target: '_blank', rel: 'noopener noreferrer' }
              : { component: RouterLink, to: link })}
            sx={{
              bgcolor: slide.buttonColor,
              color: buttonTextOn(slide.buttonColor),
              '&:hover': { bgcolor: slide.buttonColor, filter: 'brightness(0.92)' },
            }}
          >
            {slide.buttonTitle}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The promotions slider (/api/slides, limit 5): swiped on a phone, arrows from 600 px. */
export function SlidesSlider() {
  const slides = useQuery(slidesQuery());
  const track = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const first = el.firstElementChild as HTMLElement | null;
    const step = (first?.offsetWidth ?? el.clientWidth) + GAP;
    el.scrollBy({ left: direction * step, behavior: 'smooth' });
  };
  // a failed or empty slider takes no room: the page goes on without it
  if (slides.isError || (slides.data && slides.data.length === 0)) return null;
  const items = slides.data ?? [];
  return (
    <HydrateLater>
      <Box component="section" aria-labelledby="slides-title" aria-roledescription="карусель">
        <Stack direction="row" alignItems="center" justifyContent="space-between" mb={2}>
          <SectionTitle id="slides-title">Спецпредложения</SectionTitle>
          <ScrollArrows
            back="Предыдущий слайд"
            forward="Следующий слайд"
            onStep={scroll}
            sx={{ display: { xs: 'none', sm: 'flex' } }}
          />
        </Stack>
        <Box
          ref={track}
          role="group"
          aria-label="Слайды"
          tabIndex={0}
          sx={{
            ...SNAP_ROW,
            gap: `${GAP}px`,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {slides.isPending
            ? Array.from({ length: 2 }, (_, i) => (
                <Skeleton
                  key={i}
                  variant="rounded"
                  animation="wave"
                  aria-hidden
                  data-testid="slide-skeleton"
                  sx={{ flex: '0 0 auto', ...SLIDE_WIDTH, height: SLIDE_HEIGHT, borderRadius: 3 }}
                />
              ))
            : items.map((slide, i) => (
                <SlideCard
                  key={slide.id}
                  slide={slide}
                  index={i}
                  total={Math.min(items.length, HOME_SLIDES)}
                />
              ))}
        </Box>
      </Box>
    </HydrateLater>
  );
}
