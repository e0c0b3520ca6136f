import { Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { formatPrice, plural } from '@estate/client';
import { formatDate } from '../app/dates';
import { cancelGuestBooking, guestBooking, type BookingAnswer } from './bookingApi';
import { PageSkeleton } from '../layout/PageSkeleton';
import { CancelBookingDialog } from './CancelBookingDialog';

type State = { status: 'loading' } | { status: 'ready'; booking: BookingAnswer } | { status: 'missing' };

/**
 * A guest's booking without an account: reached by the link the request's answer gave and the SMS
 * repeated (`/booking/<id>#<key>`); the key stays in the address's fragment, which the browser never
 * sends to the server, and goes to the API in a header. Status, dates, price, and a cancellation with a reason.
 */
export function GuestBookingPage() {
  const { requestId = '' } = useParams();
  const key = decodeURIComponent(useLocation().hash.replace(/^#/, ''));
  const [loaded, setState] = useState<State>({ status: 'loading' });
  // no key in the address: nothing to ask the server for
  const state: State = key ? loaded : { status: 'missing' };
  const [cancelling, setCancelling] = useState(false);

  const load = useCallback(() => {
    if (!key) return;
    guestBooking(requestId, key)
      .then(({ data }) => setState({ status: 'ready', booking: data }))
      .catch(() => setState({ status: 'missing' }));
  }, [requestId, key]);
  useEffect(load, [load]);

  if (state.status === 'loading') return <PageSkeleton />;
  if (state.status === 'missing') {
    return (
      <Stack spacing={2} py={4} alignItems="flex-start">
        <Typography variant="h4" component="h1" fontWeight={700}>
          Заявка не найдена
        </Typography>
        <Typography color="text.secondary">
          Проверьте ссылку из СМС: она должна открываться целиком, вместе с частью после знака «#».
        </Typography>
      </Stack>
    );
  }
  const b = state.booking;
  const mayCancel = b.displayStatus <= 2;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" fontWeight={700} sx={{ fontSize: { xs: 26, md: 34 } }}>
        Заявка на бронирование
      </Typography>
      <Card variant="outlined" data-testid="guest-booking">
        <CardContent>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Chip
                label={b.displayStatusName}
                color={b.displayStatus === 5 ? 'default' : b.displayStatus === 1 ? 'warning' : 'success'}
                data-testid="booking-status"
              />
            </Stack>
            <Link
              component={RouterLink}
              to={`/daily-rent/${b.publicationId}`}
              variant="h6"
              fontWeight={600}
              underline="hover"
            >
              {b.title}
            </Link>
            <Typography color="text.secondary">{b.address.fullAddress}</Typography>
            <Typography data-testid="booking-dates">
              {formatDate(b.startDate, { zone: 'UTC' })} — {formatDate(b.endDate, { zone: 'UTC' })},{' '}
              {b.nightsCount} {plural(b.nightsCount, ['ночь', 'ночи', 'ночей'])}
            </Typography>
            <Typography>
              {b.allGuestsCount} {plural(b.allGuestsCount, ['гость', 'гостя', 'гостей'])}
            </Typography>
            <Typography>
              Стоимость: <b>{formatPrice(b.price)}</b> ({formatPrice(b.pricePerDay)} за ночь)
              {b.deposit ? `, залог ${formatPrice(b.deposit)}` : ''}
            </Typography>
            {b.reason && <Typography color="text.secondary">Причина: {b.reason}</Typography>}
            {mayCancel && (
              <Stack direction="row">
                <Button color="error" variant="outlined" onClick={() => setCancelling(true)}>
                  Отменить заявку
                </Button>
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
      {cancelling && (
        <CancelBookingDialog
          onCancel={async (reason) => {
            const { data } = await cancelGuestBooking(requestId, key, reason);
            setState({ status: 'ready', booking: data });
          }}
          onClose={() => setCancelling(false)}
        />
      )}
    </Stack>
  );
}
