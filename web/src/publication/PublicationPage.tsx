import {
  Box,
  Button,
  ButtonBase,
  Card,
  CircularProgress,
  Divider,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { getPublication } from '../api/client';
import type { Publication } from '../api/types';
import { depositLabel, MetroStations, PriceBlock } from '../catalogue/PublicationCard';
import { PhoneButton } from '../catalogue/PhoneButton';
import { ChatButton } from '../chat/ChatButton';
import { FavouriteButton } from '../catalogue/FavouriteButton';
import { PriceHistory } from './PriceHistory';
import { ReserveCard } from '../booking/ReserveCard';
import { ErrorPage } from '../errors/ErrorPage';
import { POINT_MAP_HEIGHT } from '../map/settings';
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
import { ApiError, formatCharacteristic, updatedAgo } from '@estate/client';

type State =
  { status: 'loading' } | { status: 'ready'; publication: Publication } | { status: 'failed'; code: number };

export function PublicationPage() {
  const { id = '' } = useParams();
  // a new listing is a new page: its state (the answer, the photo shown) starts afresh
  return <Publication key={id} id={id} />;
}

function Publication({ id }: { id: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [photo, setPhoto] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getPublication(id, controller.signal)
      .then(({ data }) => {
        setState({ status: 'ready', publication: data });
        document.title = `${data.title} — ${data.address.fullAddress}`;
      })
      .catch((error) => {
        if (!controller.signal.aborted)
          setState({ status: 'failed', code: error instanceof ApiError ? error.status : 500 });
      });
    return () => controller.abort();
  }, [id]);

  if (state.status === 'loading')
    return (
      <Stack alignItems="center" py={8}>
        <CircularProgress aria-label="Загрузка" />
      </Stack>
    );
  if (state.status === 'failed') return <ErrorPage code={state.code} />;
  const p = state.publication;
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
              <Suspense
                fallback={<Box sx={{ height: POINT_MAP_HEIGHT, borderRadius: 2, bgcolor: 'grey.200' }} />}
              >
                <PointMap lat={p.address.geo.lat} lon={p.address.geo.lon} label={p.title} />
              </Suspense>
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
                <ReserveCard publication={p} />
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
function ListingRequests({ publication: p }: { publication: Publication }) {
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
