import { useHead } from '../app/head';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { countLabel, formatPrice } from '@estate/client';
import { Pagination } from '../catalogue/Pagination';
import { useChosenPlace } from '../place/store';
import { ComplexCard, ComplexCardSkeleton } from './ComplexCard';
import { ComplexSearch } from './ComplexSearch';
import {
  cityForAddress,
  complexCitiesQuery,
  complexOptionsQuery,
  complexFiltersFrom,
  complexFiltersToSearch,
  complexListQuery,
  listingFiltersToSearch,
  NO_COMPLEX_FILTERS,
  pageOf,
  withVisitorPlace,
  type ComplexFilters,
} from './queries';
import { NEW_BUILDINGS_TITLE } from './title';

const COMPLEX_FORMS: [string, string, string] = ['жилой комплекс', 'жилых комплекса', 'жилых комплексов'];

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * `/new-buildings`: the residential complexes with the new-buildings search; filters and page in the
 * URL. Without a city in the URL the list is of the visitor's place (the `location` cookie the
 * header and the catalogue follow; 'Вся Россия': every city), as the server rendered it.
 */
export function NewBuildingsPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const chosen = useChosenPlace();
  const asked = useMemo(() => complexFiltersFrom(search), [search]);
  const filters = useMemo(() => withVisitorPlace(asked, chosen.place), [asked, chosen.place]);
  const page = pageOf(search);
  // a first visit waits for its place (the IP's answer) unless the URL names the city
  const list = useQuery({ ...complexListQuery(filters, page), enabled: chosen.ready || asked.city !== '' });
  const cities = useQuery(complexCitiesQuery());
  const options = useQuery(complexOptionsQuery());
  // the visitor's place may be a region or a city without complexes: its own name then
  const place = chosen.place?.id && chosen.place.id === filters.city ? chosen.place : null;
  const cityName = filters.city
    ? (cities.data?.find((c) => c.id === filters.city)?.name ?? place?.name)
    : undefined;

  useHead({
    title: cityName ? `Новостройки — ${cityName}` : NEW_BUILDINGS_TITLE,
    // the place may be a region: «Жилые комплексы — Московская область», not «в городе …»
    description: `Жилые комплексы${cityName ? ` — ${cityName}` : ''}: класс, стадия строительства, срок сдачи, цены квартир от застройщиков.`,
    canonical: '/new-buildings',
  });

  const apply = (next: ComplexFilters, nextPage = 1) => {
    setSearch(complexFiltersToSearch({ ...next, city: cityForAddress(next.city, chosen.place) }, nextPage));
    window.scrollTo({ top: 0 });
  };
  // the filters go, the visitor's place stays (as the catalogue's reset keeps it)
  const reset = () => {
    setSearch(complexFiltersToSearch(NO_COMPLEX_FILTERS));
    window.scrollTo({ top: 0 });
  };
  const onSearch = (next: ComplexFilters, complexId: string) => {
    if (!complexId) return apply(next);
    // a chosen complex opens its page, with the flats' rooms and price
    const flats = listingFiltersToSearch({
      rooms: next.rooms,
      priceMin: next.priceMin,
      priceMax: next.priceMax,
      address: '',
    }).toString();
    // navigate answers a promise only in a data router: nothing waits for the move
    void navigate(`/new-buildings/${encodeURIComponent(complexId)}${flats ? `?${flats}` : ''}`);
  };

  const tags: { label: string; clear: Partial<ComplexFilters> }[] = [];
  if (filters.city) tags.push({ label: cityName ?? 'Город', clear: { city: '' } });
  if (filters.rooms.length)
    tags.push({
      label: `Комнат: ${filters.rooms.map((r) => (r === 4 ? '4+' : r)).join(', ')}`,
      clear: { rooms: [] },
    });
  if (filters.year) tags.push({ label: `Сдача до конца ${filters.year} года`, clear: { year: '' } });
  if (filters.priceMin || filters.priceMax)
    tags.push({
      label: `Цена: ${[
        filters.priceMin && `от ${formatPrice(Number(filters.priceMin))}`,
        filters.priceMax && `до ${formatPrice(Number(filters.priceMax))}`,
      ]
        .filter(Boolean)
        .join(' ')}`,
      clear: { priceMin: '', priceMax: '' },
    });

  // the «Все фильтры» choices, each with its own tag (the names once the option lists are in)
  const extras: { key: keyof ComplexFilters; title: string; names?: { id: number; name: string }[] }[] = [
    { key: 'classes', title: 'Класс', names: options.data?.classes },
    { key: 'stages', title: 'Стадия', names: options.data?.stages },
    { key: 'finish', title: 'Отделка', names: options.data?.finish },
    { key: 'parking', title: 'Парковка', names: options.data?.parking },
    { key: 'wallMaterials', title: 'Стены', names: options.data?.wallMaterials },
  ];
  for (const { key, title, names } of extras) {
    const ids = filters[key] as number[];
    if (ids.length)
      tags.push({
        label: `${title}: ${ids.map((id) => (names?.find((n) => n.id === id)?.name ?? String(id)).toLowerCase()).join(', ')}`,
        clear: { [key]: [] },
      });
  }

  const answer = list.data;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={700} sx={{ fontSize: { xs: 28, md: 34 } }}>
        {cityName ? `Новостройки: ${cityName}` : 'Новостройки'}
      </Typography>
      <ComplexSearch value={filters} place={place} onSearch={onSearch} onReset={reset} />
      {tags.length > 0 && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap aria-label="Выбранные фильтры">
          {tags.map((t) => (
            <Chip key={t.label} label={t.label} onDelete={() => apply({ ...filters, ...t.clear })} />
          ))}
        </Stack>
      )}
      {list.isError && !answer && (
        <Alert severity="error" action={<Button onClick={() => void list.refetch()}>Повторить</Button>}>
          Не удалось загрузить жилые комплексы: {list.error.message}
        </Alert>
      )}
      {/* the count's line keeps its height while the list loads */}
      <Typography color="text.secondary" data-testid="complexes-found" sx={{ minHeight: 24 }}>
        {answer ? `Найдено ${countLabel(answer.meta.total, COMPLEX_FORMS)}` : ''}
      </Typography>
      {!answer && !list.isError && (
        <Box sx={GRID} aria-busy="true" aria-label="Загрузка жилых комплексов">
          {Array.from({ length: 6 }, (_, i) => (
            <ComplexCardSkeleton key={i} />
          ))}
        </Box>
      )}
      {answer && answer.data.length === 0 && (
        <Stack alignItems="center" spacing={2} py={8}>
          <Typography variant="h6">Ничего не найдено</Typography>
          <Typography color="text.secondary">Попробуйте изменить условия поиска</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={reset}>
              Сбросить фильтры
            </Button>
            {filters.city && (
              <Button variant="outlined" onClick={() => apply({ ...filters, city: '' })}>
                Искать во всех городах
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      {answer && answer.data.length > 0 && (
        <>
          <Box
            sx={{ ...GRID, opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
            aria-busy={list.isPlaceholderData}
            data-testid="complex-list"
          >
            {answer.data.map((c, i) => (
              <ComplexCard key={c.id} complex={c} priority={i < 2} />
            ))}
          </Box>
          <Pagination meta={answer.meta} onChange={(p) => apply(filters, p)} />
        </>
      )}
    </Stack>
  );
}
