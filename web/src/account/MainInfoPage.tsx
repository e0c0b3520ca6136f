import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { lazy } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatPhone } from '@estate/client';
import { useSession } from '../auth/session';
import { ChatsWidget } from './ChatsWidget';
import { FavouritesWidget } from '../favourites/FavouritesWidget';
import { useLazyModal } from '../leads/openers';

/** the summary (viewed listings, the realtor request) comes in a chunk of its own on its first opening */
const SummaryDialog = lazy(() => import('./SummaryDialog'));

export function MainInfoPage() {
  const { profile, logout } = useSession();
  const navigate = useNavigate();
  const summary = useLazyModal(SummaryDialog, {});
  if (!profile) return null;
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} alignItems="center">
            <Avatar src={profile.avatar ?? undefined} sx={{ width: 64, height: 64 }}>
              {profile.name.slice(0, 1)}
            </Avatar>
            <Box flex={1}>
              <Typography variant="h5" fontWeight={700}>
                {profile.name}
              </Typography>
              <Typography color="text.secondary">
                {formatPhone(profile.phone)}
                {profile.email ? ` · ${profile.email}` : ''}
              </Typography>
            </Box>
            <Chip label={profile.status} />
          </Stack>
        </CardContent>
      </Card>
      <ChatsWidget />
      <FavouritesWidget />
      <Card sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <CardContent>
          <Typography variant="h6" fontWeight={700}>
            Премиум-подписка
          </Typography>
          <Typography>
            Новые объявления раньше всех — первые 3 дня только для подписчиков. от 4 000₽ / мес
          </Typography>
        </CardContent>
      </Card>
      <Stack direction="row" flexWrap="wrap" gap={2}>
        <Button variant="contained" component={RouterLink} to="/account/user/profile">
          Редактировать профиль
        </Button>
        <Button variant="outlined" onClick={summary.open}>
          Сводка
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            // leave the account first, so its guard does not take the logout for a visitor to sign in
            // (navigate answers a promise only in a data router; nothing waits for the move or the logout)
            void navigate('/');
            void logout();
          }}
        >
          Выйти
        </Button>
      </Stack>
      {summary.element}
    </Stack>
  );
}
