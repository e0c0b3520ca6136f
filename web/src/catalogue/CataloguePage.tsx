import MapIcon from '@mui/icons-material/Map';
import TuneIcon from '@mui/icons-material/Tune';
import ListIcon from '@mui/icons-material/ViewList';
import { Badge, Box, Button, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import type { DealCategory, MapBounds, PageMeta, Publication } from '../api/types';
import { DEAL_ROUTES, plural } from '@estate/client';
import { breadcrumbs, SITE_NAME, useHead, useHydrated, useOrigin } from '../app/head';
import { ErrorPage } from '../errors/ErrorPage';
import {
  catalogueQuery,
  countRequestOf,
  filtersFrom,
  filtersToParams,
  isSet,
  landingPart,
  landingQuery,
  pageFrom,
  pageSizeFrom,
  requestFrom,
  RESET_PAGE_SIZE,
  type Landing,
} from './queries';
import { SEARCH_MAP_HEIGHT } from '../map/settings';
import { Pagination } from './Pagination';
import { LazySelectionDialog, useLazyModal } from '../leads/openers';
import { EAGER_CARDS, ListingCard } from './ListingCard';
import { HydrateLater } from '../app/hydrateLater';
import { Notice } from '../app/Notice';
import { lazyPart } from '../app/lazyPart';
import { fromWidth } from '../app/theme';
import { NO_FILTERS, storeGuests, type Filters } from './filters';
import { SaveSearchButton } from '../savedSearches/SaveSearchButton';
import { useChosenPlace } from '../place/store';
import { FilterTags, useFilterTags } from './FilterTags';
import { SortMenu } from './SortMenu';

const TITLES: Record<DealCategory, string> = {
  sale: 'Продажа недвижимости',
  rent: 'Аренда недвижимости',
  dailyRent: 'Посуточная аренда',
};
const DESCRIPTIONS: Record<DealCategory, string> = {
  sale: 'Купить квартиру или дом: объявления о продаже недвижимости с ценами, фото и адресами',
  rent: 'Снять квартиру или дом надолго: объявления об аренде недвижимости с ценами и фото',
  dailyRent: 'Снять квартиру посуточно: свободные даты, цены за ночь, фото и адреса',
};
/** the map and its library load only when a visitor asks for the map */
const SearchMap = lazy(() => import('../map/SearchMap'));
/** «Все фильтры» comes in its own chunk, on the first click of its button */
const FiltersDialog = lazy(() => import('./FiltersDialog'));
/**
 * The search bar (MUI's fields, the place search) comes in a chunk of its own, fetched once the
 * page has hydrated.
 */
const SearchBar = lazyPart(() => import('./SearchBar').then((m) => m.SearchBar));

/** how many of the modal's own filters (type, characteristics, new build) are on */
const modalFilterCount = (f: Filters) =>
  (f.propertyType !== null ? 1 : 0) +
  Object.values(f.characteristics).filter(isSet).length +
  (f.deadline ? 1 : 0) +
  (f.complex ? 1 : 0);

type State =
  | { status: 'loading' }
  | { status: 'ready'; items: Publication[]; meta: PageMeta }
  | { status: 'failed'; message: string };

/** Skeletons of the cards in the place of the results while they load: nothing moves when they come. */
function CardSkeletons() {
  return (
    <Stack spacing={2} aria-label="Загрузка" aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={220} />
      ))}
    </Stack>
  );
}

/** One catalogue for sale, rent and daily rent; filters and the page live in the URL. */
export function CataloguePage({ deal }: { deal: DealCategory }) {
  const params = useParams();
  const city = params.city;
  const landing = useQuery({
    ...landingQuery(deal, city ?? '', landingPart(params)),
    enabled: Boolean(city),
  });
  if (!city) return <Catalogue deal={deal} landing={null} />;
  if (landing.isPending) return <CardSkeletons />;
  if (landing.isError) return <ErrorPage code={500} />;
  if (!landing.data) return <ErrorPage code={404} />;
  return <Catalogue key={landing.data.crumbs.at(-1)?.[1]} deal={deal} landing={landing.data} />;
}

/**
 * One catalogue for sale, rent and daily rent, and for a landing page's place; filters and the
 * page live in the URL.
 */
function Catalogue({ deal, landing }: { deal: DealCategory; landing: Landing | null }) {
  const selection = useLazyModal(LazySelectionDialog, {});
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const origin = useOrigin();
  const hydrated = useHydrated();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const page = pageFrom(params);
  const pageSize = pageSizeFrom(params);
  const onMap = params.get('view') === 'map';
  // the map's visible area: «Сохранить поиск» on the map keeps it (alerts only for listings there)
  const [area, setArea] = useState<MapBounds | null>(null);
  // the visitor's place (the cookie, or the IP on a first visit); a landing page's city stands in for it.
  // The server renders with no place, as hydration does; the chosen one follows at once
  const chosen = useChosenPlace();
  const request = useMemo(
    () => requestFrom(deal, filters, page, chosen.place, landing?.locationId, landing?.near, pageSize),
    [deal, filters, page, chosen.place, landing, pageSize],
  );
  // the map asks for its own area; the list keeps the last page shown while the next one loads; a
  // first visit waits for its place (the server's page stays meanwhile)
  const search = useQuery({
    ...catalogueQuery(request),
    enabled: !onMap && (chosen.ready || Boolean(landing)),
    placeholderData: keepPreviousData,
  });
  const state: State = search.data
    ? { status: 'ready', items: search.data.data, meta: search.data.meta }
    : search.isError
      ? { status: 'failed', message: search.error.message }
      : { status: 'loading' };
  const title = landing?.title ?? TITLES[deal];
  const hasFilters = [...params.keys()].some((k) => k !== 'page');
  useHead({
    title: `${title}${page > 1 ? ` — страница ${page}` : ''} — ${SITE_NAME}`,
    description: landing?.description ?? DESCRIPTIONS[deal],
    // a filtered search is the same page as the catalogue for search engines; a later page is its own
    canonical: `${pathname}${page > 1 && !hasFilters ? `?page=${page}` : ''}`,
    jsonLd: [
      breadcrumbs(origin, [['Главная', '/'], [TITLES[deal], DEAL_ROUTES[deal]], ...(landing?.crumbs ?? [])]),
    ],
  });

  const apply = (next: Filters, nextPage = 1, map = onMap, size = pageSize) => {
    setParams(filtersToParams(next, nextPage, map, size));
    window.scrollTo({ top: 0 });
  };
  /** the spec's reset: no filters (the order kept where asked), and pages of 8 */
  const reset = (sort = NO_FILTERS.sort) => apply({ ...NO_FILTERS, sort }, 1, onMap, RESET_PAGE_SIZE);
  // the map's filters: the search's, without its page and order
  const mapFilters = useMemo(() => countRequestOf(request), [request]);
  const tags = useFilterTags(deal, filters);
  // «Все фильтры»: closed until asked for (its code loads then); it starts from the bar's draft
  const [dialog, setDialog] = useState<{ open: boolean; from: Filters } | null>(null);
  const toRequest = useCallback(
    (f: Filters) => requestFrom(deal, f, 1, chosen.place, landing?.locationId),
    [deal, chosen.place, landing],
  );
  // the page hydrates after the layout, in a task of its own, and its parts each in theirs
  return (
    <HydrateLater>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" fontWeight={700} sx={{ fontSize: { xs: 28, md: 34 } }}>
          {title}
        </Typography>
        {/* phones: the form is behind «Фильтры», so the first screen shows the results */}
        <HydrateLater when={fromWidth('md')}>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <SearchBar
              value={filters}
              onSearch={(next) => apply(next)}
              dailyRent={deal === 'dailyRent'}
              onAllFilters={(draft) => setDialog({ open: true, from: draft })}
              extras={modalFilterCount(filters)}
            />
          </Box>
        </HydrateLater>
        <HydrateLater>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            <Badge
              badgeContent={tags.length}
              color="primary"
              invisible={tags.length === 0}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <Button
                variant="contained"
                startIcon={<TuneIcon />}
                onClick={() => setDialog({ open: true, from: filters })}
                aria-label={tags.length ? `Фильтры: выбрано ${tags.length}` : 'Фильтры'}
              >
                Фильтры
              </Button>
            </Badge>
            {!onMap && <SortMenu value={filters.sort} onChange={(sort) => apply({ ...filters, sort })} />}
            <Button
              variant="outlined"
              startIcon={onMap ? <ListIcon /> : <MapIcon />}
              onClick={() => apply(filters, 1, !onMap)}
              aria-label={onMap ? 'Показать списком' : 'Показать на карте'}
              sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
              {/* a phone shows the icon alone, so the row holds the filters, the order, the map and saving */}
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {onMap ? 'Показать списком' : 'Показать на карте'}
              </Box>
            </Button>
            <SaveSearchButton filters={onMap && area ? { ...request, bounds: area } : request} />
          </Stack>
        </HydrateLater>
        <FilterTags tags={tags} sort={filters.sort} onChange={(next) => apply(next)} onReset={reset} />
        {dialog && (
          <Suspense fallback={null}>
            <FiltersDialog
              open={dialog.open}
              onClose={() => setDialog({ ...dialog, open: false })}
              deal={deal}
              value={dialog.from}
              toRequest={toRequest}
              onApply={(next) => {
                if (deal === 'dailyRent') storeGuests(next.guests);
                apply(next);
              }}
            />
          </Suspense>
        )}
        {onMap && !hydrated && (
          <Box sx={{ height: SEARCH_MAP_HEIGHT, mt: '36px', borderRadius: 2, bgcolor: 'grey.200' }} />
        )}
        {onMap && hydrated && (
          <Suspense
            fallback={
              <Box sx={{ height: SEARCH_MAP_HEIGHT, mt: '36px', borderRadius: 2, bgcolor: 'grey.200' }} />
            }
          >
            <SearchMap filters={mapFilters} onArea={setArea} />
          </Suspense>
        )}
        {!onMap && state.status === 'loading' && <CardSkeletons />}
        {!onMap && state.status === 'failed' && (
          <Notice severity="error" action={<Button onClick={() => void search.refetch()}>Повторить</Button>}>
            Не удалось загрузить объявления: {state.message}
          </Notice>
        )}
        {!onMap && state.status === 'ready' && state.items.length === 0 && (
          <Stack alignItems="center" spacing={2} py={8}>
            <Typography variant="h6">Ничего не найдено</Typography>
            <Typography color="text.secondary">Попробуйте изменить условия поиска</Typography>
            <Button variant="outlined" onClick={() => reset()}>
              Сбросить фильтры
            </Button>
            <Typography color="text.secondary" textAlign="center">
              Не нашли подходящее объявление? Мы подберём варианты для вас.
            </Typography>
            <Button variant="contained" onClick={selection.open}>
              Оставить заявку на подбор
            </Button>
            {selection.element}
          </Stack>
        )}
        {!onMap && state.status === 'ready' && state.items.length > 0 && (
          <>
            <Typography color="text.secondary" data-testid="found">
              Найдено {state.meta.total}{' '}
              {plural(state.meta.total, ['объявление', 'объявления', 'объявлений'])}
            </Typography>
            {/* the last page stays while the next loads: busy for assistive technology meanwhile */}
            <Stack spacing={2} aria-busy={search.isPlaceholderData} data-testid="results">
              {/* each card hydrates in a task of its own (~8 ms of a phone's main thread each) */}
              {state.items.map((p, i) => (
                <HydrateLater key={p.id}>
                  <ListingCard variant="row" publication={p} priority={i < EAGER_CARDS} />
                </HydrateLater>
              ))}
            </Stack>
            <HydrateLater>
              <Pagination meta={state.meta} onChange={(p) => apply(filters, p)} />
            </HydrateLater>
          </>
        )}
        {landing && landing.children.length > 0 && (
          <Stack spacing={1} component="nav" aria-labelledby="districts-title">
            <Typography id="districts-title" variant="h6" component="h2" fontWeight={700}>
              Районы
            </Typography>
            <Stack direction="row" gap={1} flexWrap="wrap">
              {landing.children.map((c) => (
                <Chip
                  key={c.path}
                  label={c.name}
                  component={RouterLink}
                  to={c.path}
                  clickable
                  variant="outlined"
                />
              ))}
            </Stack>
          </Stack>
        )}
        {landing && landing.stations.length > 0 && (
          // in the page for search engines and for whoever opens it; closed, so a city of 250 stations
          // does not push the page down
          <Box
            component="details"
            sx={{ '& > summary': { cursor: 'pointer', typography: 'h6', fontWeight: 700 } }}
          >
            <summary>Метро</summary>
            <Box component="nav" aria-label="Станции метро" sx={{ columnWidth: 200, columnGap: 2, pt: 1 }}>
              {landing.stations.map((s) => (
                <Box key={s.path} sx={{ breakInside: 'avoid', py: 0.25 }}>
                  <Link component={RouterLink} to={s.path} underline="hover">
                    {s.name}
                  </Link>
                </Box>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </HydrateLater>
  );
}
