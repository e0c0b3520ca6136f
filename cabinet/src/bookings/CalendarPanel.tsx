import { formatDay } from '@estate/client';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
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
  const calendar = useQuery({
    queryKey: ['calendar', record?.id],
    queryFn: () => data.calendarOf(record!.id, today()),
    enabled: daily,
  });
  const entries: Entry[] = calendar.data ?? [];
  if (!record || !daily) return null;
  const id = record.id;
  const act = async (change: () => Promise<unknown>, done: MessageKey) => {
    try {
      const answer = (await change()) as { conflicts?: unknown[] } | undefined;
      const conflicts = answer?.conflicts?.length ?? 0;
      notify(conflicts ? 'resources.bookings.calendar.importedWithConflicts' : done, {
        type: conflicts ? 'warning' : 'success',
        messageArgs: { count: conflicts },
      });
      void calendar.refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const feed = `/api/booking/daily-rent/${encodeURIComponent(id)}/calendar.ics`;
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
          disabled={!range.startDate || !range.endDate || range.endDate <= range.startDate}
          onClick={() => void act(() => data.closeDates(id, range), 'resources.bookings.calendar.closedDone')}
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
            <Button
              size="small"
              onClick={() =>
                void act(() => data.openDates(id, e.id), 'resources.bookings.calendar.openedDone')
              }
            >
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
          disabled={ics.trim().length < 10}
          onClick={() => void act(() => data.importCalendar(id, ics), 'resources.bookings.calendar.imported')}
        >
          {translate('resources.bookings.calendar.import')}
        </Button>
      </Box>
    </Stack>
  );
}
