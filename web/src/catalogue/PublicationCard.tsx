import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import { Box, Card, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withStay } from '../booking/stay';
import type { Publication } from '../api/types';
import {
  areaLabel,
  DEAL_ROUTES,
  depositText,
  floorLabel,
  formatPrice,
  roomsLabel,
  updatedAgo,
} from '@estate/client';
import { memo, useEffect, useRef } from 'react';
import { recordView } from '../api/visitor';
import { PhotoCorners } from './PhotoCorners';
import { ChatButton } from '../chat/ChatButton';
import { PhoneButton } from './PhoneButton';
import { ListingPhoto } from '../photos/ListingPhoto';
import { HydrateLater } from '../app/hydrateLater';

/** said by a screen reader, not drawn */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** the cards on the first screen: their photos load at once and first (the page's largest paint) */
export const EAGER_CARDS = 2;

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
          sx={{ whiteSpace: 'nowrap' }}
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

/**
 * The catalogue card: photo, tags, price and old price, key numbers, address, metro, description,
 * author, phone. Memoised: a page's re-render (its search refetching) leaves unchanged cards alone.
 */
export const PublicationCard = memo(function PublicationCard({
  publication,
  priority,
  to,
}: {
  publication: Publication;
  priority?: boolean;
  /** where the card leads instead of the deal's listing page (a flat inside its complex) */
  to?: string;
}) {
  const [search] = useSearchParams();
  // a daily-rent card carries the search's dates and guests into the listing's booking form
  const href =
    to ??
    withStay(`${DEAL_ROUTES[publication.dealCategory]}/${publication.id}`, publication.dealCategory, search);
  const facts = [
    roomsLabel(publication.roomCount),
    areaLabel(publication.totalArea),
    floorLabel(publication.floor, publication.floorsCount),
  ].filter(Boolean);
  const image = publication.images[0];
  const card = useCardView(publication.id);
  return (
    <Card
      ref={card}
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        borderRadius: 3,
        // a card off the screen is not laid out or painted until it nears it: the catalogue's
        // 20 cards were one layout after the first paint, most of a phone's blocking time of the
        // page's markup; the sizes it stands for until then are those measured (375 px: 655–759,
        // 600: 575–659, 900: 355–439, 1440: 298–382), then the last one it had
        contentVisibility: 'auto',
        containIntrinsicSize: { xs: 'auto 720px', sm: 'auto 640px', md: 'auto 400px' },
      }}
      data-testid="publication-card"
    >
      <Box
        sx={{
          flex: { md: '0 0 344px' },
          height: { xs: 220, md: 'auto' },
          minHeight: { md: 252 },
          position: 'relative',
        }}
      >
        {/* the photo's link works as it is; the heart follows this browser's favourites */}
        <HydrateLater on="interaction">
          <Box
            component={RouterLink}
            to={href}
            sx={{ position: 'absolute', inset: 0, bgcolor: 'grey.200', display: 'block' }}
          >
            {image ? (
              <ListingPhoto
                photo={image}
                size="card"
                alt={publication.title}
                priority={priority}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            ) : (
              <Stack alignItems="center" justifyContent="center" height="100%" color="text.secondary">
                Нет фото
              </Stack>
            )}
          </Box>
        </HydrateLater>
        <PhotoCorners publication={publication} />
      </Box>
      {/* text and links work as they are: hydrated when a visitor reaches into them */}
      <HydrateLater on="interaction">
        <Stack spacing={1} sx={{ p: 2.5, flex: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={href}
            underline="hover"
            color="primary"
            variant="h6"
            fontWeight={600}
            data-testid="card-title"
          >
            {publication.title}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
          <PriceBlock publication={publication} />
          {depositLabel(publication) && (
            <Typography variant="body2" color="text.secondary">
              {depositLabel(publication)}
            </Typography>
          )}
          <Typography variant="body2">{publication.address.fullAddress}</Typography>
          <MetroStations publication={publication} />
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 5,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {publication.description}
          </Typography>
          <Box flex={1} />
          <HydrateLater>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              alignItems={{ sm: 'center' }}
              justifyContent="space-between"
            >
              <Box>
                <Typography variant="body2" fontWeight={600}>
                  {publication.agency?.name ?? publication.author.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {publication.agency ? `${publication.author.name} · ` : ''}
                  {updatedAgo(publication.updatedAt)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                <PhoneButton publicationId={publication.id} />
                <ChatButton
                  publicationId={publication.id}
                  authorId={publication.author.id}
                  variant="outlined"
                />
              </Stack>
            </Stack>
          </HydrateLater>
        </Stack>
      </HydrateLater>
    </Card>
  );
});
