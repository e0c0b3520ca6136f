import { Box, Card, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { countLabel, formatPrice, type ResidentialComplexListItemDto } from '@estate/client';
import { ListingPhoto } from '../photos/ListingPhoto';

/** The card's parts have fixed heights, so the skeleton stands in exactly (no shift when the list comes). */
const PHOTO_HEIGHT = 200;
export const COMPLEX_CARD_HEIGHT = 404;
const LISTING_FORMS: [string, string, string] = ['объявление', 'объявления', 'объявлений'];

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** A residential complex in the list: photo, name, class, stage, deadline, address, price from, listings. */
export function ComplexCard({
  complex: c,
  priority,
}: {
  complex: ResidentialComplexListItemDto;
  priority?: boolean;
}) {
  const href = `/new-buildings/${encodeURIComponent(c.id)}`;
  const image = c.images[0];
  return (
    <Card
      variant="outlined"
      component="article"
      data-testid="complex-card"
      sx={{ borderRadius: 3, height: COMPLEX_CARD_HEIGHT, display: 'flex', flexDirection: 'column' }}
    >
      <Box
        component={RouterLink}
        to={href}
        tabIndex={-1}
        aria-hidden
        sx={{
          display: 'block',
          height: PHOTO_HEIGHT,
          flex: '0 0 auto',
          bgcolor: 'grey.200',
          position: 'relative',
        }}
      >
        {image && (
          <ListingPhoto
            photo={{ path: image.path, variants: null }}
            size="card"
            alt=""
            priority={priority}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
        {c.className && (
          <Chip
            label={c.className}
            size="small"
            color="primary"
            sx={{ position: 'absolute', top: 12, left: 12 }}
          />
        )}
      </Box>
      <Stack spacing={0.5} sx={{ p: 2, flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={href}
          underline="hover"
          variant="h6"
          fontWeight={700}
          sx={{ ...oneLine, lineHeight: 1.4 }}
          data-testid="complex-name"
        >
          {c.name}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={oneLine}>
          {c.className ? `${c.className}-класс` : 'Класс не указан'} · {c.stageName ?? 'Стадия не указана'}
        </Typography>
        <Typography variant="body2" sx={oneLine} data-testid="complex-deadline">
          Срок сдачи: {c.deadlineText}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={oneLine} title={c.address.fullAddress}>
          {c.address.fullAddress}
        </Typography>
        <Box flex={1} />
        <Typography variant="h6" fontWeight={700} sx={oneLine}>
          от {formatPrice(c.priceFrom)}
        </Typography>
        <Link
          component={RouterLink}
          to={`${href}#listings`}
          underline="hover"
          variant="body2"
          sx={oneLine}
          data-testid="complex-listings"
        >
          {c.listingsCount > 0 ? countLabel(c.listingsCount, LISTING_FORMS) : 'Нет объявлений'}
        </Link>
      </Stack>
    </Card>
  );
}

export function ComplexCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, height: COMPLEX_CARD_HEIGHT }} aria-hidden>
      <Skeleton variant="rectangular" height={PHOTO_HEIGHT} animation="wave" />
      <Stack spacing={1} sx={{ p: 2 }}>
        <Skeleton variant="text" width="80%" height={32} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="50%" />
        <Skeleton variant="text" width="90%" />
        <Skeleton variant="text" width="40%" height={32} sx={{ mt: 2 }} />
        <Skeleton variant="text" width="30%" />
      </Stack>
    </Card>
  );
}
