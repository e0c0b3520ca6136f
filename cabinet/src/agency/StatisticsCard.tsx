import {
  Alert,
  Box,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatNumber, loadChunk } from '@estate/client';
import { useCabinetData } from './useAgency';
import type { StatisticsDiagram, StatisticsTotals } from '../types';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';

/** The dashboard's answers, inferred from the server's schemas (statistics/dto.ts): a diagram of bar groups, the interval's sums. */
type Diagram = StatisticsDiagram;
/** a bar group has the series of its content; the others are absent */
type Point = Diagram['diagram'][number] & Partial<Record<SeriesKey, number>>;
type Totals = StatisticsTotals;
type SeriesKey = 'viewCount' | 'clicksCount' | 'count' | 'viewPhoneCount' | 'chatsCount';

/**
 * The chart library comes after the dashboard's first paint (it is most of the dashboard's
 * JavaScript); its place keeps the chart's height meanwhile, so nothing moves when it arrives.
 */
const BarChart = lazy(async () => ({
  default: (await loadChunk(() => import('@mui/x-charts/BarChart'))).BarChart,
}));

/**
 * product.md, agency cabinet: three contents, each with its total — impressions (views against
 * clicks), favourites, responses (phone views against chats; the total is their sum) — and three
 * periods. Titles and labels are message keys (cabinet.statistics in i18n/ru.ts).
 */
export const CONTENTS: {
  type: 1 | 2 | 3;
  title: MessageKey;
  mobileTitle: MessageKey;
  total: (t: Totals) => number;
  series: { key: SeriesKey; label: MessageKey; color: string }[];
}[] = [
  {
    type: 1,
    title: 'cabinet.statistics.contents.impressions',
    mobileTitle: 'cabinet.statistics.contents.impressionsShort',
    total: (t) => t.viewCount,
    series: [
      { key: 'viewCount', label: 'cabinet.statistics.series.views', color: '#0468ff' },
      { key: 'clicksCount', label: 'cabinet.statistics.series.clicks', color: '#ff6d00' },
    ],
  },
  {
    type: 2,
    title: 'cabinet.statistics.contents.favorites',
    mobileTitle: 'cabinet.statistics.contents.favoritesShort',
    total: (t) => t.count,
    series: [{ key: 'count', label: 'cabinet.statistics.series.favorites', color: '#e91e63' }],
  },
  {
    type: 3,
    title: 'cabinet.statistics.contents.responses',
    mobileTitle: 'cabinet.statistics.contents.responsesShort',
    total: (t) => t.viewPhoneCount + t.chatsCount,
    series: [
      { key: 'viewPhoneCount', label: 'cabinet.statistics.series.phoneViews', color: '#0468ff' },
      { key: 'chatsCount', label: 'cabinet.statistics.series.chats', color: '#00a86b' },
    ],
  },
];
/** Periods of the spec: 1 a week by days (weekday names), 2 a month by weeks (date ranges), 3 a year by months (3-letter names). */
const PERIODS: { type: 1 | 2 | 3; label: MessageKey }[] = [
  { type: 1, label: 'cabinet.statistics.periods.week' },
  { type: 2, label: 'cabinet.statistics.periods.month' },
  { type: 3, label: 'cabinet.statistics.periods.year' },
];
/** The interval of the totals (main-info): 7 days, 30 days, since the start of the year (the default). */
type Interval = '7' | '30' | 'year';
const INTERVALS: { value: Interval; label: MessageKey }[] = [
  { value: '7', label: 'cabinet.statistics.intervals.days7' },
  { value: '30', label: 'cabinet.statistics.intervals.days30' },
  { value: 'year', label: 'cabinet.statistics.intervals.year' },
];

/**
 * The y-axis of the spec: 4 ticks, the maximum and its 3/4, 1/2 and 1/4, the scale from 0 to the
 * maximum, so the tallest bar reaches the top tick and a 0 has no height. An empty diagram gets a
 * scale to 4, so its ticks are whole numbers.
 */
export function yScale(values: number[]) {
  const top = Math.max(0, ...values);
  const max = top > 0 ? top : 4;
  return { max, ticks: [1, 2, 3, 4].map((k) => (max * k) / 4) };
}

export function StatisticsCard() {
  const mobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useCabinetTranslate();
  const [content, setContent] = useState<1 | 2 | 3>(1);
  const [period, setPeriod] = useState(1);
  const [interval, setInterval] = useState<Interval>('year');
  const data = useCabinetData();
  // each answer is kept per content, period and interval: going back to a tab shows it at once
  const diagramQuery = useQuery({
    queryKey: ['statistics', 'diagram', period, content],
    queryFn: () => data.statisticsDiagram(period, content),
  });
  const totalsQuery = useQuery({
    queryKey: ['statistics', 'totals', interval],
    queryFn: () => data.statisticsTotals(interval),
  });
  const diagram: Diagram | null = diagramQuery.data ?? null;
  const totals: Totals | null = totalsQuery.data ?? null;
  const failed = diagramQuery.isError || totalsQuery.isError;

  const spec = CONTENTS.find((c) => c.type === content)!;
  // a diagram of another content may still be on its way: draw only the one asked for
  const points: Point[] =
    diagram?.contentType === content && diagram.statsType === period ? diagram.diagram : [];
  const { max, ticks } = yScale(points.flatMap((p) => spec.series.map((s) => p[s.key] ?? 0)));
  const labels = new Map(points.map((p) => [p.startDate, p.label]));
  return (
    // inline-size containment: the scrollable tabs and the chart take the card's width and never widen the page
    <Card variant="outlined" sx={{ contain: 'inline-size' }}>
      <CardContent>
        <Tabs
          value={content}
          onChange={(_e, v: 1 | 2 | 3) => setContent(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate('cabinet.statistics.label')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {CONTENTS.map((c) => (
            <Tab
              key={c.type}
              value={c.type}
              data-testid={`statistics-tab-${c.type}`}
              label={translate('cabinet.statistics.tab', {
                title: translate(mobile ? c.mobileTitle : c.title),
                total: totals ? formatNumber(c.total(totals)) : '…',
              })}
            />
          ))}
        </Tabs>
        <Stack
          direction="row"
          spacing={2}
          alignItems="center"
          justifyContent="space-between"
          flexWrap="wrap"
          useFlexGap
          sx={{ my: 2 }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            onChange={(_e, v: number | null) => v && setPeriod(v)}
            aria-label={translate('cabinet.statistics.period')}
          >
            {PERIODS.map((p) => (
              <ToggleButton key={p.type} value={p.type}>
                {translate(p.label)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={translate('cabinet.statistics.totalsFor')}
            value={interval}
            onChange={(e) => setInterval(e.target.value as Interval)}
            fullWidth={false}
            sx={{ width: 170 }}
          >
            {INTERVALS.map((i) => (
              <MenuItem key={i.value} value={i.value}>
                {translate(i.label)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {failed && <Alert severity="error">{translate('cabinet.statistics.failed')}</Alert>}
        <Box
          aria-label={translate('cabinet.statistics.chart')}
          role="figure"
          data-testid="statistics-chart"
          data-max={max}
          data-content={points.length ? content : undefined}
          data-period={points.length ? period : undefined}
        >
          <Suspense fallback={<Box sx={{ height: mobile ? 240 : 300 }} aria-busy="true" />}>
            <BarChart
              height={mobile ? 240 : 300}
              skipAnimation
              loading={!diagram}
              localeText={{
                loading: translate('cabinet.statistics.loading'),
                noData: translate('cabinet.statistics.noData'),
              }}
              // a bar group is keyed by its first day: a year has two of one month (last year's and this one's), which must not share a band
              xAxis={[
                {
                  scaleType: 'band',
                  data: points.map((p) => p.startDate),
                  valueFormatter: (start: string) => labels.get(start) ?? start,
                  tickLabelStyle: { fontSize: 11 },
                },
              ]}
              yAxis={[
                {
                  min: 0,
                  max,
                  tickInterval: ticks,
                  valueFormatter: (v: number) => formatNumber(v, 2),
                  width: 48,
                },
              ]}
              series={spec.series.map((s) => ({
                id: s.key,
                label: translate(s.label),
                color: s.color,
                data: points.map((p) => p[s.key] ?? 0),
                valueFormatter: (v: number | null) => formatNumber(v ?? 0),
              }))}
              grid={{ horizontal: true }}
              slotProps={{
                legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
                // each bar names its series and group, so a reader (or a test) can tell them apart
                bar: ({ seriesId, dataIndex }) =>
                  ({ 'data-series': String(seriesId), 'data-index': dataIndex }) as object,
              }}
            />
          </Suspense>
        </Box>
      </CardContent>
    </Card>
  );
}
