import { Box } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import 'dayjs/locale/ru';
import { fromWidth } from '../app/theme';
import { checkInProblem, checkOutProblem, type Stay } from './stay';

const DAY_FORMAT = 'DD.MM.YYYY';
const pickerTexts = ruRU.components.MuiLocalizationProvider.defaultProps.localeText;

const isoDay = (value: Dayjs | null) => (value && value.isValid() ? value.format('YYYY-MM-DD') : '');
const asDayjs = (iso: string) => (iso ? dayjs(iso) : null);

/**
 * One day of the stay, typed (ДД.ММ.ГГГГ, the digits only: the field moves on by itself) or chosen in
 * the calendar its button opens. A day typed in part stays in its field while the stay holds no day
 * (''): handed back to a controlled field, the stay's '' would wipe the digits typed so far. A day
 * the stay gets from elsewhere (the other field's calendar, the availability calendar, a reset)
 * replaces what the field shows.
 */
function DayField({
  label,
  calendarLabel,
  value,
  onChange,
  minDate,
  problem,
  size,
  disabled,
  desktopFrom,
}: {
  label: string;
  /** the name of the button that opens the calendar */
  calendarLabel: string;
  value: string;
  onChange: (day: string) => void;
  minDate?: Dayjs;
  problem: string | null;
  size: 'small' | 'medium';
  disabled?: boolean;
  desktopFrom: string;
}) {
  const [shown, setShown] = useState(() => ({ day: asDayjs(value), of: value }));
  if (shown.of !== value) setShown({ day: asDayjs(value), of: value });
  return (
    <DatePicker
      label={label}
      format={DAY_FORMAT}
      value={shown.day}
      minDate={minDate}
      disabled={disabled}
      onChange={(day) => {
        const iso = isoDay(day);
        setShown({ day, of: iso });
        if (iso !== value) onChange(iso);
      }}
      // on a phone's layout (below the spec's 768) the calendar is a dialog of its own, above the
      // filters' dialog that may hold it
      desktopModeMediaQuery={desktopFrom}
      closeOnSelect
      slotProps={{
        textField: { size, fullWidth: true, error: Boolean(problem), helperText: problem ?? undefined },
        openPickerButton: { 'aria-label': calendarLabel },
      }}
    />
  );
}

/**
 * Check-in and check-out in Russian whatever the browser's language (dayjs with its `ru` locale,
 * days as ДД.ММ.ГГГГ, months and weekdays in Russian in the calendar). The two fields wrap under
 * each other when the row is too narrow for both, so neither collapses to an icon.
 * The search bar and the booking form use the same pair.
 */
export function StayDates({
  value,
  onChange,
  size = 'medium',
  disabled,
  minDate,
  showProblem = true,
}: {
  value: Stay;
  onChange: (stay: Stay) => void;
  size?: 'small' | 'medium';
  disabled?: boolean;
  /** the first day that may be picked (today for a booking) */
  minDate?: string;
  showProblem?: boolean;
}) {
  const desktopFrom = `@media ${fromWidth('md')} and (pointer: fine)`;
  const field = { size, disabled, desktopFrom };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru" localeText={pickerTexts}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}
        role="group"
        aria-label="Даты проживания"
      >
        <Box sx={{ flex: '1 1 150px', minWidth: 150 }}>
          <DayField
            label="Заезд"
            calendarLabel="Открыть календарь заезда"
            value={value.checkIn}
            onChange={(checkIn) => onChange({ ...value, checkIn })}
            minDate={minDate ? dayjs(minDate) : undefined}
            problem={showProblem ? checkInProblem(value, minDate) : null}
            {...field}
          />
        </Box>
        <Box sx={{ flex: '1 1 150px', minWidth: 150 }}>
          <DayField
            label="Выезд"
            calendarLabel="Открыть календарь выезда"
            value={value.checkOut}
            onChange={(checkOut) => onChange({ ...value, checkOut })}
            minDate={
              value.checkIn
                ? dayjs(value.checkIn).add(1, 'day')
                : minDate
                  ? dayjs(minDate).add(1, 'day')
                  : undefined
            }
            problem={showProblem ? checkOutProblem(value) : null}
            {...field}
          />
        </Box>
      </Box>
    </LocalizationProvider>
  );
}
