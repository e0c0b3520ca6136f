import TuneIcon from '@mui/icons-material/Tune';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PriceRange, RoomsPicker } from '../catalogue/searchFields';
import {
  complexCitiesQuery,
  complexNamesQuery,
  complexOptionsQuery,
  extraFilterCount,
  NO_COMPLEX_FILTERS,
  YEAR_CHOICES,
  type ComplexFilters,
} from './queries';

type Props = {
  value: ComplexFilters;
  /** the visitor's place when it is the value's city: offered by its name if no complex's city is it */
  place?: { id: string | null; name: string } | null;
  /** 'Найти': the filters, and the complex if one was chosen (its page opens instead of the list) */
  onSearch: (filters: ComplexFilters, complexId: string) => void;
  onReset: () => void;
};

/**
 * product.md, New-buildings search: city, residential complex, rooms, year (2024 and 2025), price
 * range, reset, 'Найти', 'Все фильтры' (the complex's class, stage, finish, parking and walls).
 */
export function ComplexSearch({ value, place, onSearch, onReset }: Props) {
  // a new value from the URL (back, reset) starts the form afresh
  return (
    <SearchForm
      key={JSON.stringify(value)}
      value={value}
      place={place}
      onSearch={onSearch}
      onReset={onReset}
    />
  );
}

function SearchForm({ value, place, onSearch, onReset }: Props) {
  const [draft, setDraft] = useState(value);
  const [complexId, setComplexId] = useState('');
  const [allOpen, setAllOpen] = useState(false);
  // phones: the city, then the rest of the form behind «Фильтры» (the list stays on the first screen)
  const [more, setMore] = useState(false);
  const cities = useQuery(complexCitiesQuery());
  const names = useQuery(complexNamesQuery(draft.city));
  const extras = extraFilterCount(draft);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onSearch(draft, complexId);
  };
  return (
    <Paper
      component="form"
      role="search"
      aria-label="Поиск новостроек"
      onSubmit={submit}
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 3 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1.3fr 0.9fr 1.25fr 1.45fr' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label="Город"
          id="nb-city"
          value={draft.city}
          onChange={(e) => {
            setDraft({ ...draft, city: e.target.value });
            setComplexId('');
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Все города</option>
          {(cities.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          {place?.id && cities.data && !cities.data.some((c) => c.id === place.id) && (
            <option value={place.id}>{place.name}</option>
          )}
          {/* a city of the URL shows its id until the list comes (no jump in the field) */}
          {draft.city && !cities.data && <option value={draft.city}>…</option>}
        </TextField>
        <Box
          id="nb-more"
          sx={{ display: { xs: more ? 'grid' : 'none', sm: 'contents' }, gap: 1.5, minWidth: 0 }}
        >
          <TextField
            select
            size="small"
            label="Жилой комплекс"
            id="nb-complex"
            value={complexId}
            onChange={(e) => setComplexId(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Любой</option>
            {(names.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </TextField>
          <RoomsPicker
            value={draft.rooms}
            onChange={(rooms) => setDraft({ ...draft, rooms })}
            sx={{ '& .MuiToggleButton-root': { flex: 1 } }}
          />
          <TextField
            select
            size="small"
            label="Срок сдачи"
            id="nb-year"
            value={draft.year}
            onChange={(e) => setDraft({ ...draft, year: e.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Любой</option>
            {YEAR_CHOICES.map((y) => (
              <option key={y} value={String(y)}>
                До конца {y} года
              </option>
            ))}
          </TextField>
          <PriceRange
            min={draft.priceMin}
            max={draft.priceMax}
            onChange={({ min, max }) => setDraft({ ...draft, priceMin: min, priceMax: max })}
          />
        </Box>
      </Box>
      <Stack direction="row" spacing={1} mt={2} flexWrap="wrap" useFlexGap justifyContent="flex-end">
        <Button
          variant="outlined"
          onClick={() => setMore((open) => !open)}
          aria-expanded={more}
          aria-controls="nb-more"
          sx={{ display: { sm: 'none' } }}
        >
          {more ? 'Скрыть фильтры' : extras > 0 ? `Фильтры (${extras})` : 'Фильтры'}
        </Button>
        {/* phones: one «Фильтры» button first; «Все фильтры» comes with the rest of the form */}
        <Badge
          badgeContent={extras}
          color="primary"
          invisible={extras === 0}
          sx={{ display: { xs: more ? 'inline-flex' : 'none', sm: 'inline-flex' } }}
        >
          <Button variant="text" startIcon={<TuneIcon />} onClick={() => setAllOpen(true)}>
            Все фильтры
          </Button>
        </Badge>
        {/* phones: «Найти» takes the rest of the row, so the three buttons keep to one line */}
        <Box flex={1} sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Button variant="outlined" onClick={onReset}>
          Сбросить
        </Button>
        <Button type="submit" variant="contained" sx={{ minWidth: { sm: 120 }, flexGrow: { xs: 1, sm: 0 } }}>
          Найти
        </Button>
      </Stack>
      {allOpen && (
        <AllFilters
          value={draft}
          onClose={() => setAllOpen(false)}
          onApply={(next) => {
            setAllOpen(false);
            setDraft(next);
            onSearch(next, complexId);
          }}
        />
      )}
    </Paper>
  );
}

type ListKey = 'classes' | 'stages' | 'finish' | 'parking' | 'wallMaterials';

/** «Все фильтры»: the complex's own filters the API takes (for-filters gives their names), then 'Показать'. */
function AllFilters({
  value,
  onClose,
  onApply,
}: {
  value: ComplexFilters;
  onClose: () => void;
  onApply: (filters: ComplexFilters) => void;
}) {
  const [draft, setDraft] = useState(value);
  const options = useQuery(complexOptionsQuery());
  const groups: { key: ListKey; title: string; choices: { id: number; name: string }[] }[] = options.data
    ? [
        { key: 'classes', title: 'Класс', choices: options.data.classes },
        { key: 'stages', title: 'Стадия строительства', choices: options.data.stages },
        { key: 'finish', title: 'Отделка', choices: options.data.finish },
        { key: 'parking', title: 'Парковка', choices: options.data.parking },
        { key: 'wallMaterials', title: 'Материал стен', choices: options.data.wallMaterials },
      ]
    : [];
  const toggle = (key: ListKey, id: number) => {
    const list = draft[key];
    const next = list.includes(id) ? list.filter((v) => v !== id) : [...list, id].sort((a, b) => a - b);
    setDraft({ ...draft, [key]: next });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="nb-all-title" scroll="paper">
      <DialogTitle id="nb-all-title">Все фильтры</DialogTitle>
      <DialogContent dividers>
        {!options.data && <Box sx={{ height: 320 }} aria-busy="true" />}
        <Stack spacing={2}>
          {groups.map((g) => (
            <Box key={g.key} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" fontWeight={600} mb={0.5}>
                {g.title}
              </Typography>
              <FormGroup row>
                {g.choices.map((c) => (
                  <FormControlLabel
                    key={c.id}
                    sx={{ width: { xs: g.key === 'wallMaterials' ? '100%' : '50%', sm: '33%' }, mr: 0 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={draft[g.key].includes(c.id)}
                        onChange={() => toggle(g.key, c.id)}
                      />
                    }
                    label={c.name}
                  />
                ))}
              </FormGroup>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button
          onClick={() =>
            setDraft({
              ...draft,
              classes: NO_COMPLEX_FILTERS.classes,
              stages: NO_COMPLEX_FILTERS.stages,
              finish: NO_COMPLEX_FILTERS.finish,
              parking: NO_COMPLEX_FILTERS.parking,
              wallMaterials: NO_COMPLEX_FILTERS.wallMaterials,
            })
          }
        >
          Сбросить фильтры
        </Button>
        <Button variant="contained" onClick={() => onApply(draft)}>
          Показать
        </Button>
      </DialogActions>
    </Dialog>
  );
}
