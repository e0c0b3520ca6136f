import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError, confirmEmail } from '@estate/client';
import { useSession } from '../auth/session';

type Outcome = { kind: 'done' } | { kind: 'failed'; message: string };
const INVALID_LINK = 'Ссылка недействительна. Запросите новую ссылку в профиле.';

/**
 * product.md's /confirmation-email: the page the confirmation letter links to. It reads the token
 * from the query, confirms the address with it, then loads the profile again.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const { reload, profile } = useSession();
  const token = params.get('token');
  // the outcome belongs to the token it was asked for: another token shows "pending" until its own answer
  const [answer, setAnswer] = useState<{ token: string; outcome: Outcome } | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmEmail(token)
      .then(async () => {
        if (live) setAnswer({ token, outcome: { kind: 'done' } });
        await reload();
      })
      .catch((e: unknown) => {
        const message = e instanceof ApiError ? e.message : 'Не удалось подтвердить почту';
        if (live) setAnswer({ token, outcome: { kind: 'failed', message } });
      });
    return () => {
      live = false;
    };
  }, [token, reload]);
  const state: Outcome | { kind: 'pending' } = !token
    ? { kind: 'failed', message: INVALID_LINK }
    : answer?.token === token
      ? answer.outcome
      : { kind: 'pending' };
  return (
    <Card variant="outlined" sx={{ maxWidth: 520, mx: 'auto' }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" fontWeight={700} component="h1">
            Подтверждение почты
          </Typography>
          {state.kind === 'pending' && <CircularProgress aria-label="Подтверждаем почту" />}
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
