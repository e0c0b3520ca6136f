import { Box, Button, ButtonBase, Card, Divider, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { getPublication } from '../api/client';
import type { Publication as PublicationDto } from '../api/types';
import { breadcrumbs, SITE_NAME, useHead, useOrigin } from '../app/head';
import { publicationQuery } from './queries';
import { depositLabel, MetroStations, PriceBlock } from '../catalogue/PublicationCard';
import { PhoneButton } from '../catalogue/PhoneButton';
import { ChatButton } from '../chat/ChatButton';
import { FavouriteButton } from '../catalogue/FavouriteButton';
import { PriceHistory } from './PriceHistory';
import { ErrorPage } from '../errors/ErrorPage';
import { POINT_MAP_HEIGHT } from '../map/settings';
import { WhenNear } from '../map/WhenNear';
import { ListingPhoto } from '../photos/ListingPhoto';
import { LazyComplaintDialog, LazyRequestDialog, useLazyModal } from '../leads/openers';

/**
 * The main photo's width in the layout: the screen less the container's padding below md, then the
 * 8-of-12 column (less the grid's 32 px gap) of the lg container, 1200 px at most. A one-density
 * phone's 343 px then takes the card size.
 */
const MAIN_PHOTO_SLOT = [
  '(min-width: 1200px) 757px',
  '(min-width: 900px) calc(66.7vw - 43px)',
  '(min-width: 600px) calc(100vw - 48px)',
  'calc(100vw - 32px)',
].join(', ');

/** the listing's point: the map library loads only with it */
const PointMap = lazy(() => import('../map/PointMap'));
/** the booking form (a daily rent's only) with its date pickers: a chunk of its own, the server renders it whole */
const ReserveCard = lazy(() => import('../booking/ReserveCard').then((m) => ({ default: m.ReserveCard })));
import { ApiError, DEAL_ROUTES, formatCharacteristic, formatPrice, updatedAgo } from '@estate/client';

export function PublicationPage() {
  const { id = '' } = useParams();
  // a new listing is a new page: its state (the photo shown) starts afresh
  return <Publication key={id} id={id} />;
}

function PublicationSkeleton() {
  return (
    <Grid container spacing={4} aria-busy aria-label="Загрузка">
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          <Skeleton variant="text" height={48} />
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Skeleton variant="rounded" height={320} />
      </Grid>
    </Grid>
  );
}

const DEAL_NAMES = { sale: 'Продажа', rent: 'Аренда', dailyRent: 'Посуточно' } as const;

/** schema.org: a listing is an Offer of a residence (Apartment or House) with its price, and its crumbs. */
function listingJsonLd(p: PublicationDto, origin: string, path: string) {
  const image = p.images[0]?.path;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: p.title,
      description: p.description.slice(0, 500),
      url: `${origin}${path}`,
      price: p.price,
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
      businessFunction:
        p.dealCategory === 'sale'
          ? 'http://purl.org/goodrelations/v1#Sell'
          : 'http://purl.org/goodrelations/v1#LeaseOut',
      ...(image ? { image: image.startsWith('http') ? image : `${origin}${image}` } : {}),
      itemOffered: {
        '@type': 'Accommodation',
        name: p.title,
        address: { '@type': 'PostalAddress', streetAddress: p.address.fullAddress, addressCountry: 'RU' },
        ...(p.address.geo
          ? { geo: { '@type': 'GeoCoordinates', latitude: p.address.geo.lat, longitude: p.address.geo.lon } }
          : {}),
      },
      seller: { '@type': p.agency ? 'RealEstateAgent' : 'Person', name: p.agency?.name ?? p.author.name },
    },
    breadcrumbs(origin, [
      ['Главная', '/'],
      [DEAL_NAMES[p.dealCategory], DEAL_ROUTES[p.dealCategory]],
      [p.title, path],
    ]),
  ];
}

const MapPlaceholder = () => <Box sx={{ height: POINT_MAP_HEIGHT, borderRadius: 2, bgcolor: 'grey.200' }} />;

function Publication({ id }: { id: string }) {
  const [photo, setPhoto] = useState(0);
  const answer = useQuery(publicationQuery(id));
  const origin = useOrigin();
  const { pathname } = useLocation();
  const p = answer.data?.publication;
  useHead(
    p
      ? {
          title: `${p.title} — ${p.address.fullAddress} — ${SITE_NAME}`,
          description: `${formatPrice(p.price)}. ${p.description}`.replace(/\s+/g, ' ').slice(0, 160),
          canonical: pathname,
          ogType: 'product',
          image: p.images[0]?.path ?? null,
          jsonLd: listingJsonLd(p, origin, pathname),
        }
      : null,
  );
  // a page the server rendered (or one cached from a visit a moment ago) asked nothing of the API
  // in the browser: the opening is counted by the visitor's id once (the server counts it a day)
  const fetchedHere = answer.isFetchedAfterMount;
  useEffect(() => {
    if (!fetchedHere && p) void getPublication(id).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per listing shown
  }, [id, Boolean(p)]);

  if (answer.isPending) return <PublicationSkeleton />;
  if (answer.isError)
    return <ErrorPage code={answer.error instanceof ApiError ? answer.error.status || 500 : 500} />;
  if (!p) return <ErrorPage code={answer.data.missing ?? 404} />;
  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1" fontWeight={700}>
            {p.title}
          </Typography>
          <Typography color="text.secondary">{p.address.fullAddress}</Typography>
          <MetroStations publication={p} />
          <Box sx={{ borderRadius: 3, overflow: 'hidden', bgcolor: 'grey.200', aspectRatio: '4 / 3' }}>
            {p.images[photo] && (
              <ListingPhoto
                photo={p.images[photo]}
                size="full"
                sizes={MAIN_PHOTO_SLOT}
                alt={`${p.title}. Фото ${photo + 1} из ${p.images.length}`}
                priority
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            )}
          </Box>
          {p.images.length > 1 && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ overflowX: 'auto' }}
              role="group"
              aria-label="Фотографии объявления"
            >
              {p.images.map((image, i) => (
                <ButtonBase
                  key={image.path}
                  onClick={() => setPhoto(i)}
                  aria-pressed={i === photo}
                  sx={{
                    flex: '0 0 auto',
                    width: 109,
                    height: 80,
                    borderRadius: 1,
                    overflow: 'hidden',
                    bgcolor: 'grey.200',
                    // drawn inside: the strip's scrolling would clip an outline outside
                    outline: i === photo ? '3px solid' : 'none',
                    outlineOffset: '-3px',
                    outlineColor: 'primary.main',
                    '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.light' },
                  }}
                >
                  <ListingPhoto
                    photo={image}
                    size="thumb"
                    alt={`Фото ${i + 1} из ${p.images.length}`}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                </ButtonBase>
              ))}
            </Stack>
          )}
          {p.address.geo && (
            <>
              <Typography variant="h5" fontWeight={600} pt={2}>
                На карте
              </Typography>
              <WhenNear placeholder={<MapPlaceholder />}>
                <Suspense fallback={<MapPlaceholder />}>
                  <PointMap lat={p.address.geo.lat} lon={p.address.geo.lon} label={p.title} />
                </Suspense>
              </WhenNear>
            </>
          )}
          <Typography variant="h5" fontWeight={600} pt={2}>
            Характеристики
          </Typography>
          <Grid container spacing={1}>
            {p.characteristics.map((c) => {
              const { label, value } = formatCharacteristic(c);
              return (
                <Grid
                  key={c.characteristicField}
                  size={{ xs: 6, sm: 4 }}
                  data-testid={`characteristic-${c.characteristicField}`}
                >
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography fontWeight={600}>{value}</Typography>
                </Grid>
              );
            })}
          </Grid>
          <Typography variant="h5" fontWeight={600} pt={2}>
            Описание
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{p.description}</Typography>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card variant="outlined" sx={{ p: 3, borderRadius: 3, position: { md: 'sticky' }, top: 88 }}>
          <Stack spacing={2}>
            <Stack direction="row" justifyContent="space-between" alignItems="flex-start">
              <PriceBlock publication={p} large />
              <FavouriteButton publicationId={p.id} />
            </Stack>
            <PriceHistory publicationId={p.id} />
            {depositLabel(p) && <Typography color="text.secondary">{depositLabel(p)}</Typography>}
            <Divider />
            <Box>
              <Typography fontWeight={600}>{p.author.name}</Typography>
              {p.agency && (
                <Typography variant="body2" color="text.secondary">
                  {p.agency.name}
                </Typography>
              )}
            </Box>
            <PhoneButton publicationId={p.id} fullWidth />
            <ChatButton publicationId={p.id} authorId={p.author.id} fullWidth />
            {p.dealCategory === 'dailyRent' && (
              <>
                <Divider />
                <Suspense fallback={<Box sx={{ minHeight: 420 }} />}>
                  <ReserveCard publication={p} />
                </Suspense>
              </>
            )}
            <ListingRequests publication={p} />
            <Typography variant="caption" color="text.secondary">
              {updatedAgo(p.updatedAt)}
            </Typography>
          </Stack>
        </Card>
      </Grid>
    </Grid>
  );
}

/** popup-phone, popup-credit (a sale) and the complaint of a listing: each modal loaded on its first click. */
function ListingRequests({ publication: p }: { publication: PublicationDto }) {
  const titlePage = p.title;
  const callback = useLazyModal(LazyRequestDialog, {
    kind: 'callback',
    title: 'Заказать звонок',
    subtitle: 'Оставьте номер, и мы перезвоним Вам в ближайшее время',
    submitLabel: 'Жду звонка',
    titlePage,
  });
  const credit = useLazyModal(LazyRequestDialog, {
    kind: 'credit',
    title: 'Заявка на ипотеку',
    subtitle: 'Поможем подобрать ипотечную программу для этой квартиры',
    submitLabel: 'Отправить заявку',
    textLabel: 'Комментарий',
    fixedText: '',
    titlePage,
  });
  const complaint = useLazyModal(LazyComplaintDialog, { publicationId: p.id });
  return (
    <>
      <Stack direction="row" flexWrap="wrap" columnGap={1}>
        <Button size="small" onClick={callback.open}>
          Заказать звонок
        </Button>
        {p.dealCategory === 'sale' && (
          <Button size="small" onClick={credit.open}>
            Заявка на ипотеку
          </Button>
        )}
        <Button size="small" color="inherit" onClick={complaint.open}>
          Пожаловаться
        </Button>
      </Stack>
      {callback.element}
      {credit.element}
      {complaint.element}
    </>
  );
}
