import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Alert, Box, Card, CardActionArea, Grid, Link, Stack, Typography } from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { asApiError, formatPrice, type InvestmentDto } from '@estate/client';
import { breadcrumbs, SITE_NAME, useHead, useOrigin } from '../app/head';
import { ErrorPage } from '../errors/ErrorPage';
import { RequestForm } from '../leads/RequestForm';
import { Crumbline } from './Crumbline';
import { investmentQuery, investmentsQuery, investmentStatisticsQuery } from './queries';
import type { Loaded } from './useApi';
import { PageSkeleton } from '../layout/PageSkeleton';

const asLoaded = <T,>(q: UseQueryResult<T>): Loaded<T> =>
  q.data !== undefined
    ? { status: 'ready', data: q.data }
    : q.isError
      ? { status: 'failed', error: asApiError(q.error) }
      : { status: 'loading' };

const Spinner = () => <PageSkeleton />;

function Photo({ src, alt }: { src: string; alt: string }) {
  return (
    <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'grey.200', borderRadius: 2, overflow: 'hidden' }}>
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </Box>
  );
}

function Percent({ item }: { item: InvestmentDto }) {
  const up = item.arrowDirection === 'up';
  const Icon = up ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} color={up ? 'success.main' : 'error.main'}>
      <Icon fontSize="small" aria-hidden />
      <Typography fontWeight={700}>{item.annualPercentage.toLocaleString('ru-RU')}% годовых</Typography>
    </Stack>
  );
}

function Figures({ item }: { item: InvestmentDto }) {
  const rows: [string, string][] = [
    ['Рыночная стоимость', formatPrice(item.marketValue)],
    ['Цена покупки', formatPrice(item.purchasePrice)],
    ['Цена продажи', item.realizedPrice === null ? 'в продаже' : formatPrice(item.realizedPrice)],
    ['Срок реализации', item.realizationPeriodText],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" fontWeight={600} sx={{ m: 0, textAlign: 'right' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Crumbs({ title }: { title?: string }) {
  return (
    <Crumbline>
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        Главная
      </Link>
      {title ? (
        <Link component={RouterLink} to="/investments" underline="hover" color="inherit">
          Инвестиции
        </Link>
      ) : (
        <Typography variant="body2" color="text.primary">
          Инвестиции
        </Typography>
      )}
      {title && (
        <Typography variant="body2" color="text.primary">
          {title}
        </Typography>
      )}
    </Crumbline>
  );
}

function FeedbackCard({ titlePage }: { titlePage: string }) {
  return (
    <Card variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
        Обратная связь
      </Typography>
      <Typography color="text.secondary" mb={2}>
        Расскажем о доходности и условиях участия
      </Typography>
      <RequestForm
        kind="investment-feedback"
        titlePage={titlePage}
        textLabel="Комментарий"
        submitLabel="Отправить"
        successText="Спасибо! Мы расскажем об инвестициях и свяжемся с Вами в ближайшее время."
      />
    </Card>
  );
}

/** /investments: the figures of the deals done, the objects and the feedback form. */
export function InvestmentsPage() {
  const origin = useOrigin();
  useHead({
    title: `Инвестиции в недвижимость — ${SITE_NAME}`,
    description: 'Инвестиции в недвижимость: доходность завершённых сделок, объекты и условия участия',
    canonical: '/investments',
    jsonLd: [
      breadcrumbs(origin, [
        ['Главная', '/'],
        ['Инвестиции', '/investments'],
      ]),
    ],
  });
  const list = asLoaded(useQuery(investmentsQuery()));
  const stats = asLoaded(useQuery(investmentStatisticsQuery()));
  return (
    <Stack spacing={3}>
      <Crumbs />
      <Typography variant="h4" component="h1" fontWeight={800}>
        Инвестиции в недвижимость
      </Typography>
      <Box minHeight={96}>
        {stats.status === 'ready' && (
          <Stack spacing={2}>
            {stats.data.text && <Typography color="text.secondary">{stats.data.text}</Typography>}
            <Grid container spacing={2}>
              {[stats.data.deal, stats.data.client, stats.data.commission].map((f) => (
                <Grid key={f.text} size={{ xs: 12, sm: 4 }}>
                  <Card variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
                    <Typography variant="h5" fontWeight={800} color="primary">
                      {f.count.toLocaleString('ru-RU')}
                    </Typography>
                    <Typography color="text.secondary">{f.text}</Typography>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Stack>
        )}
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          {list.status === 'loading' && <Spinner />}
          {list.status === 'failed' && <Alert severity="error">Не удалось загрузить объекты</Alert>}
          {list.status === 'ready' && (
            <Grid container spacing={2}>
              {list.data.data.map((item) => (
                <Grid key={item.id} size={{ xs: 12, sm: 6 }}>
                  <Card variant="outlined" sx={{ borderRadius: 3, height: '100%' }}>
                    <CardActionArea
                      component={RouterLink}
                      to={`/investments/${item.id}`}
                      sx={{ p: 1.5, height: '100%' }}
                    >
                      <Photo src={item.imagePath} alt={`Фото объекта «${item.title}»`} />
                      <Stack spacing={1} pt={1.5}>
                        <Typography variant="subtitle1" component="h2" fontWeight={700}>
                          {item.title}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {item.address}
                        </Typography>
                        <Percent item={item} />
                        <Figures item={item} />
                      </Stack>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Grid>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FeedbackCard titlePage="Инвестиции" />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** /investments/{id}: one object, its figures, its description and the feedback form. */
export function InvestmentPage() {
  const { id = '' } = useParams();
  const answer = useQuery(investmentQuery(id));
  const origin = useOrigin();
  const found = answer.data;
  useHead(
    found
      ? {
          title: `${found.title} — Инвестиции — ${SITE_NAME}`,
          description: `${found.title}, ${found.address}: ${found.annualPercentage.toLocaleString('ru-RU')}% годовых`,
          canonical: `/investments/${found.id}`,
          image: found.imagePath,
          jsonLd: [
            breadcrumbs(origin, [
              ['Главная', '/'],
              ['Инвестиции', '/investments'],
              [found.title, `/investments/${found.id}`],
            ]),
          ],
        }
      : null,
  );
  if (answer.isPending) return <Spinner />;
  if (answer.isError) return <Alert severity="error">Не удалось загрузить объект</Alert>;
  if (!answer.data) return <ErrorPage code={404} />;
  const item = answer.data;
  return (
    <Stack spacing={3}>
      <Crumbs title={item.title} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            <Typography variant="h4" component="h1" fontWeight={800}>
              {item.title}
            </Typography>
            <Typography color="text.secondary">{item.address}</Typography>
            <Photo src={item.imagePath} alt={`Фото объекта «${item.title}»`} />
            <Percent item={item} />
            <Figures item={item} />
            <Box
              sx={{ lineHeight: 1.7, '& img': { maxWidth: '100%', height: 'auto' } }}
              // sanitised by the server before it is recorded (docs/decisions.md: rich text)
              dangerouslySetInnerHTML={{ __html: item.description }}
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FeedbackCard titlePage={`Инвестиции: ${item.title}`} />
        </Grid>
      </Grid>
    </Stack>
  );
}
