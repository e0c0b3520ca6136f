import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { plural, type CharacteristicDto } from '@estate/client';
import type { DealCategory, SearchRequest } from '../api/types';
import { stayProblem } from '../booking/stay';
import { complexNamesQuery, complexOptionsQuery } from '../newBuildings/queries';
import { PlaceSearch } from '../place/PlaceSearch';
import {
  characteristicsQuery,
  countQuery,
  countRequestOf,
  dealCategoriesQuery,
  isSet,
  type CountRequest,
} from './queries';
import {
  badRange,
  bound,
  GuestCounter,
  MetroField,
  PriceRange,
  RangeField,
  RoomsPicker,
} from './searchFields';
import { NO_FILTERS, type CharacteristicFilter, type Filters } from './filters';

const StayDates = lazy(() => import('../booking/StayDates').then((m) => ({ default: m.StayDates })));

/** how long the count waits for the typing to stop */
export const COUNT_DEBOUNCE_MS = 300;

/**
 * The filters that fit the chosen type: the characteristics its list offers and the rooms where the
 * type has them (a type changed after a choice drops what no longer applies). While the list loads,
 * everything stays.
 */
function fitting(filters: Filters, list: CharacteristicDto[] | undefined): Filters {
  if (!list) return filters;
  const names = new Set(list.map((c) => c.cianName));
  return {
    ...filters,
    rooms: names.has('FlatRoomsCount') ? filters.rooms : [],
    characteristics: Object.fromEntries(
      Object.entries(filters.characteristics).filter(([name, c]) => names.has(name) && isSet(c)),
    ),
  };
}

/** The value that settles after `ms` without a change (the count is asked for what the visitor stopped at). */
function useSettled<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" fontWeight={600} mb={1}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One characteristic as its type says: a range, Да / Нет / Неважно, or checkboxes of its options. */
function CharacteristicField({
  info,
  value,
  onChange,
}: {
  info: CharacteristicDto;
  value: CharacteristicFilter | undefined;
  onChange: (next: CharacteristicFilter) => void;
}) {
  const title = info.measure ? `${info.name}, ${info.measure}` : info.name;
  if (info.filterType === 2) {
    const range = value && 'min' in value ? value : { min: '', max: '' };
    return (
      <Section title={title}>
        <RangeField
          min={range.min}
          max={range.max}
          labels={{ min: 'от', max: 'до' }}
          names={{ min: `${info.name} от`, max: `${info.name} до` }}
          clean={(value) => bound(value, info.type === 'float')}
          decimal={info.type === 'float'}
          helperText="«От» больше «до»"
          onChange={onChange}
        />
      </Section>
    );
  }
  const values = value && 'values' in value ? value.values : [];
  if (info.type === 'boolean') {
    const chosen = values.length ? String(values[0]) : '';
    return (
      <Section title={title}>
        <RadioGroup
          row
          value={chosen}
          aria-label={info.name}
          onChange={(e) => onChange({ values: e.target.value === '' ? [] : [Number(e.target.value)] })}
        >
          {info.characteristicFieldSelects.map((o) => (
            <FormControlLabel
              key={o.id}
              value={o.value === null ? '' : String(o.value)}
              control={<Radio size="small" />}
              label={o.name}
            />
          ))}
        </RadioGroup>
      </Section>
    );
  }
  return (
    <Section title={title}>
      <FormGroup row>
        {info.characteristicFieldSelects
          .filter((o) => o.value !== null)
          .map((o) => (
            <FormControlLabel
              key={o.id}
              sx={{ mr: 2 }}
              control={
                <Checkbox
                  size="small"
                  checked={values.includes(o.value!)}
                  onChange={() =>
                    onChange({
                      values: values.includes(o.value!)
                        ? values.filter((v) => v !== o.value)
                        : [...values, o.value!].sort((a, b) => a - b),
                    })
                  }
                />
              }
              label={o.name}
            />
          ))}
      </FormGroup>
    </Section>
  );
}

/**
 * «Все фильтры» (product.md, Search and filters): the place, the stay for daily rent, the property
 * type, rooms, price, the deal's characteristics for the chosen type (GET /api/deal-categories/…),
 * the metro and, for a sale, the new build's deadline and complex. The button counts the listings of
 * the draft (POST /api/publications/count, once the typing stops) and applies it; full screen on phones.
 */
export default function FiltersDialog({
  open,
  onClose,
  deal,
  value,
  toRequest,
  onApply,
}: {
  open: boolean;
  onClose: () => void;
  deal: DealCategory;
  value: Filters;
  /** the search body of some filters, with the page's place */
  toRequest: (filters: Filters) => SearchRequest;
  onApply: (filters: Filters) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [draft, setDraft] = useState(value);
  // each opening starts from the applied filters
  const [shown, setShown] = useState(open);
  if (shown !== open) {
    setShown(open);
    if (open) setDraft(value);
  }
  const types = useQuery({ ...dealCategoriesQuery(deal), enabled: open });
  const characteristics = useQuery({
    ...characteristicsQuery(deal, draft.propertyType),
    enabled: open,
  });
  const sale = deal === 'sale';
  const options = useQuery({ ...complexOptionsQuery(), enabled: open && sale });
  const complexes = useQuery({ ...complexNamesQuery(''), enabled: open && sale });

  const result = fitting(draft, characteristics.data);
  const invalid =
    badRange(draft.priceMin, draft.priceMax) ||
    Object.values(result.characteristics).some((c) => 'min' in c && badRange(c.min, c.max)) ||
    (deal === 'dailyRent' && stayProblem(draft) !== null);
  const request = countRequestOf(toRequest(result));
  const settled = useSettled<CountRequest>(request, COUNT_DEBOUNCE_MS);
  // the last number stays on the button while the next one comes
  const count = useQuery({
    ...countQuery(settled),
    enabled: open && !invalid,
    placeholderData: keepPreviousData,
  });
  const pending = count.isFetching || JSON.stringify(settled) !== JSON.stringify(request);
  const label = invalid
    ? 'Проверьте фильтры'
    : count.data === undefined
      ? 'Показать объявления'
      : count.data === 0
        ? 'Ничего не найдено'
        : `Показать ${count.data} ${plural(count.data, ['объявление', 'объявления', 'объявлений'])}`;

  const setCharacteristic = (name: string, next: CharacteristicFilter) =>
    setDraft({ ...draft, characteristics: { ...draft.characteristics, [name]: next } });
  const list = (characteristics.data ?? []).filter((c) => c.cianName !== 'FlatRoomsCount');
  const hasRooms = !characteristics.data || characteristics.data.some((c) => c.cianName === 'FlatRoomsCount');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      scroll="paper"
      aria-labelledby="catalogue-filters-title"
    >
      <DialogTitle id="catalogue-filters-title" sx={{ pr: 7 }}>
        Все фильтры
      </DialogTitle>
      <IconButton aria-label="Закрыть" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 10 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Section title="Расположение">
            <Box sx={{ display: 'flex' }}>
              <PlaceSearch value={draft.place} onChange={(place) => setDraft({ ...draft, place })} />
            </Box>
          </Section>
          {deal === 'dailyRent' && (
            <Section title="Даты и гости">
              <Stack spacing={2}>
                <Suspense fallback={<Box sx={{ height: 40 }} />}>
                  <StayDates
                    size="small"
                    value={draft}
                    onChange={(stay) => setDraft({ ...draft, ...stay })}
                  />
                </Suspense>
                {/* the counter grows along a row, as in the bar */}
                <Box sx={{ display: 'flex' }}>
                  <GuestCounter value={draft.guests} onChange={(guests) => setDraft({ ...draft, guests })} />
                </Box>
              </Stack>
            </Section>
          )}
          <TextField
            select
            size="small"
            label="Тип недвижимости"
            value={draft.propertyType === null ? '' : String(draft.propertyType)}
            onChange={(e) =>
              setDraft({ ...draft, propertyType: e.target.value ? Number(e.target.value) : null })
            }
            sx={{ maxWidth: { md: 360 } }}
          >
            <MenuItem value="">Любой</MenuItem>
            {(types.data ?? []).map((t) => (
              <MenuItem key={t.propertyType} value={String(t.propertyType)}>
                {t.name}
              </MenuItem>
            ))}
            {/* the chosen type before the list comes, so the field shows its value */}
            {!types.data && draft.propertyType !== null && (
              <MenuItem value={String(draft.propertyType)}>…</MenuItem>
            )}
          </TextField>
          {hasRooms && (
            <Section title="Комнаты">
              <RoomsPicker
                studio
                value={draft.rooms}
                onChange={(rooms) => setDraft({ ...draft, rooms })}
                sx={{ flexWrap: 'wrap', height: 'auto' }}
              />
            </Section>
          )}
          <Section title={deal === 'dailyRent' ? 'Цена за сутки, ₽' : 'Цена, ₽'}>
            <PriceRange
              short
              min={draft.priceMin}
              max={draft.priceMax}
              error={badRange(draft.priceMin, draft.priceMax)}
              onChange={({ min, max }) => setDraft({ ...draft, priceMin: min, priceMax: max })}
              sx={{ maxWidth: { md: 360 } }}
            />
          </Section>
          {!characteristics.data && (
            <Stack spacing={2} aria-busy="true" aria-label="Загрузка характеристик">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={64} />
              ))}
            </Stack>
          )}
          {characteristics.data && (
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                columnGap: 4,
                rowGap: 3,
              }}
            >
              {list.map((c) => (
                <CharacteristicField
                  key={c.cianName}
                  info={c}
                  value={draft.characteristics[c.cianName]}
                  onChange={(next) => setCharacteristic(c.cianName, next)}
                />
              ))}
            </Box>
          )}
          <MetroField
            value={draft.metro}
            sx={{ maxWidth: { md: 360 } }}
            onChange={(metro) => setDraft({ ...draft, metro })}
          />
          {sale && (
            <Section title="Новостройка">
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
                <TextField
                  select
                  size="small"
                  label="Срок сдачи"
                  value={draft.deadline}
                  onChange={(e) => setDraft({ ...draft, deadline: e.target.value })}
                >
                  <MenuItem value="">Любой</MenuItem>
                  {(options.data?.deadlines ?? []).map((d) => (
                    <MenuItem key={d.id} value={String(d.id)}>
                      {d.name}
                    </MenuItem>
                  ))}
                  {!options.data && draft.deadline && <MenuItem value={draft.deadline}>…</MenuItem>}
                </TextField>
                <TextField
                  select
                  size="small"
                  label="Жилой комплекс"
                  value={draft.complex}
                  onChange={(e) => setDraft({ ...draft, complex: e.target.value })}
                >
                  <MenuItem value="">Любой</MenuItem>
                  {(complexes.data ?? []).map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                  {!complexes.data?.some((c) => c.id === draft.complex) && draft.complex && (
                    <MenuItem value={draft.complex}>…</MenuItem>
                  )}
                </TextField>
              </Box>
            </Section>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => setDraft({ ...NO_FILTERS, sort: draft.sort })}>Сбросить фильтры</Button>
        <Button
          variant="contained"
          disabled={invalid}
          aria-busy={pending}
          data-testid="show-count"
          onClick={() => {
            onApply(result);
            onClose();
          }}
          sx={{
            minWidth: { xs: 0, sm: 300 },
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            ml: 'auto',
            opacity: pending ? 0.85 : 1,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
