import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import type { ReactNode } from 'react';
import { FieldTitle, useInput, useResourceContext } from 'react-admin';

/** Dates in Russian whatever the browser's language: dayjs `ru`, ДД.ММ.ГГГГ, Russian months and weekdays. */
export const DAY_FORMAT = 'DD.MM.YYYY';
const pickerTexts = ruRU.components.MuiLocalizationProvider.defaultProps.localeText;

export function RussianDates({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru" localeText={pickerTexts}>
      {children}
    </LocalizationProvider>
  );
}

/** a picked day as the API takes it (ГГГГ-ММ-ДД); undefined for none or a half-typed one */
export const isoDay = (value: Dayjs | null) =>
  value && value.isValid() ? value.format('YYYY-MM-DD') : undefined;
export const asDay = (iso: string | null | undefined) => (iso ? dayjs(iso) : null);

/**
 * A day input of a react-admin form or filter in Russian (the native date input speaks the
 * browser's language): the value is the day as the API takes it, empty when none is picked.
 */
export function DayInput({ source, label }: { source: string; label?: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  // as react-admin's own inputs: the label given (a message key), else the resource's field name
  const resource = useResourceContext();
  return (
    <RussianDates>
      <DatePicker
        label={<FieldTitle label={label} source={source} resource={resource} />}
        format={DAY_FORMAT}
        value={asDay(field.value as string | null)}
        onChange={(day) => field.onChange(isoDay(day) ?? '')}
        slotProps={{ textField: { size: 'small', sx: { width: 170 }, onBlur: field.onBlur } }}
      />
    </RussianDates>
  );
}
