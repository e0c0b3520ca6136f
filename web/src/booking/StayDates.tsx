import { Box } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import 'dayjs/locale/ru';
import { fromWidth } from '../app/theme';
import { stayProblem, type Stay } from './stay';

const DAY_FORMAT = 'DD.MM.YYYY';
const pickerTexts = ruRU.components.MuiLocalizationProvider.defaultProps.localeText;

const isoDay = (value: Dayjs | null) => (value && value.isValid() ? value.format('YYYY-MM-DD') : '');
const asDayjs = (iso: string) => (iso ? dayjs(iso) : null);

/**
 * Check-in and check-out in Russian whatever the browser's language (dayjs with its `ru` locale,
 * days as ДД.ММ.ГГГГ, months and weekdays in Russian in the calendar). The two fields wrap under
 * each other when the row is too narrow for both, so neither collapses to an icon.
 * The search bar and the booking form use the same pair.
 *
 * A day is chosen in the calendar, which a click anywhere on the field opens (as the booking sites
 * do); the field is not typed into yet (docs/decisions.md: typing back is issue 41's item 5). The calendar is reached by keyboard through the
 * field's button and walked with the arrows.
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
  onChange(stay: Stay): void;
  size?: 'small' | 'medium';
  disabled?: boolean;
  /** the first day that may be picked (today for a booking) */
  minDate?: string;
  showProblem?: boolean;
}) {
  const problem = showProblem ? stayProblem(value) : null;
  const [opened, setOpened] = useState<keyof Stay | null>(null);
  const picker = (which: keyof Stay, error: string | null) => ({
    // on a phone's layout (below the spec's 768) the calendar is a dialog of its own, above the
    // filters' dialog that may hold it
    desktopModeMediaQuery: `@media ${fromWidth('md')} and (pointer: fine)`,
    closeOnSelect: true,
    open: opened === which,
    onOpen: () => setOpened(which),
    onClose: () => setOpened(null),
    slotProps: {
      field: { readOnly: true },
      textField: {
        size,
        fullWidth: true,
        error: Boolean(error),
        helperText: error ?? undefined,
        onClick: () => !disabled && setOpened(which),
      },
    },
  });
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru" localeText={pickerTexts}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}
        role="group"
        aria-label="Даты проживания"
      >
        <Box sx={{ flex: '1 1 150px', minWidth: 150 }}>
          <DatePicker
            label="Заезд"
            format={DAY_FORMAT}
            value={asDayjs(value.checkIn)}
            minDate={minDate ? dayjs(minDate) : undefined}
            disabled={disabled}
            onChange={(day) => onChange({ ...value, checkIn: isoDay(day) })}
            {...picker('checkIn', null)}
          />
        </Box>
        <Box sx={{ flex: '1 1 150px', minWidth: 150 }}>
          <DatePicker
            label="Выезд"
            format={DAY_FORMAT}
            value={asDayjs(value.checkOut)}
            minDate={
              value.checkIn
                ? dayjs(value.checkIn).add(1, 'day')
                : minDate
                  ? dayjs(minDate).add(1, 'day')
                  : undefined
            }
            disabled={disabled}
            onChange={(day) => onChange({ ...value, checkOut: isoDay(day) })}
            {...picker('checkOut', problem)}
          />
        </Box>
      </Box>
    </LocalizationProvider>
  );
}
