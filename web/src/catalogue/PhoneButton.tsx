import PhoneIcon from '@mui/icons-material/Phone';
import { Button } from '@mui/material';
import { useState } from 'react';
import { visitorId } from '../api/visitor';

const formatPhone = (digits: string) =>
  digits.length === 11 ? `+7 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}` : digits;

/** Hidden until the first click, which shows it (and counts the reveal for the agency); the next click dials. */
export function PhoneButton({ publicationId, phone, fullWidth }: { publicationId: string; phone: string; fullWidth?: boolean }) {
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <Button variant="outlined" color="primary" href={`tel:+${phone}`} startIcon={<PhoneIcon />} fullWidth={fullWidth} data-testid="phone">
        {formatPhone(phone)}
      </Button>
    );
  }
  const reveal = () => {
    setShown(true);
    void fetch(`/api/publications/${encodeURIComponent(publicationId)}/phone-view`, { method: 'POST', headers: { fingerprint: visitorId() }, credentials: 'same-origin' }).catch(() => undefined);
  };
  return (
    <Button variant="contained" color="primary" onClick={reveal} startIcon={<PhoneIcon />} fullWidth={fullWidth}>
      Показать телефон
    </Button>
  );
}
