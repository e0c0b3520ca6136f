import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDay, formatPrice, guestsLabel, nightsLabel } from '@estate/client';
import type { Booking } from '../types';
import { useState, type ReactNode } from 'react';
import { useRecordContext } from 'react-admin';

const momentText = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Moscow',
  }).format(new Date(iso));

/** product.md's details modal of a request ('Детали заявки'): the stay, the guest, the money, the state. */
export function BookingDetails() {
  const booking = useRecordContext<Booking>();
  const [open, setOpen] = useState(false);
  if (!booking) return null;
  const rows: [string, ReactNode][] = [
    ['Объявление', `${booking.title}, ${booking.address.fullAddress}`],
    [
      'Даты',
      `${formatDay(booking.startDate)} — ${formatDay(booking.endDate)}, ${nightsLabel(booking.nightsCount)}`,
    ],
    [
      'Гости',
      `${guestsLabel(booking.allGuestsCount)}: взрослых ${booking.adultCount}, детей ${booking.childCount}`,
    ],
    ['Стоимость', `${formatPrice(booking.price)} (${formatPrice(booking.pricePerDay)} за ночь)`],
    ['Залог', booking.deposit === null ? 'без залога' : formatPrice(booking.deposit)],
    ['Гость', booking.name],
    ['Телефон', `+${booking.phone}`],
    ['Электронная почта', booking.email ?? 'не указана'],
    ['Заявка отправлена', `${momentText(booking.createdAt)} (МСК)`],
    [
      'Статус',
      <Box key="status">
        <Chip size="small" label={booking.displayStatusName} />
        {booking.reason && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Причина: {booking.reason}
          </Typography>
        )}
      </Box>,
    ],
  ];
  return (
    <>
      <Button
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        Детали заявки
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(e) => e.stopPropagation()}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`booking-details-${booking.id}`}
      >
        <DialogTitle id={`booking-details-${booking.id}`}>Детали заявки</DialogTitle>
        <DialogContent>
          {booking.image && (
            <Box
              component="img"
              src={booking.image}
              alt=""
              sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1, mb: 1 }}
            />
          )}
          <Table size="small">
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%' }}>
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Закрыть</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
