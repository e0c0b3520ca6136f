import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { depositText, formatPrice, SCREEN_READER_ONLY } from '@estate/client';
import type { Publication } from '../api/types';
import { recordView } from '../api/visitor';

/**
 * What a listing's cards and its own page show alike: the price block, the deposit, the metro
 * stations, the view counted once a card was seen. Apart from the catalogue card, so the listing's
 * page does not load the card (its photos' slider).
 */

export function PriceBlock({
  publication,
  large,
  testId = 'price',
}: {
  publication: Publication;
  large?: boolean;
  /** a card among others (a slider under the listing) names its price apart from the page's own */
  testId?: string;
}) {
  const perDay = publication.dealCategory === 'dailyRent';
  const perMonth = publication.dealCategory === 'rent';
  return (
    <Stack direction="row" spacing={1.5} alignItems="baseline" flexWrap="wrap">
      {/* the price itself holds only no-break spaces; nowrap also keeps '/день' on its line */}
      <Typography
        variant={large ? 'h4' : 'h5'}
        component="p"
        fontWeight={700}
        data-testid={testId}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {formatPrice(publication.price)}
        {perDay ? '/день' : perMonth ? '/мес.' : ''}
      </Typography>
      {/* the old price, struck through, once the price has dropped (a raised price shows none) */}
      {publication.actualPrice !== null && publication.actualPrice > publication.price && (
        <Typography
          component="s"
          color="text.secondary"
          data-testid="old-price"
          sx={{ whiteSpace: 'nowrap', position: 'relative' }}
        >
          <Box component="span" sx={SCREEN_READER_ONLY}>
            Старая цена:{' '}
          </Box>
          {formatPrice(publication.actualPrice)}
        </Typography>
      )}
    </Stack>
  );
}

export function depositLabel(p: Publication) {
  if (p.dealCategory === 'sale') return null;
  return depositText(p.deposit);
}

export function MetroStations({ publication }: { publication: Publication }) {
  return (
    <>
      {publication.address.metro.stations.map((s) => (
        <Stack key={s.name} direction="row" spacing={0.5} alignItems="center" color="text.secondary">
          <Box
            component="span"
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', display: 'inline-block' }}
          />
          <Typography variant="body2">{s.name}</Typography>
          {s.pedestrian_time ? (
            <DirectionsWalkIcon sx={{ fontSize: 16 }} />
          ) : (
            <DirectionsBusIcon sx={{ fontSize: 16 }} />
          )}
          <Typography variant="body2">{`${s.time}\u00a0мин.`}</Typography>
        </Stack>
      ))}
    </>
  );
}

/** A card's view counts once the whole card has been on the screen: the ref goes on the card. */
export function useCardView(publicationId: string) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.intersectionRatio >= 0.99) {
          recordView(publicationId);
          observer.disconnect();
        }
      },
      { threshold: 1 },
    );
    if (card.current) observer.observe(card.current);
    return () => observer.disconnect();
  }, [publicationId]);
  return card;
}
