import PhoneIcon from '@mui/icons-material/Phone';
import { Button } from '@mui/material';
import { useState } from 'react';

const formatPhone = (digits: string) =>
  digits.length === 11 ? `+7 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}` : digits;

/** Hidden until the first click, which shows it; the next click dials. */
export function PhoneButton({ phone, fullWidth }: { phone: string; fullWidth?: boolean }) {
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <Button variant="outlined" color="primary" href={`tel:+${phone}`} startIcon={<PhoneIcon />} fullWidth={fullWidth} data-testid="phone">
        {formatPhone(phone)}
      </Button>
    );
  }
  return (
    <Button variant="contained" color="primary" onClick={() => setShown(true)} startIcon={<PhoneIcon />} fullWidth={fullWidth}>
      Показать телефон
    </Button>
  );
}
