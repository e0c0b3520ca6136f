import SearchIcon from '@mui/icons-material/Search';
import { useHead, useHydrated } from '../app/head';
import {
  Alert,
  Box,
  Button,
  Card,
  InputAdornment,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError, countLabel, formatPrice, type ResidentialComplexDto } from '@estate/client';
import { Pagination } from '../catalogue/Pagination';
import { ListingCard } from '../catalogue/ListingCard';
import { CrumbLink, Crumbline } from '../content/Crumbline';
import { ErrorPage } from '../errors/ErrorPage';
import { POINT_MAP_HEIGHT } from '../map/settings';
import { PhotoGallery } from '../photos/PhotoGallery';
import { PriceRange, RoomsPicker } from '../catalogue/searchFields';
import {
  complexListingsQuery,
  complexQuery,
  listingFiltersFrom,
  listingFiltersToSearch,
  NO_LISTING_FILTERS,
  pageOf,
  type ListingFilters,
} from './queries';

/** the complex's point: the map library loads only with it */
const PointMap = lazy(() => import('../map/PointMap'));
const MapPlaceholder = () => <Box sx={{ height: POINT_MAP_HEIGHT, borderRadius: 2, bgcolor: 'grey.200' }} />;

const LISTING_FORMS: [string, string, string] = ['объявление', 'объявления', 'объявлений'];
const PHOTO_SLOT = [
  '(min-width: 1200px) 757px',
  '(min-width: 900px) calc(66.7vw - 43px)',
  '(min-width: 600px) calc(100vw - 48px)',
  'calc(100vw - 32px)',
].join(', ');

/** `/new-buildings/{id}`: the complex (gallery, characteristics, description, map) and its listings. */
export function ComplexPage() {
  const { complexId = '' } = useParams();
  return <Complex key={complexId} id={complexId} />;
}

function Complex({ id }: { id: string }) {
  const complex = useQuery(complexQuery(id));
  const { hash } = useLocation();
  useEffect(() => {
    // a complex opened from the list starts at its top (the list's scroll is not carried over)
    if (hash !== '#listings') window.scrollTo({ top: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per complex
  }, []);
  const c = complex.data;
  useHead(
    c
      ? {
          title: `${c.name} — новостройка, ${c.address.fullAddress}`,
          description: `${c.name}: квартиры в жилом комплексе, ${c.address.fullAddress}.`,
          canonical: `/new-buildings/${encodeURIComponent(c.id)}`,
        }
      : null,
  );

  if (c === null) return <ErrorPage code={404} />;
  if (complex.isError && !c)
    return <ErrorPage code={complex.error instanceof ApiError ? complex.error.status : 500} />;
  return (
    <Stack spacing={3}>
      <Crumbline>
        <CrumbLink to="/new-buildings">Новостройки</CrumbLink>
        {c ? (
          <CrumbLink to={`/new-buildings?city=${c.locationId}`}>{c.locationName}</CrumbLink>
        ) : (
          <Skeleton width={60} />
        )}
        <span aria-current="page">{c ? c.name : <Skeleton width={140} />}</span>
      </Crumbline>
      {c ? <ComplexDetails complex={c} /> : <ComplexDetailsSkeleton />}
      <ComplexListings complexId={id} complexName={c?.name ?? ''} />
    </Stack>
  );
}

/** phones: the title and photos, the facts, then the description; from md the facts stand on the right */
const DETAILS_GRID = {
  display: 'grid',
  gap: { xs: 2, md: 4 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
  gridTemplateAreas: { xs: '"head" "card" "body"', md: '"head card" "body card"' },
  alignItems: 'start',
} as const;

function ComplexDetails({ complex: c }: { complex: ResidentialComplexDto }) {
  const hydrated = useHydrated();
  const facts: [string, string][] = [
    ['Класс', c.className ?? '—'],
    ['Стадия строительства', c.stageName ?? '—'],
    ['Срок сдачи', c.deadlineText],
    ['Материал стен', c.wallMaterialName ?? '—'],
    ['Отделка', c.finishName ?? '—'],
    ['Парковка', c.parkingName ?? '—'],
    ['Этажность', String(c.floorsCount)],
    ['Застройщик', c.developer],
  ];
  return (
    <Box sx={DETAILS_GRID}>
      <Stack spacing={2} sx={{ gridArea: 'head', minWidth: 0 }}>
        <Typography variant="h4" component="h1" fontWeight={700} sx={{ fontSize: { xs: 26, md: 34 } }}>
          {c.name}
        </Typography>
        <Typography color="text.secondary">{c.address.fullAddress}</Typography>
        <Gallery complex={c} />
      </Stack>
      <Box sx={{ gridArea: 'card', minWidth: 0 }}>
        <Card variant="outlined" sx={{ p: 3, borderRadius: 3, position: { md: 'sticky' }, top: 88 }}>
          <Stack spacing={2}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Квартиры
              </Typography>
              <Typography variant="h5" fontWeight={700}>
                от {formatPrice(c.priceFrom)}
              </Typography>
            </Box>
            <Box
              component="dl"
              data-testid="complex-facts"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 1.5, columnGap: 2 }}
            >
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ minWidth: 0 }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" fontWeight={600} sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Button variant="contained" href="#listings" fullWidth>
              Смотреть квартиры
            </Button>
          </Stack>
        </Card>
      </Box>
      <Stack spacing={2} sx={{ gridArea: 'body', minWidth: 0 }}>
        <Typography variant="h5" component="h2" fontWeight={600}>
          О жилом комплексе
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{c.description}</Typography>
        <Typography variant="h5" component="h2" fontWeight={600} pt={1}>
          На карте
        </Typography>
        {/* the map library needs a window: the server's page and the hydration keep its place */}
        {hydrated ? (
          <Suspense fallback={<MapPlaceholder />}>
            <PointMap lat={c.address.geo.lat} lon={c.address.geo.lon} label={c.name} />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
      </Stack>
    </Box>
  );
}

/** The complex's photos in the site's one gallery (photos without sizes: shown by their path). */
function Gallery({ complex: c }: { complex: ResidentialComplexDto }) {
  const photos = useMemo(() => c.images.map((image) => ({ path: image.path, variants: null })), [c.images]);
  return (
    <PhotoGallery photos={photos} title={c.name} label="Фотографии жилого комплекса" sizes={PHOTO_SLOT} />
  );
}

/** Stands where the details come: the same boxes at the same heights. */
function ComplexDetailsSkeleton() {
  return (
    <Box sx={DETAILS_GRID} aria-busy="true" aria-label="Загрузка жилого комплекса">
      <Stack spacing={2} sx={{ gridArea: 'head' }}>
        <Skeleton variant="text" height={48} width="70%" />
        <Skeleton variant="text" width="50%" />
        <Skeleton variant="rectangular" sx={{ borderRadius: 3, aspectRatio: '4 / 3', height: 'auto' }} />
        <Skeleton variant="rectangular" height={80} sx={{ borderRadius: 1 }} />
      </Stack>
      <Skeleton variant="rectangular" height={380} sx={{ borderRadius: 3, gridArea: 'card' }} />
    </Box>
  );
}

/** The complex's listings: the catalogue search with residentialComplexId, its rooms, price and address. */
function ComplexListings({ complexId, complexName }: { complexId: string; complexName: string }) {
  const [search, setSearch] = useSearchParams();
  const { hash } = useLocation();
  const filters = useMemo(() => listingFiltersFrom(search), [search]);
  const page = pageOf(search);
  const listings = useQuery(complexListingsQuery(complexId, filters, page));
  const section = useRef<HTMLElement>(null);
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    // the URL changed (a search, back): the form follows it
    setShown(filters);
    setDraft(filters);
  }
  const answer = listings.data;
  const arrived = Boolean(answer);

  useEffect(() => {
    // `#listings` (a card's count, the old publication-list address): scroll there once the list is in
    if (hash === '#listings' && arrived) section.current?.scrollIntoView();
  }, [hash, arrived]);

  const apply = (next: ListingFilters, nextPage = 1) => {
    setSearch(listingFiltersToSearch(next, nextPage), { preventScrollReset: true });
    section.current?.scrollIntoView();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  return (
    <Box
      component="section"
      id="listings"
      ref={section}
      aria-labelledby="listings-title"
      sx={{ scrollMarginTop: 80 }}
    >
      <Stack spacing={2}>
        <Typography id="listings-title" variant="h5" component="h2" fontWeight={700}>
          {complexName ? `Объявления в ${complexName}` : 'Объявления'}
        </Typography>
        <Paper
          component="form"
          role="search"
          aria-label="Поиск объявлений в жилом комплексе"
          onSubmit={submit}
          variant="outlined"
          sx={{ p: 2, borderRadius: 3 }}
        >
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1.3fr 1.6fr auto auto' },
              alignItems: 'start',
            }}
          >
            <RoomsPicker
              value={draft.rooms}
              onChange={(rooms) => setDraft({ ...draft, rooms })}
              sx={{ '& .MuiToggleButton-root': { flex: 1 } }}
            />
            <PriceRange
              min={draft.priceMin}
              max={draft.priceMax}
              onChange={({ min, max }) => setDraft({ ...draft, priceMin: min, priceMax: max })}
            />
            <TextField
              size="small"
              label="Город, метро, район, улица"
              value={draft.address}
              onChange={(e) => setDraft({ ...draft, address: e.target.value.slice(0, 200) })}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button variant="outlined" onClick={() => apply(NO_LISTING_FILTERS)} sx={{ height: 40 }}>
              Сбросить
            </Button>
            <Button type="submit" variant="contained" sx={{ height: 40, minWidth: 110 }}>
              Найти
            </Button>
          </Box>
        </Paper>
        {listings.isError && !answer && (
          <Alert severity="error" action={<Button onClick={() => void listings.refetch()}>Повторить</Button>}>
            Не удалось загрузить объявления: {listings.error.message}
          </Alert>
        )}
        <Typography color="text.secondary" data-testid="found" sx={{ minHeight: 24 }}>
          {answer ? `Найдено ${countLabel(answer.meta.total, LISTING_FORMS)}` : ''}
        </Typography>
        {!answer && !listings.isError && (
          <Stack spacing={2} aria-busy="true" aria-label="Загрузка объявлений">
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rectangular" height={300} sx={{ borderRadius: 3 }} />
            ))}
          </Stack>
        )}
        {answer && answer.data.length === 0 && (
          <Stack alignItems="center" spacing={2} py={6}>
            <Typography variant="h6">Ничего не найдено</Typography>
            <Typography color="text.secondary">Попробуйте изменить условия поиска</Typography>
            <Button variant="outlined" onClick={() => apply(NO_LISTING_FILTERS)}>
              Сбросить фильтры
            </Button>
          </Stack>
        )}
        {answer && answer.data.length > 0 && (
          <>
            <Stack spacing={2} sx={{ opacity: listings.isPlaceholderData ? 0.6 : 1 }}>
              {answer.data.map((p) => (
                <ListingCard
                  variant="row"
                  key={p.id}
                  publication={p}
                  to={`/new-buildings/${encodeURIComponent(complexId)}/${encodeURIComponent(p.id)}`}
                />
              ))}
            </Stack>
            <Pagination meta={answer.meta} onChange={(p) => apply(filters, p)} />
          </>
        )}
      </Stack>
    </Box>
  );
}
