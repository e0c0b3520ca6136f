import { Box, List, ListItemButton, ListItemText, Paper, Stack } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { USER_ROLE, useSession } from '../auth/session';
import { SignedIn } from '../auth/SignedIn';

/** The auth guard: an anonymous visitor goes back to '/' with the sign-in open; staff go to the agency cabinet. */
export function AccountGuard() {
  return <SignedIn>{(profile) => (profile.role === USER_ROLE ? <Account /> : <ToCabinet />)}</SignedIn>;
}

/** staff have the agency cabinet, another application */
function ToCabinet() {
  useEffect(() => window.location.assign('/cabinet/'), []);
  return null;
}

function Account() {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
      <Paper variant="outlined" sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
        <List component="nav" aria-label="Личный кабинет">
          {[
            { to: '/account/user/main-info', label: 'Главная' },
            { to: '/account/user/profile', label: 'Профиль' },
            { to: '/account/user/favourites', label: 'Избранное' },
            { to: '/account/user/saved-searches', label: 'Мои поиски' },
            { to: '/account/user/daily-rent', label: 'Посуточная аренда' },
            { to: '/account/user/premium-sub', label: 'Премиум-подписка' },
            { to: '/account/user/realtor-request', label: 'Заявка риелтора' },
          ].map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              sx={{ '&.active': { color: 'primary.main', fontWeight: 600 } }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Box flex={1} width="100%">
        <Outlet />
      </Box>
    </Stack>
  );
}

/** The account root: users to their main page, everyone else to the agency cabinet. */
export function AccountRoot() {
  const { profile, loading } = useSession();
  if (loading) return null;
  if (profile && profile.role !== USER_ROLE) return <ToCabinet />;
  return <Navigate to="/account/user/main-info" replace />;
}
