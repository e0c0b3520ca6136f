import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, plural, type SavedSearchDto } from '@estate/client';
import { AlertsFields } from './AlertsFields';
import { catalogueUrl, describeFilters, type Alerts } from './links';
import { PageSkeleton } from '../layout/PageSkeleton';

type Change = { name?: string; alerts?: Alerts; paused?: boolean };
const messageOf = (e: unknown) =>
  (e instanceof ApiError ? Object.values(e.errors).flat()[0] : undefined) ?? (e as Error).message;

/**
 * «Мои поиски» (issue 19): the user's saved searches with the count of listings new since each was
 * last opened; rename, alerts, pause and resume, delete; «Открыть» records the visit and goes to
 * the catalogue with the search.
 */
export function SavedSearchesPage() {
  const [items, setItems] = useState<SavedSearchDto[] | null>(null);
  const [limit, setLimit] = useState(20);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SavedSearchDto | null>(null);
  const [deleting, setDeleting] = useState<SavedSearchDto | null>(null);
  const navigate = useNavigate();

  const load = useCallback(
    () =>
      api
        .get('/api/saved-searches')
        .then((answer) => {
          setItems(answer.data);
          setLimit(answer.meta.limit);
        })
        .catch((e: unknown) => setError(messageOf(e))),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const change = async (search: SavedSearchDto, body: Change) => {
    setError(null);
    try {
      const answer = await api.patch('/api/saved-searches/{id}', { path: { id: search.id }, body });
      setItems((list) => list?.map((s) => (s.id === search.id ? answer.data : s)) ?? null);
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };
  const remove = async (search: SavedSearchDto) => {
    setError(null);
    try {
      await api.delete('/api/saved-searches/{id}', { path: { id: search.id } });
      setItems((list) => list?.filter((s) => s.id !== search.id) ?? null);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const open = async (search: SavedSearchDto) => {
    await api.post('/api/saved-searches/{id}/visit', { path: { id: search.id } }).catch(() => undefined);
    await navigate(catalogueUrl(search.filters));
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" fontWeight={700}>
        Мои поиски
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {items === null && !error && <PageSkeleton rows={3} />}
      {items !== null && items.length === 0 && (
        <Alert severity="info">
          Сохранённых поисков пока нет: задайте фильтры в каталоге и нажмите «Сохранить поиск».
        </Alert>
      )}
      {items !== null && items.length > 0 && (
        <Typography color="text.secondary">
          {items.length} из {limit} {plural(limit, ['поиска', 'поисков', 'поисков'])}
        </Typography>
      )}
      {items?.map((search) => (
        <Paper key={search.id} variant="outlined" sx={{ p: 2 }} data-testid="saved-search">
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                {search.name}
              </Typography>
              {search.newCount > 0 ? (
                <Chip
                  color="primary"
                  size="small"
                  data-testid="new-count"
                  label={`${search.newCount} ${plural(search.newCount, ['новое', 'новых', 'новых'])}`}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Новых нет
                </Typography>
              )}
              {search.paused && <Chip size="small" label="Приостановлен" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {describeFilters(search.filters)}
            </Typography>
            <Box sx={{ opacity: search.paused ? 0.6 : 1 }}>
              <AlertsFields value={search.alerts} onChange={(alerts) => void change(search, { alerts })} />
            </Box>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              <Button variant="contained" onClick={() => void open(search)}>
                Открыть
              </Button>
              <Button variant="outlined" onClick={() => setRenaming(search)}>
                Переименовать
              </Button>
              <Button variant="outlined" onClick={() => void change(search, { paused: !search.paused })}>
                {search.paused ? 'Возобновить' : 'Приостановить'}
              </Button>
              <Button color="error" onClick={() => setDeleting(search)}>
                Удалить
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ))}
      {renaming && (
        <RenameDialog
          search={renaming}
          onClose={() => setRenaming(null)}
          onSave={async (name) => {
            if (await change(renaming, { name })) setRenaming(null);
          }}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>Удалить поиск?</DialogTitle>
        <DialogContent>
          <Typography>Поиск «{deleting?.name}» и его уведомления будут удалены.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Отмена</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (deleting) void remove(deleting);
              setDeleting(null);
            }}
          >
            Удалить
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function RenameDialog({
  search,
  onClose,
  onSave,
}: {
  search: SavedSearchDto;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(search.name);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Переименовать поиск</DialogTitle>
      <DialogContent>
        <TextField
          label="Название поиска"
          value={name}
          onChange={(e) => setName(e.target.value)}
          inputProps={{ maxLength: 100 }}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" disabled={!name.trim()} onClick={() => void onSave(name)}>
          Сохранить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
