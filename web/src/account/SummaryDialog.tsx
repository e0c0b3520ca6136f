import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { api } from '@estate/client';
import { ModalShell } from '../leads/RequestDialog';
import { RecentlyViewed } from '../publication/RecentlyViewed';
import { useRecentlyViewed } from '../publication/recentlyViewed';

/** status 4: no request (agencies/dto.ts) */
const NO_REQUEST = 4;
const STATUS_COLORS: Record<number, 'warning' | 'success' | 'error'> = {
  1: 'warning',
  2: 'success',
  3: 'error',
};

/**
 * The account's summary (product.md, modal 'summary'; Personal account: "Summary modal lists viewed
 * listings (16 cards) and the realtor request"): the listings this browser opened last, and where
 * the user's realtor request stands, with the way to it.
 */
export default function SummaryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const viewed = useRecentlyViewed();
  const request = useQuery({
    queryKey: ['realtor-request'],
    queryFn: () => api.get('/api/realtor-database-request').then((r) => r.data),
  });
  return (
    <ModalShell open={open} onClose={onClose} title="Сводка" maxWidth="md">
      <Stack spacing={3} pt={1}>
        {viewed.length > 0 ? (
          <RecentlyViewed />
        ) : (
          <Box component="section" aria-label="Вы смотрели">
            <Typography variant="h5" component="h2" fontWeight={600} mb={1}>
              Вы смотрели
            </Typography>
            <Typography color="text.secondary">Вы ещё не открывали объявлений</Typography>
          </Box>
        )}
        <Box
          component="section"
          aria-labelledby="summary-realtor-request"
          data-testid="summary-realtor-request"
        >
          <Typography id="summary-realtor-request" variant="h5" component="h2" fontWeight={600} mb={1}>
            Заявка риелтора
          </Typography>
          {request.isPending ? (
            <Skeleton variant="rounded" height={40} />
          ) : request.isError ? (
            <Alert severity="error">Не удалось загрузить заявку</Alert>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
              {request.data.status === NO_REQUEST ? (
                <Typography color="text.secondary">Заявка не отправлена</Typography>
              ) : (
                <Chip
                  label={request.data.statusName ?? ''}
                  color={STATUS_COLORS[request.data.status]}
                  sx={{ alignSelf: 'flex-start' }}
                />
              )}
              <Button
                variant="outlined"
                component={RouterLink}
                to="/account/user/realtor-request"
                onClick={onClose}
              >
                Перейти к заявке
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
    </ModalShell>
  );
}
