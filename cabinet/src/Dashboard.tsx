import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Button, Link, Title, useGetIdentity, useGetList } from 'react-admin';
import { STATUS_TABS } from './publications/choices';
import { StatisticsCard } from './agency/StatisticsCard';

function StatusCount({ status, label }: { status: number; label: string }) {
  const { total, isPending } = useGetList('publications', {
    filter: { status },
    pagination: { page: 1, perPage: 1 },
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary">{label}</Typography>
        <Typography variant="h4" fontWeight={700} data-testid={`count-${status}`}>
          {isPending ? '…' : (total ?? 0)}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** 'Мои объявления' at a glance: counts per status and the way to add one. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Title title="Кабинет агентства" />
      <Typography variant="h5">Здравствуйте{identity?.fullName ? `, ${identity.fullName}` : ''}!</Typography>
      <StatisticsCard />
      <Typography variant="h6">Мои объявления</Typography>
      <Grid container spacing={2}>
        {STATUS_TABS.map((t) => (
          <Grid key={t.status} size={{ xs: 6, md: 2.4 }}>
            <StatusCount status={t.status} label={t.label} />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={2}>
        <Link to="/publications">
          <Button label="Перейти к объявлениям" variant="outlined" />
        </Link>
        <Link to="/publications/create">
          <Button label="Добавить объявление" variant="contained" />
        </Link>
      </Stack>
    </Stack>
  );
}
