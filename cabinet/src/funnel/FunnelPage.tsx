import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, Title, useDataProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { FunnelDto } from '@estate/client';
import { formatNumber } from '@estate/client';
import { asDay, DAY_FORMAT, isoDay, RussianDates } from '../dates';
import type { dataProvider } from '../dataProvider';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import type { FunnelCalls, FunnelPeriod } from './calls';
import { FunnelChart } from './FunnelChart';

type Part = FunnelDto['total'];
const PARTS = [
  ['total', 'funnel.table.all'],
  ['promoted', 'funnel.table.promoted'],
  ['notPromoted', 'funnel.table.notPromoted'],
] as const;
const money = (roubles: number | null) => (roubles === null ? null : `${formatNumber(roubles, 2)}\u00a0₽`);

/**
 * «Воронка» (issue 19, item 3): a listing's (`/funnel/<id>`, from its page) or the agency's
 * (`/funnel`, from the menu) exact funnel for a period of days, drawn as a funnel, with a table of
 * the conversions, the split into days with a paid promotion and without, the money and the costs.
 */
export function FunnelPage() {
  const translate = useCabinetTranslate();
  const t = (key: string, values?: Record<string, string | number>) => translate(key as MessageKey, values);
  const { publicationId } = useParams();
  const data = useDataProvider<typeof dataProvider & FunnelCalls>();
  const [period, setPeriod] = useState<FunnelPeriod>({});
  const [days, setDays] = useState<{ from: Dayjs | null; to: Dayjs | null } | null>(null);
  const query = useQuery({
    queryKey: ['funnel', publicationId ?? null, period],
    queryFn: () =>
      publicationId ? data.publicationFunnel(publicationId, period) : data.agencyFunnel(period),
  });
  const funnel = query.data;
  // the pickers show the period the server answered for, until the user picks another
  const shown = days ?? { from: asDay(funnel?.from), to: asDay(funnel?.to) };
  const title = publicationId
    ? t('funnel.titleListing', { title: funnel?.title ?? '…' })
    : t('funnel.titleAgency');
  const field = { textField: { size: 'small' as const, fullWidth: true } };
  return (
    <Box sx={{ mt: 1, mb: 4 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {publicationId && (
              <Link to={`/publications/${encodeURIComponent(publicationId)}/show`}>{t('funnel.back')}</Link>
            )}
            <RussianDates>
              <Box
                role="group"
                aria-label={t('funnel.period')}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
              >
                <Box sx={{ flex: '1 1 140px', maxWidth: 200 }}>
                  <DatePicker
                    label={t('funnel.from')}
                    format={DAY_FORMAT}
                    value={shown.from}
                    onChange={(day) => setDays({ ...shown, from: day })}
                    slotProps={field}
                  />
                </Box>
                <Box sx={{ flex: '1 1 140px', maxWidth: 200 }}>
                  <DatePicker
                    label={t('funnel.to')}
                    format={DAY_FORMAT}
                    value={shown.to}
                    onChange={(day) => setDays({ ...shown, to: day })}
                    slotProps={field}
                  />
                </Box>
                <Button
                  variant="contained"
                  onClick={() => setPeriod({ from: isoDay(shown.from), to: isoDay(shown.to) })}
                >
                  {t('funnel.apply')}
                </Button>
              </Box>
            </RussianDates>
            {query.isPending && <CircularProgress aria-label={t('funnel.title')} />}
            {query.error && <Alert severity="error">{query.error.message || t('funnel.error')}</Alert>}
            {funnel && (
              <>
                {!publicationId && (
                  <Typography color="text.secondary">
                    {t('funnel.listingsCount', { count: funnel.publicationsCount })}
                  </Typography>
                )}
                {funnel.total.steps.every((s) => s.count === 0) ? (
                  <Alert severity="info">{t('funnel.empty')}</Alert>
                ) : (
                  <FunnelChart part={funnel.total} />
                )}
                <FunnelTable funnel={funnel} t={t} />
                <Typography variant="body2" color="text.secondary">
                  {t('funnel.note')}
                </Typography>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

function FunnelTable({
  funnel,
  t,
}: {
  funnel: FunnelDto;
  t: (key: string, values?: Record<string, string | number>) => string;
}) {
  const parts = PARTS.map(([name, label]) => [funnel[name], label] as [Part, string]);
  const none = t('funnel.table.none');
  const cell = { px: { xs: 0.5, sm: 2 }, py: 1 };
  return (
    // inline-size containment: the table scrolls inside the page's width instead of widening it
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Table
        size="small"
        aria-label={t('funnel.table.label')}
        sx={{ '& th, & td': { fontSize: { xs: '0.78rem', sm: '0.875rem' } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={cell}>{t('funnel.table.step')}</TableCell>
            {parts.map(([, label]) => (
              <TableCell key={label} sx={cell} align="right">
                {t(label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {funnel.total.steps.map((step, row) => (
            <TableRow key={step.step} data-step={step.step}>
              <TableCell sx={cell} component="th" scope="row">
                <span>{t(`funnel.steps.${step.step}`)}</span>
                {step.base && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: { xs: 'none', sm: 'block' } }}
                  >
                    {t('funnel.table.conversion')}{' '}
                    {t('funnel.table.from', { step: t(`funnel.short.${step.base}`) })}
                  </Typography>
                )}
              </TableCell>
              {parts.map(([part, label]) => {
                const own = part.steps[row];
                return (
                  <TableCell key={label} sx={cell} align="right">
                    <strong>{formatNumber(own.count)}</strong>
                    {own.base && (
                      <Typography variant="caption" color="text.secondary" display="block">
                        {own.conversion === null ? none : `${formatNumber(own.conversion, 1)}\u00a0%`}
                      </Typography>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {(
            [
              [
                funnel.publicationId ? 'funnel.table.days' : 'funnel.table.listingDays',
                (p: Part) => formatNumber(p.days),
              ],
              ['funnel.table.money', (p: Part) => money(p.money)],
              ['funnel.table.costPerPhone', (p: Part) => money(p.costPerPhone)],
              ['funnel.table.costPerChat', (p: Part) => money(p.costPerChat)],
            ] as const
          ).map(([label, value]) => (
            <TableRow key={label} data-row={label}>
              <TableCell sx={cell} component="th" scope="row">
                {t(label)}
              </TableCell>
              {parts.map(([part, partLabel]) => (
                <TableCell key={partLabel} sx={cell} align="right">
                  {value(part) ?? none}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
