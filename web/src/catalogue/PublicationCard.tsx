import { Box, Card, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withStay } from '../booking/stay';
import type { Publication } from '../api/types';
import { areaLabel, DEAL_ROUTES, floorLabel, roomsLabel, updatedAgo } from '@estate/client';
import { memo } from 'react';
import { depositLabel, MetroStations, PriceBlock, useCardView } from './cardParts';
import { PhotoCorners } from './PhotoCorners';
import { ChatButton } from '../chat/ChatButton';
import { PhoneButton } from './PhoneButton';
import { CardPhotos } from './CardPhotos';
import { HydrateLater } from '../app/hydrateLater';

/** the cards on the first screen: their photos load at once and first (the page's largest paint) */
export const EAGER_CARDS = 2;

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
        {/* the photos' links and swipe work as they are; the heart follows this browser's favourites */}
        <HydrateLater on="interaction">
          <CardPhotos publication={publication} href={href} priority={priority} />
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
