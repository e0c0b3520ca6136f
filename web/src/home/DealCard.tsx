import { Box, Card, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { areaLabel, DEAL_ROUTES, floorLabel, formatPrice, roomsLabel } from '@estate/client';
import type { Publication } from '../api/types';
import { recordView } from '../api/visitor';
import { PhotoCorners } from '../catalogue/PhotoCorners';
import { PhoneButton } from '../catalogue/PhoneButton';
import { HydrateLater } from '../app/hydrateLater';
import { ListingPhoto } from '../photos/ListingPhoto';

/** the photo's box: the card size's proportions (344x252), whatever the column's width */
const PHOTO_RATIO = '344 / 252';
/** the text's box has a fixed height, so a card, its skeleton and any listing take the same room */
const BODY_HEIGHT = 216;
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** the slot a card's photo fills: one column on phones, two from 500 px (sm), three from 768 (md; app/theme.ts) */
const PHOTO_SIZES = '(max-width: 499px) 100vw, (max-width: 767px) 50vw, 400px';

/**
 * product.md's standard card, compact for a grid: the photo with the 'Лучшие' tag of a top listing
 * and the heart, the price (and the old one), rooms/area/floor, the address, the nearest metro and
 * «Показать телефон».
 */
export function DealCard({ publication, priority }: { publication: Publication; priority?: boolean }) {
  const href = `${DEAL_ROUTES[publication.dealCategory]}/${publication.id}`;
  const facts = [
    roomsLabel(publication.roomCount),
    areaLabel(publication.totalArea),
    floorLabel(publication.floor, publication.floorsCount),
  ].filter(Boolean);
  const station = publication.address.metro.stations[0];
  const image = publication.images[0];
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // a view counts once the whole card has been on the screen (as the catalogue's cards)
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.intersectionRatio >= 0.99) {
          recordView(publication.id);
          observer.disconnect();
        }
      },
      { threshold: 1 },
    );
    if (card.current) observer.observe(card.current);
    return () => observer.disconnect();
  }, [publication.id]);
  return (
    <Card ref={card} variant="outlined" sx={{ borderRadius: 3, height: '100%' }} data-testid="best-deal">
      <Box sx={{ position: 'relative', aspectRatio: PHOTO_RATIO, bgcolor: 'grey.200' }}>
        {/* the photo's link works as it is; the heart follows this browser's favourites */}
        <HydrateLater on="interaction">
          <Box
            component={RouterLink}
            to={href}
            tabIndex={-1}
            aria-hidden
            sx={{ position: 'absolute', inset: 0 }}
          >
            {image ? (
              <ListingPhoto
                photo={image}
                size="card"
                alt=""
                sizes={PHOTO_SIZES}
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
      {/* text, links and the phone's button: hydrated when a visitor reaches into them */}
      <HydrateLater on="interaction">
        <Stack spacing={0.5} sx={{ p: 2, height: BODY_HEIGHT, '& > *': { flexShrink: 0 } }}>
          <Stack direction="row" spacing={1} alignItems="baseline" sx={{ minWidth: 0 }}>
            <Typography component="p" fontWeight={800} fontSize={20} sx={oneLine} data-testid="price">
              {formatPrice(publication.price)}
            </Typography>
            {publication.actualPrice !== null && publication.actualPrice !== publication.price && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ ...oneLine, textDecoration: 'line-through', flexShrink: 1 }}
              >
                {formatPrice(publication.actualPrice)}
              </Typography>
            )}
          </Stack>
          <Link
            component={RouterLink}
            to={href}
            underline="hover"
            fontWeight={600}
            sx={{ ...oneLine, display: 'block' }}
            data-testid="best-deal-title"
          >
            {publication.title}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={oneLine}>
            {facts.join(' · ') || publication.propertyTypeName}
          </Typography>
          <Typography variant="body2" sx={oneLine}>
            {publication.address.fullAddress}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ ...oneLine, minHeight: 20 }}>
            {station ? `м. ${station.name}, ${station.time}\u00a0мин.` : ''}
          </Typography>
          <Box flex={1} />
          <PhoneButton publicationId={publication.id} fullWidth />
        </Stack>
      </HydrateLater>
    </Card>
  );
}

/** The card's place while the deals load: the same boxes, so nothing moves when they arrive. */
export function DealCardSkeleton() {
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3, height: '100%' }}
      aria-hidden
      data-testid="best-deal-skeleton"
    >
      <Skeleton variant="rectangular" animation="wave" sx={{ aspectRatio: PHOTO_RATIO, height: 'auto' }} />
      <Stack spacing={0.5} sx={{ p: 2, height: BODY_HEIGHT, '& > *': { flexShrink: 0 } }}>
        <Skeleton width="55%" height={30} />
        <Skeleton width="85%" height={24} />
        <Skeleton width="60%" height={20} />
        <Skeleton width="75%" height={20} />
        <Box flex={1} />
        <Skeleton variant="rounded" height={36} />
      </Stack>
    </Card>
  );
}
