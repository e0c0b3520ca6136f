import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Alert, Box, Button, Card, CardActionArea, Grid, Stack, Typography } from '@mui/material';
import { ScrollArrows, SNAP_ROW, useScrollRow } from '../app/ScrollArrows';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { asApiError, formatPrice, type InvestmentDto } from '@estate/client';
import { breadcrumbs, SITE_NAME, useHead, useOrigin } from '../app/head';
import { ErrorPage } from '../errors/ErrorPage';
import { RequestForm } from '../leads/RequestForm';
import { Cover } from './Cover';
import { CrumbLink, Crumbline } from './Crumbline';
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
      {title ? (
        <CrumbLink to="/investments">Инвестиции</CrumbLink>
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
    <Card variant="outlined" sx={{ p: 3, borderRadius: 3 }} id="feedback">
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

/** product.md section 1: the landing's promise (yield, term, deals) */
const KEY_FIGURES = ['от 30% до 75% годовых', 'от 1 до 3 месяцев', 'более 3500 сделок'];

/** product.md, Other: the landing's six benefits */
const BENEFITS: [title: string, text: string][] = [
  ['Доходность от 30% до 75% годовых', 'Квартира покупается ниже рынка и продаётся по рыночной цене'],
  ['Срок от 1 до 3 месяцев', 'Деньги не замораживаются на годы: объект покупается и продаётся за один сезон'],
  ['Более 3500 сделок', 'Мы знаем, какие квартиры продаются быстро и дорого'],
  ['Проверка каждого объекта', 'Юристы проверяют историю квартиры и продавца до покупки'],
  ['Прозрачная отчётность', 'Цена покупки, расходы и цена продажи по каждому объекту — перед вами'],
  ['Сопровождение под ключ', 'Подбор, сделка, подготовка и продажа — без вашего участия'],
];

/** product.md, Other: the landing's three steps */
const STEPS: [title: string, text: string][] = [
  ['Оставьте заявку', 'Расскажите о сумме и сроке, и специалист свяжется с Вами'],
  ['Выберите объект', 'Предложим квартиры с расчётом доходности по каждой'],
  ['Получите доход', 'После продажи объекта вложения и прибыль возвращаются к вам'],
];

/** a section named by its heading (the id: a fixed one, the same on the server and in the browser) */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" fontWeight={700} mb={2}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Hero() {
  return (
    <Card
      sx={{ p: { xs: 3, md: 5 }, borderRadius: 3, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <Stack spacing={2} alignItems="flex-start">
        <Typography variant="h4" component="h1" fontWeight={800}>
          Инвестиции в недвижимость
        </Typography>
        <Typography sx={{ maxWidth: 640 }}>
          Зарабатывайте на перепродаже квартир: доходность от 30% до 75% годовых, сделка — от 1 до 3 месяцев,
          за плечами — более 3500 сделок.
        </Typography>
        <Stack direction="row" flexWrap="wrap" gap={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {KEY_FIGURES.map((f) => (
            <Box
              component="li"
              key={f}
              sx={{ px: 1.5, py: 0.5, borderRadius: 5, bgcolor: 'rgba(255,255,255,0.18)', fontWeight: 600 }}
            >
              {f}
            </Box>
          ))}
        </Stack>
        <Button href="#feedback" variant="contained" color="secondary">
          Оставить заявку
        </Button>
      </Stack>
    </Card>
  );
}

/** a row of numbered or plain cards, as a list: the benefits (6) and the steps (3) */
function Points({
  points,
  numbered,
  label,
}: {
  points: [string, string][];
  numbered?: boolean;
  label: string;
}) {
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {points.map(([title, text], i) => (
        <Card component="li" key={title} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
          {numbered && (
            <Typography color="primary" fontWeight={800} fontSize={28} lineHeight={1} mb={1} aria-hidden>
              {i + 1}
            </Typography>
          )}
          <Typography component="h3" fontWeight={700} mb={0.5}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

/** a slide's width: 4 from lg (product.md: "4 slides from width 1251, otherwise auto"), a card's own below */
const SLIDE_WIDTH = { xs: 272, lg: 'calc((100% - 48px) / 4)' };

/** «Объекты месяца»: the objects in a row that scrolls sideways (scroll-snap; arrows step by a screen). */
function ObjectsCarousel({ items }: { items: InvestmentDto[] }) {
  const { row, scroll } = useScrollRow();
  return (
    <Box position="relative">
      <ScrollArrows
        back="Объекты месяца: назад"
        forward="Объекты месяца: вперёд"
        onStep={scroll}
        sx={{ justifyContent: 'flex-end', mb: 1 }}
      />
      <Box ref={row} role="list" data-testid="objects-carousel" sx={{ ...SNAP_ROW, gap: 2, pb: 1 }}>
        {items.map((item) => (
          <Box
            key={item.id}
            role="listitem"
            data-testid="object-slide"
            sx={{ flex: '0 0 auto', width: SLIDE_WIDTH, scrollSnapAlign: 'start' }}
          >
            <Card variant="outlined" sx={{ borderRadius: 3, height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={`/investments/${item.id}`}
                sx={{ p: 1.5, height: '100%' }}
              >
                <Cover src={item.imagePath} alt={`Фото объекта «${item.title}»`} ratio="4 / 3" />
                <Stack spacing={1} pt={1.5}>
                  <Typography variant="subtitle1" component="h3" fontWeight={700}>
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
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /investments, the investment landing (product.md, Other): the hero with the promise, six
 * benefits, three steps, the objects of the month in a carousel, the figures of the deals done
 * and the feedback form.
 */
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
    <Stack spacing={5}>
      <Stack spacing={3}>
        <Crumbs />
        <Hero />
      </Stack>
      <Section id="benefits-title" title="Почему это выгодно">
        <Points points={BENEFITS} label="Преимущества" />
      </Section>
      <Section id="steps-title" title="Как это работает">
        <Points points={STEPS} numbered label="Три шага" />
      </Section>
      <Section id="objects-title" title="Объекты месяца">
        {list.status === 'loading' && <Spinner />}
        {list.status === 'failed' && <Alert severity="error">Не удалось загрузить объекты</Alert>}
        {list.status === 'ready' && <ObjectsCarousel items={list.data.data} />}
      </Section>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section id="figures-title" title="Сделки в цифрах">
            <Box minHeight={96}>
              {stats.status === 'ready' && (
                <Stack spacing={2}>
                  {stats.data.text && <Typography color="text.secondary">{stats.data.text}</Typography>}
                  <Grid container spacing={2}>
                    {[stats.data.deal, stats.data.client, stats.data.commission].map((f) => (
                      <Grid key={f.text} size={{ xs: 12, sm: 4 }}>
                        <Card variant="outlined" sx={{ p: 2, borderRadius: 3, height: '100%' }}>
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
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
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
            <Cover src={item.imagePath} alt={`Фото объекта «${item.title}»`} ratio="4 / 3" />
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
