import { Box, Button, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useState } from 'react';

/** daily rent adds the stay: check-in and check-out days and the number of guests */
export type Filters = { rooms: number[]; priceMin: string; priceMax: string; sort: string; checkIn: string; checkOut: string; guests: number };
export const NO_FILTERS: Filters = { rooms: [], priceMin: '', priceMax: '', sort: 'new', checkIn: '', checkOut: '', guests: 0 };
export const SORTS: Record<string, { label: string; request: { sortByPrice?: 'ASC' | 'DESC'; sortByDate?: 'ASC' | 'DESC' } }> = {
  new: { label: 'Сначала новые', request: { sortByDate: 'DESC' } },
  old: { label: 'Сначала старые', request: { sortByDate: 'ASC' } },
  cheap: { label: 'Сначала дешевле', request: { sortByPrice: 'ASC' } },
  expensive: { label: 'Сначала дороже', request: { sortByPrice: 'DESC' } },
};

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 12);

/** Rooms, price and sort (and, for daily rent, dates and guests); 'Найти' applies them. */
export function SearchBar({ value, onSearch, dailyRent }: { value: Filters; onSearch: (filters: Filters) => void; dailyRent?: boolean }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} component="form"
        onSubmit={(e) => { e.preventDefault(); onSearch(draft); }}>
        <ToggleButtonGroup
          value={draft.rooms}
          onChange={(_, rooms: number[]) => setDraft({ ...draft, rooms })}
          aria-label="Комнаты"
          size="small"
        >
          {[1, 2, 3, 4].map((n) => (
            <ToggleButton key={n} value={n} sx={{ px: 2 }}>{n === 4 ? '4+' : n}</ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1} flex={1}>
          <TextField size="small" label="Цена от, ₽" value={draft.priceMin} inputMode="numeric" fullWidth
            onChange={(e) => setDraft({ ...draft, priceMin: digits(e.target.value) })} />
          <TextField size="small" label="до, ₽" value={draft.priceMax} inputMode="numeric" fullWidth
            onChange={(e) => setDraft({ ...draft, priceMax: digits(e.target.value) })} />
        </Stack>
        {dailyRent && (
          <Stack direction="row" spacing={1} alignItems="center">
            <TextField size="small" type="date" label="Заезд" value={draft.checkIn} slotProps={{ inputLabel: { shrink: true } }} onChange={(e) => setDraft({ ...draft, checkIn: e.target.value })} />
            <TextField size="small" type="date" label="Выезд" value={draft.checkOut} slotProps={{ inputLabel: { shrink: true } }} onChange={(e) => setDraft({ ...draft, checkOut: e.target.value })} />
            {/* the spec's guest counter: up without limit, down to 0 */}
            <Stack direction="row" alignItems="center" aria-label="Гости">
              <Button size="small" aria-label="Меньше гостей" disabled={draft.guests === 0} onClick={() => setDraft({ ...draft, guests: Math.max(0, draft.guests - 1) })}>−</Button>
              <Box component="span" sx={{ minWidth: 64, textAlign: 'center' }}>{draft.guests ? `${draft.guests} гост.` : 'Гости'}</Box>
              <Button size="small" aria-label="Больше гостей" onClick={() => setDraft({ ...draft, guests: draft.guests + 1 })}>+</Button>
            </Stack>
          </Stack>
        )}
        <TextField select size="small" label="Сортировка" value={draft.sort} sx={{ minWidth: 200 }}
          onChange={(e) => { const next = { ...draft, sort: e.target.value }; setDraft(next); onSearch(next); }}>
          {Object.entries(SORTS).map(([key, s]) => <MenuItem key={key} value={key}>{s.label}</MenuItem>)}
        </TextField>
        <Button type="submit" variant="contained" size="large">Найти</Button>
      </Stack>
    </Paper>
  );
}
