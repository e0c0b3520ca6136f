import { Box, Button } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { asDay, DAY_FORMAT, isoDay, RussianDates } from '../dates';
import type { Period } from '../types';
import { useCabinetTranslate } from '../i18n/translate';

/**
 * product.md's date-range picker of the agent's requests: the stays that overlap the period
 * (from the first day, before the last). In Russian whatever the browser's language (dayjs `ru`,
 * ДД.ММ.ГГГГ); «Сбросить даты» shows every request again.
 */
export function PeriodFilter({ value, onChange }: { value: Period; onChange(period: Period): void }) {
  const translate = useCabinetTranslate();
  const field = { textField: { size: 'small' as const, fullWidth: true } };
  return (
    <RussianDates>
      <Box
        role="group"
        aria-label={translate('resources.bookings.period.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', p: 1 }}
      >
        <Box sx={{ flex: '1 1 150px', minWidth: 150, maxWidth: 220 }}>
          <DatePicker
            label={translate('resources.bookings.period.from')}
            format={DAY_FORMAT}
            value={asDay(value.startDate)}
            onChange={(day) => onChange({ ...value, startDate: isoDay(day) })}
            slotProps={field}
          />
        </Box>
        <Box sx={{ flex: '1 1 150px', minWidth: 150, maxWidth: 220 }}>
          <DatePicker
            label={translate('resources.bookings.period.to')}
            format={DAY_FORMAT}
            value={asDay(value.endDate)}
            minDate={asDay(value.startDate)?.add(1, 'day')}
            onChange={(day) => onChange({ ...value, endDate: isoDay(day) })}
            slotProps={field}
          />
        </Box>
        <Button
          size="small"
          disabled={!value.startDate && !value.endDate}
          onClick={() => onChange({ startDate: undefined, endDate: undefined })}
        >
          {translate('resources.bookings.period.reset')}
        </Button>
      </Box>
    </RussianDates>
  );
}
