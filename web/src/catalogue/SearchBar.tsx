import { Button, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useState } from 'react';

export type Filters = { rooms: number[]; priceMin: string; priceMax: string; sort: string };
export const SORTS: Record<string, { label: string; request: { sortByPrice?: 'ASC' | 'DESC'; sortByDate?: 'ASC' | 'DESC' } }> = {
  new: { label: 'Сначала новые', request: { sortByDate: 'DESC' } },
  old: { label: 'Сначала старые', request: { sortByDate: 'ASC' } },
  cheap: { label: 'Сначала дешевле', request: { sortByPrice: 'ASC' } },
  expensive: { label: 'Сначала дороже', request: { sortByPrice: 'DESC' } },
};

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 12);

/** Rooms, price and sort; 'Найти' applies them, 'Сбросить фильтры' clears them. */
export function SearchBar({ value, onSearch }: { value: Filters; onSearch: (filters: Filters) => void }) {
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
        <TextField select size="small" label="Сортировка" value={draft.sort} sx={{ minWidth: 200 }}
          onChange={(e) => { const next = { ...draft, sort: e.target.value }; setDraft(next); onSearch(next); }}>
          {Object.entries(SORTS).map(([key, s]) => <MenuItem key={key} value={key}>{s.label}</MenuItem>)}
        </TextField>
        <Button type="submit" variant="contained" size="large">Найти</Button>
      </Stack>
    </Paper>
  );
}
