import type { CalendarEntryDto } from '@estate/client';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { httpClient } from '../api';

/** as the API answers it: inferred from the server's schema, never copied */
type Entry = CalendarEntryDto;
const today = () => new Date().toISOString().slice(0, 10);
const dateText = (d: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(d));

/** 'Управлять календарём': close and reopen dates, the iCal feed for other portals, and an import from theirs. */
export function CalendarPanel() {
  const record = useRecordContext<{ id: string; dealCategory: string }>();
  const notify = useNotify();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [range, setRange] = useState({ startDate: today(), endDate: today() });
  const [ics, setIcs] = useState('');
  const base = `/api/booking/daily-rent/${record?.id}`;
  const load = useCallback(() => {
    if (record?.dealCategory !== 'dailyRent') return;
    httpClient(`${base}/calendar?startDate=${today()}&endDate=2035-01-01`)
      .then(({ json }) => setEntries(json.data))
      .catch(() => setEntries([]));
  }, [base, record?.dealCategory]);
  useEffect(load, [load]);
  if (record?.dealCategory !== 'dailyRent') return null;
  const act = async (path: string, method: string, body?: object, done = 'Готово') => {
    try {
      const { json } = await httpClient(path, { method, body: body ? JSON.stringify(body) : undefined });
      notify(
        json?.data?.conflicts?.length
          ? `Импортировано, но пересекаются с бронированиями: ${json.data.conflicts.length}`
          : done,
        { type: json?.data?.conflicts?.length ? 'warning' : 'success' },
      );
      load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }} aria-label="Календарь">
      <Typography variant="h6">Календарь</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          type="date"
          size="small"
          label="С"
          value={range.startDate}
          onChange={(e) => setRange({ ...range, startDate: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="По"
          value={range.endDate}
          onChange={(e) => setRange({ ...range, endDate: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="outlined"
          disabled={range.endDate <= range.startDate}
          onClick={() => void act(`${base}/calendar/set-unavailable-date`, 'POST', range, 'Даты закрыты')}
        >
          Закрыть доступ
        </Button>
      </Stack>
      {entries.length === 0 && <Typography color="text.secondary">Все даты свободны</Typography>}
      {entries.map((e) => (
        <Stack key={e.id} direction="row" spacing={1} alignItems="center">
          <Chip
            size="small"
            color={e.type === 1 ? 'success' : 'default'}
            label={e.type === 1 ? 'Забронировано' : 'Закрыто'}
          />
          <Typography variant="body2">
            {dateText(e.startDate)} — {dateText(e.endDate)}
          </Typography>
          {e.type === 2 && (
            <Button
              size="small"
              onClick={() =>
                void act(
                  `${base}/calendar/unset-unavailable-date/${e.id}`,
                  'DELETE',
                  undefined,
                  'Даты открыты',
                )
              }
            >
              Открыть доступ
            </Button>
          )}
        </Stack>
      ))}
      <Alert severity="info">
        Календарь для других площадок (iCal):{' '}
        <Box
          component="code"
          sx={{ wordBreak: 'break-all' }}
        >{`${window.location.origin}${base}/calendar.ics`}</Box>
      </Alert>
      <TextField
        label="Импорт из календаря другой площадки (.ics)"
        multiline
        minRows={3}
        value={ics}
        onChange={(e) => setIcs(e.target.value)}
      />
      <Box>
        <Button
          variant="outlined"
          disabled={ics.trim().length < 10}
          onClick={() => void act(`${base}/calendar/import`, 'POST', { ics }, 'Календарь импортирован')}
        >
          Импортировать
        </Button>
      </Box>
    </Stack>
  );
}
