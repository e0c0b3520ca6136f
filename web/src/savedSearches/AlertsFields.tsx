import { Checkbox, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { FREQUENCIES, type Alerts, type Frequency } from './links';

/** How often and by which channels a saved search tells of new listings (SMS: not with weekly ones). */
export function AlertsFields({ value, onChange }: { value: Alerts; onChange: (next: Alerts) => void }) {
  return (
    <FormControl>
      <FormLabel>Уведомлять о новых объявлениях</FormLabel>
      <RadioGroup
        row
        value={value.frequency}
        onChange={(event) => {
          const frequency = event.target.value as Frequency;
          onChange({ ...value, frequency, sms: frequency === 'weekly' ? false : value.sms });
        }}
      >
        {FREQUENCIES.map((f) => (
          <FormControlLabel key={f.value} value={f.value} control={<Radio />} label={f.label} />
        ))}
      </RadioGroup>
      <Stack direction="row" flexWrap="wrap">
        <FormControlLabel
          control={
            <Checkbox
              checked={value.email}
              onChange={(e) => onChange({ ...value, email: e.target.checked })}
            />
          }
          label="На почту"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={value.sms}
              disabled={value.frequency === 'weekly'}
              onChange={(e) => onChange({ ...value, sms: e.target.checked })}
            />
          }
          label="СМС (не больше 3 в день)"
        />
      </Stack>
    </FormControl>
  );
}
