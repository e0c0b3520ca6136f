import { TextField, type TextFieldProps } from '@mui/material';
import { formatPhone } from '../phone';

/**
 * The phone step's field (sign-in, phone change): formatted as it is typed, the phone keyboard, the
 * problem under it (a blank line while there is none, so the form does not jump).
 */
export function PhoneField({
  value,
  onChange,
  problem,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText' | 'slotProps'> & {
  value: string;
  /** the phone as formatted */
  onChange: (phone: string) => void;
  problem: string | null;
}) {
  return (
    <TextField
      {...field}
      value={value}
      onChange={(e) => onChange(formatPhone(e.target.value))}
      error={Boolean(problem)}
      helperText={problem ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'tel' } }}
    />
  );
}
