import type { HistoryEntryDto, ListingAsOfDto, ListingHistoryDto } from '@estate/client';
import { formatPrice } from '@estate/client';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { dataProvider as cabinetData } from '../dataProvider';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import type { HistoryCalls } from './calls';

type Provider = typeof cabinetData & HistoryCalls;
const STATUS: Record<number, string> = {
  1: 'Опубликовано',
  2: 'Черновик',
  3: 'В архиве',
  4: 'Отклонено',
  5: 'Опубликовано, не активно',
};
const POSITION: Record<number, string> = { 1: 'Размещение', 2: 'Выделение', 3: 'Топ' };

/** a moment as the person reads it, in their own time zone */
const when = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
/** the value of a datetime-local field for a moment (the browser's zone), and back */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

function Entry({ entry, onPick }: { entry: HistoryEntryDto; onPick: (at: string) => void }) {
  const translate = useCabinetTranslate();
  const t = (key: string, values?: Record<string, string>) => translate(key as MessageKey, values);
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5 }} data-testid="history-entry">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 0.5 }}>
        <Typography variant="subtitle2">{entry.title}</Typography>
        <Chip size="small" label={`${entry.actor.name} · ${entry.actor.roleName}`} />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {when(entry.at)} ·{' '}
        {entry.sessionId ? t('history.session', { id: entry.sessionId }) : t('history.noSession')}
      </Typography>
      {entry.changes.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {entry.changes.map((c) => (
            <Typography component="li" variant="body2" key={c.field} sx={{ overflowWrap: 'anywhere' }}>
              {c.label}: <s>{c.before}</s> → <b>{c.after}</b>
            </Typography>
          ))}
        </Box>
      )}
      <Button size="small" onClick={() => onPick(entry.at)} sx={{ mt: 0.5, px: 0 }}>
        {t('history.showAsOf')}
      </Button>
    </Box>
  );
}

/** the listing then, the fields that differ from today highlighted */
function AsOf({ asOf }: { asOf: ListingAsOfDto }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useCabinetTranslate();
  const t = (key: string, values?: Record<string, string>) => translate(key as MessageKey, values);
  const then = asOf.listing;
  const changed = new Set(asOf.differences.map((d) => d.field));
  const rows: [string, string, string][] = then
    ? [
        ['title', t('history.fields.title'), then.title],
        ['status', t('history.fields.status'), STATUS[then.status] ?? String(then.status)],
        ['price', t('history.fields.price'), formatPrice(then.price)],
        ['description', t('history.fields.description'), then.description || '—'],
        ['address', t('history.fields.address'), `${then.address.locationName}, ${then.address.fullAddress}`],
        ['images', t('history.fields.photos'), String(then.images.length)],
        ['adsType', t('history.fields.promotion'), then.adsType ? POSITION[then.adsType] : '—'],
        ['author', t('history.fields.author'), then.author.name],
      ]
    : [];
  return (
    <Stack spacing={2}>
      <Typography variant="h6">{t('history.asOfTitle', { at: when(asOf.at) })}</Typography>
      {!then && (
        <Alert severity="info">{asOf.revision < 0 ? t('history.notYet') : t('history.deleted')}</Alert>
      )}
      {then && (
        <Table size="small" aria-label={t('history.listing')}>
          <TableBody>
            {rows.map(([field, label, value]) => (
              <TableRow
                key={field}
                data-changed={changed.has(field) ? 'true' : undefined}
                sx={changed.has(field) ? { bgcolor: 'warning.light' } : undefined}
              >
                <TableCell sx={{ width: '35%', verticalAlign: 'top' }}>{label}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Divider />
      <Typography variant="subtitle1">{t('history.differences')}</Typography>
      {asOf.differences.length === 0 ? (
        <Typography variant="body2">{t('history.noDifferences')}</Typography>
      ) : narrow ? (
        <Stack spacing={1.5} data-testid="as-of-differences">
          {asOf.differences.map((d) => (
            <Box key={d.field}>
              <Typography variant="subtitle2">{d.label}</Typography>
              <Typography
                variant="body2"
                sx={{ bgcolor: 'error.light', px: 1, py: 0.5, overflowWrap: 'anywhere' }}
              >
                {t('history.then')}: {d.then}
              </Typography>
              <Typography
                variant="body2"
                sx={{ bgcolor: 'success.light', px: 1, py: 0.5, overflowWrap: 'anywhere' }}
              >
                {t('history.now')}: {d.now}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="as-of-differences">
            <TableHead>
              <TableRow>
                <TableCell>{t('history.field')}</TableCell>
                <TableCell>{t('history.then')}</TableCell>
                <TableCell>{t('history.now')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {asOf.differences.map((d) => (
                <TableRow key={d.field}>
                  <TableCell sx={{ verticalAlign: 'top' }}>{d.label}</TableCell>
                  <TableCell sx={{ bgcolor: 'error.light', overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                    {d.then}
                  </TableCell>
                  <TableCell
                    sx={{ bgcolor: 'success.light', overflowWrap: 'anywhere', verticalAlign: 'top' }}
                  >
                    {d.now}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

/**
 * A listing's history (issue 19, item 2), `#/history/<id>`: its changes newest first (who, when,
 * from which session, each field before → after) beside the listing as it was at a chosen moment,
 * the fields that differ from today highlighted. For the owner of its agency, its agent and
 * moderators (the server decides).
 */
export function ListingHistoryPage() {
  const { id = '' } = useParams();
  const provider = useDataProvider<Provider>();
  const translate = useCabinetTranslate();
  const t = (key: string, values?: Record<string, string>) => translate(key as MessageKey, values);
  const [history, setHistory] = useState<ListingHistoryDto | null>(null);
  const [moment, setMoment] = useState(() => toLocalInput(new Date().toISOString()));
  const [asOf, setAsOf] = useState<ListingAsOfDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const show = useCallback(
    async (iso: string) => {
      setLoading(true);
      try {
        setAsOf(await provider.listingAsOf(id, iso));
        setError(null);
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [provider, id],
  );

  useEffect(() => {
    let live = true;
    provider
      .listingHistory(id)
      .then((h) => live && setHistory(h))
      .catch((e: Error) => live && setError(e.message));
    provider
      .listingAsOf(id, new Date().toISOString())
      .then((a) => live && setAsOf(a))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [provider, id]);

  const pick = (iso: string) => {
    setMoment(toLocalInput(iso));
    void show(iso);
  };
  const title = asOf?.today?.title ?? asOf?.listing?.title;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title ? t('history.titleNamed', { title }) : t('history.title')} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          {title ? t('history.titleNamed', { title }) : t('history.title')}
        </Typography>
        {asOf?.today && <Link to={`/publications/${encodeURIComponent(id)}`}>{t('history.back')}</Link>}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card sx={{ flex: 1, width: '100%' }}>
          <CardContent>
            <Typography variant="h6">{t('history.changes')}</Typography>
            {!history && !error && <LinearProgress sx={{ my: 2 }} />}
            {history && history.entries.length === 0 && <Typography>{t('history.empty')}</Typography>}
            {history && (
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                {history.entries.map((entry, i) => (
                  <Box key={entry.revision}>
                    {i > 0 && <Divider component="div" />}
                    <Entry entry={entry} onPick={pick} />
                  </Box>
                ))}
              </Box>
            )}
          </CardContent>
        </Card>
        <Card sx={{ flex: 1, width: '100%', position: { md: 'sticky' }, top: { md: 64 } }}>
          <CardContent>
            <Stack
              component="form"
              direction="row"
              spacing={1}
              sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
              onSubmit={(e) => {
                e.preventDefault();
                if (moment) void show(new Date(moment).toISOString());
              }}
            >
              <TextField
                type="datetime-local"
                size="small"
                label={t('history.moment')}
                helperText={t('history.momentHint')}
                value={moment}
                onChange={(e) => setMoment(e.target.value)}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { step: 1, 'data-testid': 'as-of-moment' },
                }}
              />
              <Button type="submit" variant="contained">
                {t('history.show')}
              </Button>
            </Stack>
            {loading && <LinearProgress sx={{ mb: 2 }} />}
            {asOf && <AsOf asOf={asOf} />}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
