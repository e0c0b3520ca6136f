import {
  Box,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { plural } from '@estate/client';
import { METRO_CHOICES } from './filters';

/**
 * The search's fields, one component each wherever a search is set: the home page's hero, the
 * catalogue's bar and «Все фильтры», the new buildings' search and a complex's flats.
 */

/** a field's own styles, then those its caller adds (MUI's sx array) */
const withSx = (own: SxProps<Theme>, added?: SxProps<Theme>): SxProps<Theme> =>
  [own, ...(Array.isArray(added) ? (added as unknown[]) : [added])] as SxProps<Theme>;

/** digits only, at most 12 (a price in roubles) */
export const digits = (value: string) => value.replace(/\D/g, '').slice(0, 12);

/** Rooms of a flat (4: four or more; 0, with `studio`: a studio), any number of them, in order. */
export function RoomsPicker({
  value,
  onChange,
  studio = false,
  sx,
}: {
  value: number[];
  onChange: (rooms: number[]) => void;
  studio?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <ToggleButtonGroup
      value={value}
      onChange={(_, next: number[]) => onChange([...next].sort((a, b) => a - b))}
      aria-label="Комнаты"
      size="small"
      sx={withSx({ height: 40 }, sx)}
    >
      {(studio ? [0, 1, 2, 3, 4] : [1, 2, 3, 4]).map((n) => (
        <ToggleButton
          key={n}
          value={n}
          sx={{ px: 2, minWidth: 44 }}
          aria-label={n === 0 ? 'Студия' : n === 4 ? '4 комнаты и больше' : `${n}-комнатная`}
        >
          {n === 0 ? 'Студия' : n === 4 ? '4+' : n}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** a range's bound typed as a whole number, or with `float` as a decimal with two places (9 digits before) */
export function bound(value: string, float = false) {
  if (!float) return value.replace(/\D/g, '').slice(0, 9);
  const [whole, ...rest] = value
    .replace(',', '.')
    .replace(/[^\d.]/g, '')
    .split('.');
  return rest.length ? `${whole.slice(0, 9)}.${rest.join('').slice(0, 2)}` : whole.slice(0, 9);
}

/** «от» greater than «до», both typed */
export const badRange = (min: string, max: string) => Boolean(min && max && Number(min) > Number(max));

/**
 * A range's «от» and «до», side by side: the price, an area, a floor, any characteristic the filters
 * ask for as a range. A field's label is what shows; its name (when given) is what a screen reader
 * says, for a label that names only the bound.
 */
export function RangeField({
  min,
  max,
  onChange,
  labels,
  names,
  clean,
  decimal = false,
  error = badRange(min, max),
  helperText,
  sx,
  fieldSx,
}: {
  min: string;
  max: string;
  onChange: (range: { min: string; max: string }) => void;
  labels: { min: string; max: string };
  names?: { min: string; max: string };
  /** what a typed value keeps (digits, a decimal) */
  clean: (value: string) => string;
  decimal?: boolean;
  error?: boolean;
  /** under «от», when the range is wrong */
  helperText?: string;
  sx?: SxProps<Theme>;
  fieldSx?: SxProps<Theme>;
}) {
  const field = (which: 'min' | 'max') => (
    <TextField
      size="small"
      label={labels[which]}
      value={which === 'min' ? min : max}
      error={error}
      helperText={which === 'min' && error ? helperText : undefined}
      slotProps={{
        htmlInput: {
          inputMode: decimal ? 'decimal' : 'numeric',
          ...(names ? { 'aria-label': names[which] } : {}),
        },
      }}
      sx={withSx({ flex: 1, minWidth: 0 }, fieldSx)}
      onChange={(e) => onChange({ min, max, [which]: clean(e.target.value) })}
    />
  );
  return (
    <Box sx={withSx({ display: 'flex', gap: 1, minWidth: 0 }, sx)}>
      {field('min')}
      {field('max')}
    </Box>
  );
}

/**
 * The price «от» / «до» in roubles, typed as digits. `short`: under a heading that names the price
 * («Цена, ₽»), the fields say only «от» and «до».
 */
export function PriceRange({
  short = false,
  ...range
}: {
  min: string;
  max: string;
  onChange(range: { min: string; max: string }): void;
  short?: boolean;
  error?: boolean;
  sx?: SxProps<Theme>;
  fieldSx?: SxProps<Theme>;
}) {
  return (
    <RangeField
      {...range}
      clean={digits}
      labels={short ? { min: 'от', max: 'до' } : { min: 'Цена от, ₽', max: 'до, ₽' }}
      names={short ? { min: 'Цена от', max: 'Цена до' } : undefined}
      error={range.error ?? false}
    />
  );
}

/** «До метро»: the way and the minutes (METRO_CHOICES), or 'Неважно'. */
export function MetroField({
  value,
  onChange,
  sx,
}: {
  value: string;
  onChange: (metro: string) => void;
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

/** The spec's guest counter: up without limit, down to 0; at 0 it asks for the count. */
export function GuestCounter({
  value,
  onChange,
  sx,
}: {
  value: number;
  onChange: (n: number) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Stack
      direction="row"
      alignItems="center"
      role="group"
      aria-label="Гости"
      sx={withSx(
        {
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 0.5,
          minHeight: 40,
          flex: '1 1 220px',
          minWidth: 0,
        },
        sx,
      )}
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
        aria-live="polite"
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
