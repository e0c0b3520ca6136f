import TuneIcon from '@mui/icons-material/Tune';
import {
  Badge,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { stayProblem } from '../booking/stay';
import { plural } from '@estate/client';
import type { PlaceFilter } from '../place/placeFilter';
import { PlaceSearch } from '../place/PlaceSearch';

/** daily rent adds the stay: check-in and check-out days and the number of guests */
export type Filters = {
  rooms: number[];
  priceMin: string;
  priceMax: string;
  sort: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  /** a key of METRO_CHOICES, or '' (any distance) */
  metro: string;
  /** «Город, метро, район, улица»: the search's own place, else the header's */
  place: PlaceFilter | null;
  /** «Все фильтры»: the property type (GET /api/deal-categories/{deal}), null for any */
  propertyType: number | null;
  /** «Все фильтры»: the deal's characteristics by cianName (a range, or the chosen values) */
  characteristics: Record<string, CharacteristicFilter>;
  /** sale: the complex is handed over by the end of this year ('' for any) */
  deadline: string;
  /** sale: the residential complex's id ('' for any) */
  complex: string;
};
/** a range filter's bounds as typed (digits and a point), or a value list's chosen values */
export type CharacteristicFilter = { min: string; max: string } | { values: number[] };
/** 'До метро' (product.md): the way and the most minutes, as one choice of the bar */
export const METRO_CHOICES: Record<string, { label: string; roadToMetro: 1 | 3; minutes: number }> = {
  'foot-5': { label: 'До 5 минут пешком', roadToMetro: 1, minutes: 5 },
  'foot-10': { label: 'До 10 минут пешком', roadToMetro: 1, minutes: 10 },
  'foot-20': { label: 'До 20 минут пешком', roadToMetro: 1, minutes: 20 },
  'foot-30': { label: 'До 30 минут пешком', roadToMetro: 1, minutes: 30 },
  'ride-20': { label: 'До 20 минут на транспорте', roadToMetro: 3, minutes: 20 },
  'ride-30': { label: 'До 30 минут на транспорте', roadToMetro: 3, minutes: 30 },
};
export const NO_FILTERS: Filters = {
  rooms: [],
  priceMin: '',
  priceMax: '',
  sort: 'new',
  checkIn: '',
  checkOut: '',
  guests: 0,
  metro: '',
  place: null,
  propertyType: null,
  characteristics: {},
  deadline: '',
  complex: '',
};
export const SORTS: Record<
  string,
  { label: string; request: { sortByPrice?: 'ASC' | 'DESC'; sortByDate?: 'ASC' | 'DESC' } }
> = {
  new: { label: 'Сначала новые', request: { sortByDate: 'DESC' } },
  old: { label: 'Сначала старые', request: { sortByDate: 'ASC' } },
  cheap: { label: 'Сначала дешевле', request: { sortByPrice: 'ASC' } },
  expensive: { label: 'Сначала дороже', request: { sortByPrice: 'DESC' } },
};

/** product.md: the guest counts chosen in the search are kept in local storage as guestsCount. */
export const GUESTS_KEY = 'guestsCount';
export function storedGuests(): number {
  try {
    const n = Number(localStorage.getItem(GUESTS_KEY));
    return Number.isInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}
export function storeGuests(n: number) {
  try {
    if (n > 0) localStorage.setItem(GUESTS_KEY, String(n));
    else localStorage.removeItem(GUESTS_KEY);
  } catch {
    // private mode: the URL still carries the count
  }
}

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 12);

/** «До метро»: the way and the minutes (METRO_CHOICES), or 'Неважно'; the same field wherever a search is set. */
export function MetroField({
  value,
  onChange,
  sx,
}: {
  value: string;
  onChange(metro: string): void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label="До метро"
      value={value}
      sx={sx}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">Неважно</MenuItem>
      {Object.entries(METRO_CHOICES).map(([key, choice]) => (
        <MenuItem key={key} value={key}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
/** The date pickers come in their own chunk: only the daily-rent search shows them. */
const StayDates = lazy(() => import('../booking/StayDates').then((m) => ({ default: m.StayDates })));

/** The spec's guest counter: up without limit, down to 0; at 0 it asks for the count. */
export function GuestCounter({ value, onChange }: { value: number; onChange(n: number): void }) {
  return (
    <Stack
      direction="row"
      alignItems="center"
      role="group"
      aria-label="Гости"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 0.5,
        minHeight: 40,
        flex: '1 1 220px',
        minWidth: 0,
      }}
    >
      <IconButton
        size="small"
        aria-label="Меньше гостей"
        disabled={value === 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        −
      </IconButton>
      <Typography
        component="span"
        variant="body2"
        sx={{ flex: 1, textAlign: 'center', color: value ? 'text.primary' : 'text.secondary' }}
        data-testid="guests"
      >
        {value ? `${value} ${plural(value, ['гость', 'гостя', 'гостей'])}` : 'Укажите количество гостей'}
      </Typography>
      <IconButton size="small" aria-label="Больше гостей" onClick={() => onChange(value + 1)}>
        +
      </IconButton>
    </Stack>
  );
}

/**
 * Place, rooms, price and metro (and, for daily rent, dates and guests); 'Найти' applies them, «Все
 * фильтры» opens the modal of the rest (the order is the sort menu's, above the results). The items
 * wrap onto more lines as the width shrinks, each keeping a usable minimum width, so nothing is
 * squeezed to a sliver and the page never scrolls sideways (320–1920 px).
 */
export function SearchBar({
  value,
  onSearch,
  dailyRent,
  onAllFilters,
  extras = 0,
}: {
  value: Filters;
  onSearch: (filters: Filters) => void;
  dailyRent?: boolean;
  /** «Все фильтры»: opens the modal with the draft so far */
  onAllFilters?: (draft: Filters) => void;
  /** how many of the modal's own filters are on (its badge) */
  extras?: number;
}) {
  const [draft, setDraft] = useState(value);
  // the applied filters changed (a chip removed, the browser's back button): the draft starts again from them
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  const invalidStay = dailyRent ? stayProblem(draft) !== null : false;
  const search = (filters: Filters) => {
    if (dailyRent) storeGuests(filters.guests);
    onSearch(filters);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Box
        component="form"
        aria-label="Поиск"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalidStay) search(draft);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', minWidth: 0 }}
      >
        <PlaceSearch
          value={draft.place}
          onChange={(place) => {
            const next = { ...draft, place };
            setDraft(next);
            if (!invalidStay) search(next);
          }}
        />
        <ToggleButtonGroup
          value={draft.rooms}
          onChange={(_, rooms: number[]) => setDraft({ ...draft, rooms })}
          aria-label="Комнаты"
          size="small"
          sx={{ flex: '0 0 auto', height: 40 }}
        >
          {[1, 2, 3, 4].map((n) => (
            <ToggleButton key={n} value={n} sx={{ px: 2 }}>
              {n === 4 ? '4+' : n}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ display: 'flex', gap: 1, flex: '1 1 260px', minWidth: 0 }}>
          <TextField
            size="small"
            label="Цена от, ₽"
            value={draft.priceMin}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1, minWidth: 110 }}
            onChange={(e) => setDraft({ ...draft, priceMin: digits(e.target.value) })}
          />
          <TextField
            size="small"
            label="до, ₽"
            value={draft.priceMax}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1, minWidth: 110 }}
            onChange={(e) => setDraft({ ...draft, priceMax: digits(e.target.value) })}
          />
        </Box>
        {dailyRent && (
          <>
            <Box sx={{ flex: '2 1 310px', minWidth: 0 }}>
              <Suspense fallback={<Box sx={{ height: 40 }} />}>
                <StayDates size="small" value={draft} onChange={(stay) => setDraft({ ...draft, ...stay })} />
              </Suspense>
            </Box>
            <GuestCounter value={draft.guests} onChange={(guests) => setDraft({ ...draft, guests })} />
          </>
        )}
        <MetroField
          value={draft.metro}
          sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 260 } }}
          onChange={(metro) => setDraft({ ...draft, metro })}
        />
        {onAllFilters && (
          <Badge badgeContent={extras} color="primary" invisible={extras === 0} sx={{ ml: { sm: 'auto' } }}>
            <Button
              variant="outlined"
              startIcon={<TuneIcon />}
              onClick={() => onAllFilters(draft)}
              sx={{ height: 40, whiteSpace: 'nowrap' }}
            >
              Все фильтры
            </Button>
          </Badge>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={invalidStay}
          sx={{
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            ml: onAllFilters ? undefined : { sm: 'auto' },
            height: 40,
            px: 4,
          }}
        >
          Найти
        </Button>
      </Box>
    </Paper>
  );
}
