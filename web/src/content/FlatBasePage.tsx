import { Box, Button, Card, Grid, Stack, Typography } from '@mui/material';
import { SITE_NAME, useHead } from '../app/head';
import { Link as RouterLink } from 'react-router';
import { LazySelectionDialog, useLazyModal } from '../leads/openers';
import { RequestForm } from '../leads/RequestForm';

const POINTS = [
  'Новые объявления о продаже и аренде квартир — раньше, чем на других площадках',
  'Только проверенные собственники и агентства',
  'Подборка под ваш запрос: город, площадь, цена и расстояние до метро',
];

/**
 * /baza-kvartir, «База квартир» (product.md: "Flat database"): the subscription to the listings
 * base («Подписка на базу объявлений», a lead of kind subscription), the selection request for a
 * flat not found and the catalogues (docs/decisions.md).
 */
export function FlatBasePage() {
  useHead({
    title: `База квартир — ${SITE_NAME}`,
    description: 'Подписка на базу объявлений: свежие предложения о продаже и аренде квартир под ваш запрос',
    canonical: '/baza-kvartir',
  });
  const selection = useLazyModal(LazySelectionDialog, {});
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1" fontWeight={800}>
            База квартир
          </Typography>
          <Typography color="text.secondary">
            Подпишитесь на базу объявлений: мы пришлём свежие предложения, подходящие под ваш запрос, и
            поможем с выбором.
          </Typography>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {POINTS.map((p) => (
              <Typography component="li" key={p} mb={1}>
                {p}
              </Typography>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
            <Button variant="contained" onClick={selection.open}>
              Подобрать квартиру
            </Button>
            <Button variant="outlined" component={RouterLink} to="/prodazha">
              Квартиры на продажу
            </Button>
            <Button variant="outlined" component={RouterLink} to="/rent">
              Квартиры в аренду
            </Button>
          </Stack>
          {selection.element}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
            Подписка на базу объявлений
          </Typography>
          <RequestForm
            kind="subscription"
            titlePage="База квартир"
            fixedText="Подписка на базу объявлений"
            submitLabel="Подписаться"
            successTitle="Заявка на подписку отправлена"
            successText="Спасибо! Мы свяжемся с Вами, чтобы уточнить запрос."
          />
        </Card>
      </Grid>
    </Grid>
  );
}
