import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiCall, AuthFailure } from '../auth/authApi';
import { formatPhone, isFullPhone, phoneDigits } from '../auth/phone';
import { useSession } from '../auth/session';
import type { Publication } from '../api/types';
import { formatPrice, plural } from '../format';

export const UNAVAILABLE = 'Данный диапазон дат недоступен для бронирования. Попробуйте выбрать другие.';
const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** Nights are the whole days between the dates, rounded down (the spec's rule). */
export const nightsOf = (start: string, end: string) => Math.floor((Date.parse(end) - Date.parse(start)) / DAY);

/** The reserve form of a daily-rent listing: dates checked for free nights before sending, guests up to the listing's maximum. */
export function ReserveCard({ publication }: { publication: Publication }) {
  const { profile } = useSession();
  const maxGuests = publication.guestsCount ?? 1;
  const [dates, setDates] = useState({ start: isoDay(7), end: isoDay(9) });
  const [guests, setGuests] = useState(Math.min(3, maxGuests)); // the reserve modal's default of 3, within the listing's maximum
  const [contact, setContact] = useState({ name: profile?.name ?? '', phone: profile ? formatPhone(profile.phone) : '', email: profile?.email ?? '' });
  const [free, setFree] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const nights = nightsOf(dates.start, dates.end);

  useEffect(() => {
    if (profile) setContact({ name: profile.name, phone: formatPhone(profile.phone), email: profile.email ?? '' });
  }, [profile]);
  useEffect(() => {
    setFree(null);
    if (nights < 1) return;
    const timer = setTimeout(() => {
      apiCall<{ data: { existsFreeDateByPeriod: boolean } }>(`/api/booking/daily-rent/${publication.id}/calendar/check-date?startDate=${dates.start}&endDate=${dates.end}`)
        .then((r) => setFree(r.data.existsFreeDateByPeriod))
        .catch(() => setFree(null));
    }, 300);
    return () => clearTimeout(timer);
  }, [dates, nights, publication.id]);

  const valid = nights >= 1 && free === true && contact.name.trim() !== '' && isFullPhone(contact.phone);
  const send = async () => {
    setError(null);
    try {
      // guests split as the spec says: adults take the larger half
      const childCount = Math.floor(guests / 2);
      await apiCall(`/api/booking/daily-rent/${publication.id}`, {
        method: 'POST',
        body: JSON.stringify({ publicationId: publication.id, name: contact.name.trim(), phone: phoneDigits(contact.phone), email: contact.email.trim() || null, startDate: dates.start, endDate: dates.end, adultCount: guests - childCount, childCount }),
      });
      setSent(true);
    } catch (e) {
      setError(e instanceof AuthFailure ? (e.body.errors ? Object.values(e.body.errors).flat().join('. ') : e.body.message ?? e.text) : 'Не удалось отправить заявку');
    }
  };
  return (
    <Stack spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); if (valid) void send(); }} aria-label="Бронирование">
      <Stack direction="row" spacing={1}>
        <TextField type="date" label="Заезд" value={dates.start} onChange={(e) => setDates({ ...dates, start: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isoDay(0) } }} fullWidth />
        <TextField type="date" label="Выезд" value={dates.end} onChange={(e) => setDates({ ...dates, end: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dates.start } }} fullWidth />
      </Stack>
      {free === false && <Alert severity="warning">{UNAVAILABLE}</Alert>}
      <TextField select label="Гости" value={guests} onChange={(e) => setGuests(Number(e.target.value))}>
        {Array.from({ length: maxGuests }, (_, i) => i + 1).map((n) => <MenuItem key={n} value={n}>{n} {plural(n, ['гость', 'гостя', 'гостей'])}</MenuItem>)}
      </TextField>
      <TextField label="Имя" required value={contact.name} onChange={(e) => setContact({ ...contact, name: e.target.value })} />
      <TextField label="Телефон" required value={contact.phone} placeholder="+7 (___) ___-__-__" onChange={(e) => setContact({ ...contact, phone: formatPhone(e.target.value) })} />
      <TextField label="Электронная почта" type="email" value={contact.email} onChange={(e) => setContact({ ...contact, email: e.target.value })} />
      {nights >= 1 && (
        <Typography>
          {formatPrice(publication.price)} × {nights} {plural(nights, ['ночь', 'ночи', 'ночей'])} = <b>{formatPrice(publication.price * nights)}</b>
        </Typography>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={!valid}>Забронировать</Button>
      <Dialog open={sent} onClose={() => setSent(false)}>
        <DialogTitle>Заявка отправлена</DialogTitle>
        <DialogContent>Хозяин ответит в ближайшее время. Статус заявки — в личном кабинете, в разделе «Посуточная аренда».</DialogContent>
        <DialogActions><Button onClick={() => setSent(false)}>Хорошо</Button></DialogActions>
      </Dialog>
    </Stack>
  );
}
