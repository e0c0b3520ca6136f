import MapIcon from '@mui/icons-material/Map';
import ListIcon from '@mui/icons-material/ViewList';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { searchPublications } from '../api/client';
import type { DealCategory, MapBounds, PageMeta, Publication, SearchRequest } from '../api/types';
import { formatPrice, plural } from '@estate/client';
import { SEARCH_MAP_HEIGHT } from '../map/settings';
import { Pagination } from './Pagination';
import { LazySelectionDialog, useLazyModal } from '../leads/openers';
import { EAGER_CARDS, PublicationCard } from './PublicationCard';
import { METRO_CHOICES, NO_FILTERS, SearchBar, SORTS, type Filters } from './SearchBar';
import { SaveSearchButton } from '../savedSearches/SaveSearchButton';
import { placeFromParams, placeRequest, placeToParams } from '../place/placeFilter';
import { useChosenPlace, type ChosenPlace } from '../place/store';

const TITLES: Record<DealCategory, string> = {
  sale: 'Продажа недвижимости',
  rent: 'Аренда недвижимости',
  dailyRent: 'Посуточная аренда',
};
const PER_PAGE = 20;
/** the map and its library load only when a visitor asks for the map */
const SearchMap = lazy(() => import('../map/SearchMap'));

function filtersFrom(params: URLSearchParams): Filters {
  return {
    rooms: (params.get('rooms') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => n >= 1 && n <= 4),
    priceMin: params.get('priceMin') ?? '',
    priceMax: params.get('priceMax') ?? '',
    sort: SORTS[params.get('sort') ?? ''] ? params.get('sort')! : 'new',
    checkIn: params.get('checkIn') ?? '',
    checkOut: params.get('checkOut') ?? '',
    guests: Math.max(0, Number(params.get('guests')) || 0),
    metro: Object.hasOwn(METRO_CHOICES, params.get('metro') ?? '') ? params.get('metro')! : '',
    place: placeFromParams(params),
  };
}

function requestFrom(
  deal: DealCategory,
  filters: Filters,
  page: number,
  chosen: ChosenPlace | null,
): SearchRequest {
  const min = filters.priceMin ? Number(filters.priceMin) : null;
  const max = filters.priceMax ? Number(filters.priceMax) : null;
  return {
    dealCategory: deal,
    ...placeRequest(filters.place, chosen),
    limit: PER_PAGE,
    offset: page,
    ...SORTS[filters.sort].request,
    ...(min !== null || max !== null ? { price: [{ min, max }] as SearchRequest['price'] } : {}),
    ...(filters.rooms.length ? { roomCount: filters.rooms } : {}),
    ...(deal === 'dailyRent' && filters.checkIn && filters.checkOut > filters.checkIn
      ? { dates: [filters.checkIn, filters.checkOut] as [string, string] }
      : {}),
    ...(deal === 'dailyRent' && filters.guests > 0 ? { adultCount: filters.guests } : {}),
    ...(filters.metro
      ? {
          roadToMetro: METRO_CHOICES[filters.metro].roadToMetro,
          notMoreMinutes: METRO_CHOICES[filters.metro].minutes,
        }
      : {}),
  };
}

type State =
  | { status: 'loading' }
  | { status: 'ready'; items: Publication[]; meta: PageMeta }
  | { status: 'failed'; message: string };

/** One catalogue for sale, rent and daily rent; filters and the page live in the URL. */
export function CataloguePage({ deal }: { deal: DealCategory }) {
  const selection = useLazyModal(LazySelectionDialog, {});
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const onMap = params.get('view') === 'map';
  // the map's visible area: «Сохранить поиск» on the map keeps it (alerts only for listings there)
  const [area, setArea] = useState<MapBounds | null>(null);
  const chosen = useChosenPlace();
  const request = useMemo(
    () => requestFrom(deal, filters, page, chosen.place),
    [deal, filters, page, chosen.place],
  );
  // «Повторить» asks again for the same page
  const [attempt, setAttempt] = useState(0);
  const key = `${JSON.stringify(request)}#${attempt}`;
  // an answer belongs to the search it was asked for: until the current one answers, it is loading
  const [answer, setAnswer] = useState<{ key: string; state: State } | null>(null);
  const state: State = answer?.key === key ? answer.state : { status: 'loading' };

  useEffect(() => {
    if (onMap || !chosen.ready) return; // the map asks for its own area; the first visit waits for its place
    const controller = new AbortController();
    searchPublications(request, controller.signal)
      .then(({ data, meta }) => setAnswer({ key, state: { status: 'ready', items: data, meta } }))
      .catch((error: Error) => {
        if (!controller.signal.aborted)
          setAnswer({ key, state: { status: 'failed', message: error.message } });
      });
    return () => controller.abort();
  }, [request, key, onMap, chosen.ready]);

  const apply = (next: Filters, nextPage = 1, map = onMap) => {
    const query = new URLSearchParams();
    if (map) query.set('view', 'map');
    if (next.rooms.length) query.set('rooms', next.rooms.join(','));
    if (next.priceMin) query.set('priceMin', next.priceMin);
    if (next.priceMax) query.set('priceMax', next.priceMax);
    if (next.sort !== 'new') query.set('sort', next.sort);
    if (next.checkIn) query.set('checkIn', next.checkIn);
    if (next.checkOut) query.set('checkOut', next.checkOut);
    if (next.guests) query.set('guests', String(next.guests));
    if (next.metro) query.set('metro', next.metro);
    placeToParams(next.place, query);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
    window.scrollTo({ top: 0 });
  };
  const reset = () => apply(NO_FILTERS);
  // the map's filters: the search's, without its page and order
  const mapFilters = useMemo(() => {
    const { limit: _limit, offset: _offset, sortByPrice: _price, sortByDate: _date, ...rest } = request;
    return rest;
  }, [request]);
  const priceTag =
    filters.priceMin || filters.priceMax
      ? `Цена: ${filters.priceMin ? `от ${formatPrice(Number(filters.priceMin))}` : ''} ${filters.priceMax ? `до ${formatPrice(Number(filters.priceMax))}` : ''}`.trim()
      : null;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={700} sx={{ fontSize: { xs: 28, md: 34 } }}>
        {TITLES[deal]}
      </Typography>
      <SearchBar value={filters} onSearch={(next) => apply(next)} dailyRent={deal === 'dailyRent'} />
      {(priceTag || filters.rooms.length > 0 || filters.metro) && (
        <Stack direction="row" spacing={1} flexWrap="wrap">
          {filters.rooms.length > 0 && (
            <Chip
              label={`Комнат: ${filters.rooms.map((r) => (r === 4 ? '4+' : r)).join(', ')}`}
              onDelete={() => apply({ ...filters, rooms: [] })}
            />
          )}
          {priceTag && (
            <Chip label={priceTag} onDelete={() => apply({ ...filters, priceMin: '', priceMax: '' })} />
          )}
          {filters.metro && (
            <Chip
              label={`Метро: ${METRO_CHOICES[filters.metro].label.toLowerCase()}`}
              onDelete={() => apply({ ...filters, metro: '' })}
            />
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button
          variant="outlined"
          startIcon={onMap ? <ListIcon /> : <MapIcon />}
          onClick={() => apply(filters, 1, !onMap)}
        >
          {onMap ? 'Показать списком' : 'Показать на карте'}
        </Button>
        <SaveSearchButton filters={onMap && area ? { ...request, bounds: area } : request} />
      </Stack>
      {onMap && (
        <Suspense
          fallback={
            <Box sx={{ height: SEARCH_MAP_HEIGHT, mt: '36px', borderRadius: 2, bgcolor: 'grey.200' }} />
          }
        >
          <SearchMap filters={mapFilters} onArea={setArea} />
        </Suspense>
      )}
      {!onMap && state.status === 'loading' && (
        <Stack alignItems="center" py={8}>
          <CircularProgress aria-label="Загрузка" />
        </Stack>
      )}
      {!onMap && state.status === 'failed' && (
        <Alert severity="error" action={<Button onClick={() => setAttempt((n) => n + 1)}>Повторить</Button>}>
          Не удалось загрузить объявления: {state.message}
        </Alert>
      )}
      {!onMap && state.status === 'ready' && state.items.length === 0 && (
        <Stack alignItems="center" spacing={2} py={8}>
          <Typography variant="h6">Ничего не найдено</Typography>
          <Typography color="text.secondary">Попробуйте изменить условия поиска</Typography>
          <Button variant="outlined" onClick={reset}>
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
            Найдено {state.meta.total} {plural(state.meta.total, ['объявление', 'объявления', 'объявлений'])}
          </Typography>
          <Stack spacing={2}>
            {state.items.map((p, i) => (
              <PublicationCard key={p.id} publication={p} priority={i < EAGER_CARDS} />
            ))}
          </Stack>
          <Box pb={2}>
            <Pagination
              current={state.meta.current_page}
              last={state.meta.last_page}
              onChange={(p) => apply(filters, p)}
            />
          </Box>
        </>
      )}
    </Stack>
  );
}
