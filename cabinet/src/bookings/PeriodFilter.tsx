import { Box, Button } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { asDay, DAY_FORMAT, isoDay, RussianDates } from '../dates';
import type { Period } from '../types';
import { useCabinetTranslate } from '../i18n/translate';

/**
 * product.md's date-range picker of the agent's requests: the stays that overlap the period
 * (from the first day, before the last). In Russian whatever the browser's language (dayjs `ru`,
 * ДД.ММ.ГГГГ); «Сбросить даты» shows every request again.
 */
export function PeriodFilter({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const translate = useCabinetTranslate();
  // the days as picked, here: the list's filter follows them half a second later (react-admin's
  // pause), and fed back into the pickers it overwrote the digits being typed meanwhile
  const [days, setDays] = useState({ startDate: asDay(value.startDate), endDate: asDay(value.endDate) });
  const pick = (side: 'startDate' | 'endDate', day: Dayjs | null) => {
    const next = { ...days, [side]: day };
    setDays(next);
    onChange({ startDate: isoDay(next.startDate), endDate: isoDay(next.endDate) });
  };
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
            value={days.startDate}
            onChange={(day) => pick('startDate', day)}
            slotProps={field}
          />
        </Box>
        <Box sx={{ flex: '1 1 150px', minWidth: 150, maxWidth: 220 }}>
          <DatePicker
            label={translate('resources.bookings.period.to')}
            format={DAY_FORMAT}
            value={days.endDate}
            minDate={days.startDate?.isValid() ? days.startDate.add(1, 'day') : undefined}
            onChange={(day) => pick('endDate', day)}
            slotProps={field}
          />
        </Box>
        <Button
          size="small"
          disabled={!days.startDate && !days.endDate}
          onClick={() => {
            setDays({ startDate: null, endDate: null });
            onChange({ startDate: undefined, endDate: undefined });
          }}
        >
          {translate('resources.bookings.period.reset')}
        </Button>
      </Box>
    </RussianDates>
  );
}
