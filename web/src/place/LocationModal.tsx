import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, useDebounced, type PlaceDto } from '@estate/client';
import { choosePlace, type ChosenPlace } from './store';

/** product.md section 9: the location search waits 400 ms after the last key. */
export const LOCATION_DEBOUNCE_MS = 400;

const asChosen = (p: PlaceDto): ChosenPlace => ({ id: p.id, name: p.name });
const sameId = (a: ChosenPlace | null, b: ChosenPlace | null) => a !== null && b !== null && a.id === b.id;
const ROWS = 6;
const ROW_HEIGHT = 56;

/**
 * The locations modal (product.md Modals): 'Выберите регион или город', the quick choice (Вся Россия
 * with id null and the main places, then the other cities), a search over `GET /api/locations`
 * (400 ms after typing; typing clears the choice, api.md), and 'Выбрать', which keeps the choice.
 */
export function LocationModal({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: ChosenPlace | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ChosenPlace | null>(current);
  // each opening starts from the place in force, with an empty search
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSelected(current);
      setText('');
    }
  }
  const search = useDebounced(text.trim(), LOCATION_DEBOUNCE_MS);
  const quick = useQuery({
    queryKey: ['locations', 'quick'],
    queryFn: () => api.get('/api/locations'),
    enabled: open,
    staleTime: 3_600_000,
  });
  const found = useQuery({
    queryKey: ['locations', 'search', search],
    queryFn: () => api.get('/api/locations', { query: { search, limit: 20 } }),
    // api.md: the search asks only with text
    enabled: open && search.length > 0,
    staleTime: 3_600_000,
  });
  const searching = text.trim().length > 0;
  const results = searching && search === text.trim() ? found.data?.data : undefined;

  const close = () => onClose();
  const submit = () => {
    if (!selected) return;
    choosePlace(selected);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="locations-title"
      slotProps={{ paper: { sx: { minHeight: { sm: 560 } } } }}
    >
      <DialogTitle id="locations-title" sx={{ pr: 7, fontWeight: 700 }}>
        Выберите регион или город
      </DialogTitle>
      <IconButton aria-label="Закрыть" onClick={close} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <TextField
          fullWidth
          size="small"
          value={text}
          placeholder="Город или регион"
          onChange={(e) => {
            setText(e.target.value);
            setSelected(null); // api.md: typing clears the selected location
          }}
          slotProps={{
            htmlInput: { 'aria-label': 'Поиск города или региона', maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {!searching && (
          <Box mt={2}>
            <Stack direction="row" flexWrap="wrap" useFlexGap gap={1} aria-label="Быстрый выбор" role="group">
              {quick.data
                ? quick.data.mainCities?.map((p) => (
                    <Chip
                      key={p.id ?? 'all'}
                      label={p.name}
                      color={sameId(selected, asChosen(p)) ? 'primary' : 'default'}
                      variant={sameId(selected, asChosen(p)) ? 'filled' : 'outlined'}
                      aria-pressed={sameId(selected, asChosen(p))}
                      onClick={() => setSelected(asChosen(p))}
                    />
                  ))
                : Array.from({ length: 5 }, (_, i) => (
                    <Skeleton key={i} variant="rounded" width={120} height={32} />
                  ))}
            </Stack>
            <Typography variant="subtitle2" color="text.secondary" mt={2} mb={0.5}>
              Другие города
            </Typography>
            <List dense aria-label="Другие города" sx={{ columns: { sm: 2 }, p: 0 }}>
              {quick.data
                ? quick.data.secondCities?.map((p) => (
                    <ListItemButton
                      key={p.id}
                      selected={sameId(selected, asChosen(p))}
                      onClick={() => setSelected(asChosen(p))}
                      sx={{ breakInside: 'avoid', borderRadius: 1 }}
                    >
                      <ListItemText primary={p.name} />
                    </ListItemButton>
                  ))
                : Array.from({ length: ROWS }, (_, i) => <Skeleton key={i} height={36} />)}
            </List>
          </Box>
        )}
        {searching && (
          <List aria-label="Найденные места" sx={{ mt: 1, minHeight: ROWS * ROW_HEIGHT }}>
            {results === undefined &&
              Array.from({ length: ROWS }, (_, i) => <Skeleton key={i} height={ROW_HEIGHT} />)}
            {results?.length === 0 && (
              <Typography color="text.secondary" py={2}>
                Ничего не найдено
              </Typography>
            )}
            {results?.map((p) => (
              <ListItemButton
                key={p.id ?? 'all'}
                selected={sameId(selected, asChosen(p))}
                onClick={() => setSelected(asChosen(p))}
                sx={{ borderRadius: 1, minHeight: ROW_HEIGHT }}
              >
                <ListItemText primary={p.name} secondary={p.fullName !== p.name ? p.fullName : undefined} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" size="large" fullWidth={phone} disabled={!selected} onClick={submit}>
          Выбрать
        </Button>
      </DialogActions>
    </Dialog>
  );
}
