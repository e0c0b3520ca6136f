import { api, formatDay } from '@estate/client';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreate, useDelete, useGetList, useNotify, useRecordContext } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useCabinetData } from '../agency/useAgency';
import { asDay, DAY_FORMAT, isoDay, RussianDates } from '../dates';
import type { CalendarEntry } from '../types';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';

/** as the API answers it: inferred from the server's schema, never copied */
type Entry = CalendarEntry;
const today = () => new Date().toISOString().slice(0, 10);

/** 'Управлять календарём': close and reopen dates, the iCal feed for other portals, and an import from theirs. */
export function CalendarPanel() {
  const record = useRecordContext<{ id: string; dealCategory: string }>();
  const notify = useNotify();
  const translate = useCabinetTranslate();
  const [range, setRange] = useState({ startDate: today(), endDate: today() });
  const [ics, setIcs] = useState('');
  const data = useCabinetData();
  const daily = record?.dealCategory === 'dailyRent';
  const id = record?.id ?? '';
  // the listing's ranges from today on: react-admin's resource `calendar-entries` (dataProvider.ts)
  const calendar = useGetList<Entry>(
    'calendar-entries',
    {
      filter: { publicationId: id, from: today() },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'startDate', order: 'ASC' },
    },
    { enabled: daily },
  );
  const [create, closing] = useCreate();
  const [remove, opening] = useDelete<Entry>();
  const imported = useMutation({
    mutationFn: () => data.importCalendar(id, ics),
    onSuccess: (answer) => {
      const conflicts = answer.conflicts.length;
      notify(
        conflicts
          ? 'resources.bookings.calendar.importedWithConflicts'
          : 'resources.bookings.calendar.imported',
        { type: conflicts ? 'warning' : 'success', messageArgs: { count: conflicts } },
      );
      void calendar.refetch();
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const entries: Entry[] = calendar.data ?? [];
  if (!record || !daily) return null;
  const done = (message: MessageKey) => ({
    onSuccess: () => notify(message, { type: 'success' }),
    onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
  });
  const close = () =>
    void create(
      'calendar-entries',
      { data: { publicationId: id, ...range } },
      done('resources.bookings.calendar.closedDone'),
    );
  const open = (entry: Entry) =>
    void remove(
      'calendar-entries',
      { id: entry.id, previousData: entry, meta: { publicationId: id } },
      { mutationMode: 'pessimistic', ...done('resources.bookings.calendar.openedDone') },
    );
  const feed = api.url('get', '/api/booking/daily-rent/{publicationId}/calendar.ics', {
    path: { publicationId: id },
  });
  return (
    <Stack spacing={2} sx={{ mt: 2 }} aria-label={translate('resources.bookings.calendar.title')}>
      <Typography variant="h6">{translate('resources.bookings.calendar.title')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <RussianDates>
          <DatePicker
            label={translate('resources.bookings.calendar.from')}
            format={DAY_FORMAT}
            value={asDay(range.startDate)}
            disablePast
            onChange={(day) => setRange({ ...range, startDate: isoDay(day) ?? '' })}
            slotProps={{ textField: { size: 'small' } }}
          />
          <DatePicker
            label={translate('resources.bookings.calendar.to')}
            format={DAY_FORMAT}
            value={asDay(range.endDate)}
            minDate={asDay(range.startDate)?.add(1, 'day')}
            onChange={(day) => setRange({ ...range, endDate: isoDay(day) ?? '' })}
            slotProps={{ textField: { size: 'small' } }}
          />
        </RussianDates>
        <Button
          variant="outlined"
          disabled={
            !range.startDate || !range.endDate || range.endDate <= range.startDate || closing.isPending
          }
          onClick={close}
        >
          {translate('resources.bookings.calendar.close')}
        </Button>
      </Stack>
      {entries.length === 0 && (
        <Typography color="text.secondary">{translate('resources.bookings.calendar.allFree')}</Typography>
      )}
      {entries.map((e) => (
        <Stack key={e.id} direction="row" spacing={1} alignItems="center">
          <Chip
            size="small"
            color={e.type === 1 ? 'success' : 'default'}
            label={translate(
              e.type === 1 ? 'resources.bookings.calendar.booked' : 'resources.bookings.calendar.closed',
            )}
          />
          <Typography variant="body2">
            {formatDay(e.startDate)} — {formatDay(e.endDate)}
          </Typography>
          {e.type === 2 && (
            <Button size="small" disabled={opening.isPending} onClick={() => open(e)}>
              {translate('resources.bookings.calendar.open')}
            </Button>
          )}
        </Stack>
      ))}
      <Alert severity="info">
        {translate('resources.bookings.calendar.feed')}{' '}
        <Box component="code" sx={{ wordBreak: 'break-all' }}>{`${window.location.origin}${feed}`}</Box>
      </Alert>
      <TextField
        label={translate('resources.bookings.calendar.importLabel')}
        multiline
        minRows={3}
        value={ics}
        onChange={(e) => setIcs(e.target.value)}
      />
      <Box>
        <Button
          variant="outlined"
          disabled={ics.trim().length < 10 || imported.isPending}
          onClick={() => imported.mutate()}
        >
          {translate('resources.bookings.calendar.import')}
        </Button>
      </Box>
    </Stack>
  );
}
