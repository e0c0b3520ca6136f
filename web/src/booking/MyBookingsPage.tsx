import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { api, formatPrice, plural, type BookingDto } from '@estate/client';
import { formatDate } from '../app/dates';
import { CancelBookingDialog } from './CancelBookingDialog';

/** as the API answers it: inferred from the server's schema, never copied */
type Booking = BookingDto;
/** product.md: the user's list has Активные, Отменено, Завершен. */
const TABS = [
  { key: 'active', label: 'Активные', match: (b: Booking) => b.displayStatus <= 3 },
  { key: 'cancelled', label: 'Отменено', match: (b: Booking) => b.displayStatus === 5 },
  { key: 'completed', label: 'Завершен', match: (b: Booking) => b.displayStatus === 4 },
] as const;
const dateText = (d: string) => formatDate(d, { year: false, zone: 'UTC' });

export function MyBookingsPage() {
  const [items, setItems] = useState<Booking[] | null>(null);
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('active');
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const load = useCallback(() => {
    api
      .get('/api/booking/daily-rent/list-for-user', { query: { limit: 100, offset: 1 } })
      .then((r) => setItems(r.data))
      .catch(() => setItems([]));
  }, []);
  useEffect(load, [load]);
  const shown = (items ?? []).filter(TABS.find((t) => t.key === tab)!.match);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" fontWeight={700}>
        Посуточная аренда
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={tab}
        onChange={(_e, v: typeof tab | null) => v && setTab(v)}
        size="small"
      >
        {TABS.map((t) => (
          <ToggleButton key={t.key} value={t.key}>
            {t.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {items !== null && shown.length === 0 && <Alert severity="info">Здесь пока нет заявок</Alert>}
      {shown.map((b) => (
        <Card key={b.id} variant="outlined" data-testid="booking">
          <CardContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between">
              <Stack spacing={0.5}>
                <Typography fontWeight={600}>{b.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {b.address.fullAddress}
                </Typography>
                <Typography variant="body2">
                  {dateText(b.startDate)} — {dateText(b.endDate)}, {b.nightsCount}{' '}
                  {plural(b.nightsCount, ['ночь', 'ночи', 'ночей'])}, {b.allGuestsCount}{' '}
                  {plural(b.allGuestsCount, ['гость', 'гостя', 'гостей'])} · {formatPrice(b.price)}
                </Typography>
                {b.reason && (
                  <Typography variant="body2" color="text.secondary">
                    Причина: {b.reason}
                  </Typography>
                )}
              </Stack>
              <Stack spacing={1} alignItems={{ sm: 'flex-end' }}>
                <Chip
                  label={b.displayStatusName}
                  color={b.displayStatus === 5 ? 'default' : b.displayStatus === 1 ? 'warning' : 'success'}
                />
                {b.displayStatus <= 2 && (
                  <Button size="small" color="error" onClick={() => setCancelling(b)}>
                    Отменить
                  </Button>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
      {cancelling && (
        <CancelBookingDialog
          onCancel={(reason) =>
            api.post('/api/booking/daily-rent/{requestId}/cancel', {
              path: { requestId: cancelling.id },
              body: { text: reason },
            })
          }
          onClose={() => {
            setCancelling(null);
            load();
          }}
        />
      )}
    </Stack>
  );
}
