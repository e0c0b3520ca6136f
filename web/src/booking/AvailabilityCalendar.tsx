import { alpha, Box, type Theme, Skeleton, Stack, Typography } from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { ruRU } from '@mui/x-date-pickers/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import { api, type CalendarEntryDto } from '@estate/client';
import type { Stay } from './stay';

const pickerTexts = ruRU.components.MuiLocalizationProvider.defaultProps.localeText;
/** the calendar's own height (MUI's VIEW_HEIGHT): the skeleton stands in it while the nights come */
const CALENDAR_HEIGHT = 336;
const DAY = 'YYYY-MM-DD';

/** The listing's reserved and closed nights (type 1 reserved, 2 closed) from `from` to a year later. */
export const calendarQuery = (publicationId: string, from: string) =>
  queryOptions({
    queryKey: ['booking-calendar', publicationId, from],
    queryFn: ({ signal }) =>
      api
        .get('/api/booking/daily-rent/{publicationId}/calendar', {
          path: { publicationId },
          query: { startDate: from, endDate: dayjs(from).add(1, 'year').format(DAY) },
          signal,
        })
        .then((answer) => answer.data),
    staleTime: 60_000,
  });

/** Every night an entry holds: from its start day to the day before its end (the check-out day is free). */
export function takenNights(entries: CalendarEntryDto[]): Set<string> {
  const nights = new Set<string>();
  for (const entry of entries)
    for (let day = dayjs(entry.startDate); day.isBefore(dayjs(entry.endDate), 'day'); day = day.add(1, 'day'))
      nights.add(day.format(DAY));
  return nights;
}

type DayProps = PickerDayProps & { taken?: Set<string>; stay?: Stay };

/** A day of the calendar: taken nights struck out, the chosen stay's nights (and its check-out) marked. */
function CalendarDay({ taken, stay, ...props }: DayProps) {
  const iso = props.day.format(DAY);
  const isTaken = taken?.has(iso) ?? false;
  const inStay = Boolean(
    stay && stay.checkIn && stay.checkOut && iso >= stay.checkIn && iso <= stay.checkOut,
  );
  const edge = iso === stay?.checkIn || iso === stay?.checkOut;
  return (
    <PickerDay
      {...props}
      selected={edge}
      aria-label={`${props.day.format('D MMMM')}${isTaken ? ', занято' : ''}${inStay ? ', выбрано' : ''}`}
      sx={{
        ...(isTaken && !props.outsideCurrentMonth
          ? { textDecoration: 'line-through', color: 'text.disabled', bgcolor: 'grey.100' }
          : {}),
        ...(inStay && !edge
          ? {
              bgcolor: (t: Theme) => alpha(t.palette.primary.main, 0.12),
              color: 'primary.dark',
              borderRadius: 1,
            }
          : {}),
      }}
    />
  );
}

/**
 * The daily-rent listing's availability: a month at a time, the reserved and closed nights struck
 * out, the chosen stay marked. A click on a free day picks the check-in, the next click (a later
 * day) the check-out; a stay over a taken night is not picked.
 */
export function AvailabilityCalendar({
  publicationId,
  stay,
  onChange,
  today,
  disabled,
}: {
  publicationId: string;
  stay: Stay;
  onChange: (stay: Stay) => void;
  /** the first day that may be picked (YYYY-MM-DD, Moscow's today) */
  today: string;
  disabled?: boolean;
}) {
  const calendar = useQuery(calendarQuery(publicationId, today));
  const taken = calendar.data ? takenNights(calendar.data) : undefined;
  const pick = (day: Dayjs | null) => {
    if (!day || !taken) return;
    const iso = day.format(DAY);
    // a second click after the check-in closes the stay, if no taken night lies inside it
    if (stay.checkIn && !stay.checkOut && iso > stay.checkIn) {
      let free = true;
      for (let d = dayjs(stay.checkIn); d.isBefore(day, 'day'); d = d.add(1, 'day'))
        if (taken.has(d.format(DAY))) free = false;
      if (free) return onChange({ checkIn: stay.checkIn, checkOut: iso });
    }
    if (!taken.has(iso)) onChange({ checkIn: iso, checkOut: '' });
  };
  return (
    <Stack spacing={1} role="group" aria-label="Календарь занятости" data-testid="availability-calendar">
      <Typography fontWeight={600}>Свободные даты</Typography>
      <Box sx={{ height: CALENDAR_HEIGHT, overflow: 'hidden', mx: -1 }}>
        {taken ? (
          <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru" localeText={pickerTexts}>
            <DateCalendar
              value={stay.checkIn ? dayjs(stay.checkIn) : null}
              referenceDate={dayjs(stay.checkIn || today)}
              onChange={pick}
              minDate={dayjs(today)}
              maxDate={dayjs(today).add(1, 'year')}
              disabled={disabled}
              // a taken night may still be a check-out day: only a check-in on it is refused
              shouldDisableDate={(day) => taken.has(day.format(DAY)) && !(stay.checkIn && !stay.checkOut)}
              views={['day']}
              slots={{ day: CalendarDay }}
              slotProps={{ day: { taken, stay } as Partial<DayProps> }}
              sx={{ width: '100%', maxWidth: 340, m: 0 }}
            />
          </LocalizationProvider>
        ) : calendar.isError ? (
          <Typography color="text.secondary" variant="body2">
            Не удалось загрузить календарь
          </Typography>
        ) : (
          <Skeleton
            variant="rounded"
            height={CALENDAR_HEIGHT - 16}
            sx={{ mx: 1 }}
            aria-label="Загрузка календаря"
          />
        )}
      </Box>
      <Stack direction="row" spacing={2} sx={{ typography: 'caption', color: 'text.secondary' }}>
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Box
            sx={{
              width: 12,
              height: 12,
              borderRadius: 0.5,
              bgcolor: 'grey.100',
              border: 1,
              borderColor: 'divider',
            }}
          />
          <span>Занято</span>
        </Stack>
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: 'primary.main' }} />
          <span>Ваши даты</span>
        </Stack>
      </Stack>
    </Stack>
  );
}
