import {
  Box,
  Button,
  Chip,
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
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { RowDialogButton } from '../moderation/RowDialogButton';

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
  const translate = useCabinetTranslate();
  const [open, setOpen] = useState(false);
  if (!booking) return null;
  const rows: [MessageKey, ReactNode][] = [
    ['resources.bookings.details.listing', `${booking.title}, ${booking.address.fullAddress}`],
    [
      'resources.bookings.details.dates',
      translate('resources.bookings.details.datesValue', {
        start: formatDay(booking.startDate),
        end: formatDay(booking.endDate),
        nights: nightsLabel(booking.nightsCount),
      }),
    ],
    [
      'resources.bookings.details.guests',
      translate('resources.bookings.details.guestsValue', {
        guests: guestsLabel(booking.allGuestsCount),
        adults: booking.adultCount,
        children: booking.childCount,
      }),
    ],
    [
      'resources.bookings.details.cost',
      translate('resources.bookings.details.costValue', {
        price: formatPrice(booking.price),
        perNight: formatPrice(booking.pricePerDay),
      }),
    ],
    [
      'resources.bookings.details.deposit',
      booking.deposit === null
        ? translate('resources.bookings.details.noDeposit')
        : formatPrice(booking.deposit),
    ],
    ['resources.bookings.details.guest', booking.name],
    ['resources.bookings.details.phone', `+${booking.phone}`],
    ['resources.bookings.details.email', booking.email ?? translate('resources.bookings.details.noEmail')],
    [
      'resources.bookings.details.sentAt',
      translate('resources.bookings.details.sentAtValue', { moment: momentText(booking.createdAt) }),
    ],
    [
      'resources.bookings.details.status',
      <Box key="status">
        <Chip size="small" label={booking.displayStatusName} />
        {booking.reason && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('resources.bookings.reason.shown', { reason: booking.reason })}
          </Typography>
        )}
      </Box>,
    ],
  ];
  return (
    <RowDialogButton
      label={translate('resources.bookings.actions.details')}
      open={open}
      setOpen={setOpen}
      aria-labelledby={`booking-details-${booking.id}`}
    >
      <DialogTitle id={`booking-details-${booking.id}`}>
        {translate('resources.bookings.details.title')}
      </DialogTitle>
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
                  {translate(label)}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>{translate('resources.bookings.actions.close')}</Button>
      </DialogActions>
    </RowDialogButton>
  );
}
