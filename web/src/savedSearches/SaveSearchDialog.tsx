import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, api, type SavedSearchDto } from '@estate/client';
import { AlertsFields } from './AlertsFields';
import { describeFilters, type Alerts, type SavedFilters } from './links';

/** The dialog of «Сохранить поиск»: the name and the alerts; the filters are the catalogue's current search. */
export default function SaveSearchDialog({
  open,
  onClose,
  filters,
}: {
  open: boolean;
  onClose: () => void;
  filters: SavedFilters;
}) {
  const [name, setName] = useState(() => describeFilters(filters).slice(0, 100));
  const [alerts, setAlerts] = useState<Alerts>({ frequency: 'daily', email: true, sms: false });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedSearchDto | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post('/api/saved-searches', { body: { name, filters, alerts } });
      setSaved(answer.data);
    } catch (e) {
      const fields = e instanceof ApiError ? Object.values(e.errors ?? {}).flat() : [];
      setError(fields[0] ?? (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Сохранить поиск</DialogTitle>
      <DialogContent>
        {saved ? (
          <Alert severity="success">
            Поиск «{saved.name}» сохранён. Новые объявления по нему — в разделе{' '}
            <RouterLink to="/account/user/saved-searches" onClick={onClose}>
              «Мои поиски»
            </RouterLink>
            .
          </Alert>
        ) : (
          <Stack spacing={2} pt={1}>
            <Typography variant="body2" color="text.secondary">
              {describeFilters(filters)}
            </Typography>
            <TextField
              label="Название поиска"
              value={name}
              onChange={(e) => setName(e.target.value)}
              inputProps={{ maxLength: 100 }}
              required
              autoFocus
            />
            <AlertsFields value={alerts} onChange={setAlerts} />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{saved ? 'Закрыть' : 'Отмена'}</Button>
        {!saved && (
          // save shows its own failure in the dialog: nothing is left to await
          <Button variant="contained" onClick={() => void save()} disabled={busy || !name.trim()}>
            Сохранить
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
