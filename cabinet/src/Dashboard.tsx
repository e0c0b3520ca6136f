import VerifiedIcon from '@mui/icons-material/Verified';
import {
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatPrice } from '@estate/client';
import { Link, Title, useGetIdentity, useGetList, useGetOne } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useStaff } from './agency/useAgency';
import { StatisticsCard } from './agency/StatisticsCard';
import { STATUS_TABS } from './publications/choices';
import { ROLES } from './staff';
import type { Agency, Wallet } from './types';
import { useCabinetTranslate, type MessageKey } from './i18n/translate';

/** How many listings of a status (and deal) the agency has: react-admin's list total, one row asked. */
function useCount(filter: Record<string, unknown>) {
  const { total, isPending } = useGetList('publications', { filter, pagination: { page: 1, perPage: 1 } });
  return isPending ? '…' : String(total ?? 0);
}

function StatusCount({ status, label }: { status: number; label: MessageKey }) {
  const count = useCount({ status });
  const translate = useCabinetTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary">{translate(label)}</Typography>
        <Typography variant="h4" fontWeight={700} data-testid={`count-${status}`}>
          {count}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** product.md's table in 'Мои объявления': flats and rooms for sale, active and inactive. */
function SaleFlatsRow() {
  const active = useCount({ status: 1, dealCategory: 'sale' });
  const inactive = useCount({ status: 5, dealCategory: 'sale' });
  const translate = useCabinetTranslate();
  return (
    <Table size="small" sx={{ maxWidth: 480 }} aria-label={translate('cabinet.dashboard.saleFlats')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('cabinet.dashboard.saleFlats')}</TableCell>
          <TableCell align="right">{translate('cabinet.dashboard.active')}</TableCell>
          <TableCell align="right">{translate('cabinet.dashboard.inactive')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          <TableCell>{translate('cabinet.dashboard.sale')}</TableCell>
          <TableCell align="right" data-testid="sale-active">
            {active}
          </TableCell>
          <TableCell align="right" data-testid="sale-inactive">
            {inactive}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** The agency, 'Аккаунт подтверждён' (an agency exists only once confirmed), and the owner's wallet with 'Пополнить'. */
function AccountCard() {
  const { agencyId, role } = useStaff();
  const agency = useGetOne<Agency>('agencies', { id: agencyId! }, { enabled: agencyId !== null });
  const translate = useCabinetTranslate();
  // the wallet's own call: the wallet page shares its answer, so a top-up there shows here too
  const wallet = useGetOne<Wallet>(
    'wallets',
    { id: agencyId! },
    { enabled: agencyId !== null && role === ROLES.AGENCY_OWNER },
  );
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          justifyContent="space-between"
          alignItems={{ sm: 'center' }}
        >
          <Stack spacing={1} alignItems="flex-start">
            <Typography variant="h6">{agency.data?.name ?? '…'}</Typography>
            {agency.data && (
              <Chip
                icon={<VerifiedIcon />}
                color="success"
                variant="outlined"
                label={translate('cabinet.dashboard.accountConfirmed')}
              />
            )}
          </Stack>
          {role === ROLES.AGENCY_OWNER && (
            <Stack
              spacing={1}
              alignItems={{ xs: 'flex-start', sm: 'flex-end' }}
              data-testid="dashboard-wallet"
            >
              <Typography color="text.secondary">{translate('cabinet.dashboard.walletBalance')}</Typography>
              <Typography variant="h5" fontWeight={700}>
                {wallet.data ? formatPrice(wallet.data.walletBalance) : '…'}
              </Typography>
              <Button component={Link} to="/wallet" variant="contained">
                {translate('cabinet.dashboard.topUp')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The dashboard of product.md: the account and wallet, the statistics, 'Мои объявления' at a glance. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  const translate = useCabinetTranslate();
  // a moderator has no agency: the back-office opens on the leads
  if (identity?.role === ROLES.MODERATOR) return <Navigate to="/leads" replace />;
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Title title="cabinet.title" />
      <Typography variant="h5">
        {identity?.fullName
          ? translate('cabinet.dashboard.greetingNamed', { name: identity.fullName })
          : translate('cabinet.dashboard.greeting')}
      </Typography>
      <AccountCard />
      <StatisticsCard />
      <Typography variant="h6">{translate('cabinet.dashboard.publications')}</Typography>
      <Grid container spacing={2}>
        {STATUS_TABS.map((t) => (
          <Grid key={t.status} size={{ xs: 6, md: 2.4 }}>
            <StatusCount status={t.status} label={t.label} />
          </Grid>
        ))}
      </Grid>
      <SaleFlatsRow />
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        {/* MUI's buttons: react-admin's shows only its icon on a phone, and these have none */}
        <Button component={Link} to="/publications" variant="outlined">
          {translate('cabinet.dashboard.goToPublications')}
        </Button>
        <Button component={Link} to="/publications/create" variant="contained">
          {translate('cabinet.dashboard.addPublication')}
        </Button>
      </Stack>
    </Stack>
  );
}
