import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiCall, AuthFailure } from '../auth/authApi';
import { useSession } from '../auth/session';

/** The page the confirmation letter links to: it confirms the address, then the profile is loaded again. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const { reload, profile } = useSession();
  const [state, setState] = useState<
    { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; message: string }
  >({ kind: 'pending' });
  const token = params.get('token');
  useEffect(() => {
    if (!token)
      return setState({
        kind: 'failed',
        message: 'Ссылка недействительна. Запросите новую ссылку в профиле.',
      });
    apiCall('/api/auth/confirm-email', { method: 'POST', body: JSON.stringify({ token }) })
      .then(async () => {
        setState({ kind: 'done' });
        await reload();
      })
      .catch((e) =>
        setState({
          kind: 'failed',
          message: e instanceof AuthFailure ? (e.body.message ?? e.text) : 'Не удалось подтвердить почту',
        }),
      );
  }, [token, reload]);
  return (
    <Card variant="outlined" sx={{ maxWidth: 520, mx: 'auto' }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" fontWeight={700}>
            Подтверждение почты
          </Typography>
          {state.kind === 'pending' && <CircularProgress />}
          {state.kind === 'done' && <Alert severity="success">Адрес электронной почты подтверждён.</Alert>}
          {state.kind === 'failed' && <Alert severity="error">{state.message}</Alert>}
          {profile && (
            <Button component={RouterLink} to="/account/user/profile" variant="outlined">
              Перейти в профиль
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
