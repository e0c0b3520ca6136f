import { Alert, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { api, formatPrice, type PremiumTariffDto } from '@estate/client';
import { useSession } from '../auth/session';
import { formatDate } from '../app/dates';

/** as the API answers it: inferred from the server's schema, never copied */
type Tariff = PremiumTariffDto;
const NAMES: Record<number, string> = { 1: 'На месяц', 6: 'На полгода', 12: 'На год' };

/** The premium subscription: new listings in their first 3 days. Paying opens the payment page the server gives. */
export function PremiumPage() {
  const { profile } = useSession();
  const [tariffs, setTariffs] = useState<Tariff[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () =>
      void api
        .get('/api/tariffs')
        .then((r) => setTariffs(r.data))
        .catch(() => setTariffs([])),
    [],
  );
  const pay = async (id: string) => {
    try {
      const { data } = await api.post('/api/tariffs/payment/{id}', { path: { id } });
      window.location.assign(data.confirmationUrl);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h4" fontWeight={700}>
        Премиум-подписка
      </Typography>
      <Typography color="text.secondary">
        Новые объявления первые 3 дня видят только подписчики. от 4 000₽ / мес
      </Typography>
      {profile?.premiumPeriod && (
        <Alert severity="success">Подписка действует до {formatDate(profile.premiumPeriod)}</Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Grid container spacing={2}>
        {tariffs.map((t) => (
          <Grid key={t.id} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Stack spacing={1}>
                  <Typography variant="h6">{NAMES[t.duration] ?? `${t.duration} мес.`}</Typography>
                  <Typography variant="h5" fontWeight={700}>
                    {formatPrice(t.pricePerMonth)}/мес
                  </Typography>
                  <Typography color="text.secondary">
                    {t.duration > 1 ? `${formatPrice(t.price)} за ${t.duration} мес. · ` : ''}скидка{' '}
                    {t.priceBenefit}%
                  </Typography>
                  <Button variant="contained" onClick={() => void pay(t.id)}>
                    Оформить
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
