import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Title, useGetOne, useNotify } from 'react-admin';
import { useCabinetData, useStaff } from './useAgency';
import { WalletOperations } from './WalletOperations';
import { formatPrice as rub } from '@estate/client';
import type { Balance, Wallet } from '../types';
import { useCabinetTranslate } from '../i18n/translate';

const digits = (v: string) => v.replace(/\D/g, '');

/** A top-up on the payment page: its sum, and the top-ups the wallet already showed when it started. */
type PendingTopUp = { sum: number; known: Set<string>; startedAt: number };
/** A return to the tab asks every second, 30 times at most; meanwhile the page asks every 10 s; a payment is waited for 15 minutes at most. */
const RETURN_POLLS = 30;
const BACKGROUND_POLL_MS = 10_000;
const PAYMENT_WAIT_MS = 15 * 60_000;
const topUpIds = (balance: Balance | null) =>
  new Set((balance?.operations ?? []).filter((o) => o.kind === 'top-up').map((o) => o.id));

/**
 * The payment is made on another tab, and the provider reports it to the server, not to this page:
 * when the user comes back (the tab visible again, the window focused), the balance is asked for
 * every second, briefly, until a new top-up shows — then the page says so and stops asking. A slow
 * poll meanwhile covers a return the browser does not report (a payment on another device).
 */
function useTopUpWatch(reload: () => Promise<Balance | null>, onSettled: (sum: number) => void) {
  const [pending, setPending] = useState<PendingTopUp | null>(null);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    if (!pending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // until the user returns, only the slow poll; a return makes the next 30 asks a second apart
    let fastPolls = 0;
    let asking = false;
    let stopped = false;
    const next = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void check(), fastPolls > 0 ? 1000 : BACKGROUND_POLL_MS);
    };
    const check = async () => {
      if (stopped || asking) return;
      asking = true;
      const balance = await reload();
      asking = false;
      if (stopped) return;
      if ([...topUpIds(balance)].some((id) => !pending.known.has(id))) {
        setPending(null);
        settled.current(pending.sum);
      } else if (Date.now() - pending.startedAt > PAYMENT_WAIT_MS) {
        setPending(null);
      } else {
        fastPolls = Math.max(0, fastPolls - 1);
        next();
      }
    };
    const onReturn = () => {
      if (document.visibilityState !== 'visible') return;
      fastPolls = RETURN_POLLS;
      clearTimeout(timer);
      void check();
    };
    next();
    window.addEventListener('focus', onReturn);
    window.addEventListener('pageshow', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('focus', onReturn);
      window.removeEventListener('pageshow', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [pending, reload]);
  return {
    pending,
    watch: (sum: number, balance: Balance | null) =>
      setPending({ sum, known: topUpIds(balance), startedAt: Date.now() }),
  };
}

/** The wallet of the signed-in owner's agency (the `wallets` resource, the spec's balance call), and loading it again. */
export function useWallet() {
  const { agencyId } = useStaff();
  const { data, refetch, error } = useGetOne<Wallet>(
    'wallets',
    { id: agencyId! },
    // a refused call shows at once; the page asks again itself when it waits for a payment
    { enabled: agencyId !== null, retry: false, refetchOnWindowFocus: false },
  );
  const reload = useCallback(async () => {
    const answer = await refetch();
    return answer.isError ? null : (answer.data ?? null);
  }, [refetch]);
  return { agencyId, data: data ?? null, error: error ? error.message : null, reload };
}

/** 'Баланс кошелька' and 'Пополнение счёта': online payment opens the payment page; a bank transfer asks for an invoice. */
export function WalletPage() {
  const { agencyId, data, reload, error } = useWallet();
  const cabinetData = useCabinetData();
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const [sum, setSum] = useState('');
  const { pending, watch } = useTopUpWatch(reload, (paid) =>
    notify('cabinet.wallet.toppedUp', { type: 'success', messageArgs: { sum: rub(paid) } }),
  );
  const payOnline = async () => {
    try {
      const started = await cabinetData.topUp(agencyId!, Number(sum));
      watch(Number(sum), data);
      window.open(started.confirmationUrl, '_blank', 'noopener');
      notify('cabinet.wallet.paymentOpened', { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="cabinet.wallet.title" />
      {error && <Alert severity="error">{error}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography color="text.secondary">{translate('cabinet.wallet.title')}</Typography>
          <Typography variant="h4" fontWeight={700} data-testid="wallet-balance">
            {data ? rub(data.walletBalance) : '…'}
          </Typography>
          {pending && (
            <Alert severity="info" sx={{ my: 1 }}>
              {translate('cabinet.wallet.waiting', { sum: rub(pending.sum) })}
            </Alert>
          )}
          <Button size="small" onClick={() => void reload()}>
            {translate('cabinet.wallet.reload')}
          </Button>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6">{translate('cabinet.wallet.topUp')}</Typography>
            <TextField
              label={translate('cabinet.wallet.sum')}
              required
              value={sum}
              onChange={(e) => setSum(digits(e.target.value))}
              error={sum === '0'}
              helperText={sum === '' ? translate('cabinet.wallet.enterSum') : ' '}
              sx={{ maxWidth: 240 }}
            />
            <Stack direction="row" spacing={2}>
              <Button variant="contained" disabled={!(Number(sum) > 0)} onClick={() => void payOnline()}>
                {translate('cabinet.wallet.payOnline')}
              </Button>
            </Stack>
            <Typography variant="subtitle1">{translate('cabinet.wallet.byInvoice')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.invoices.explanation')}
            </Typography>
            <Stack direction="row" spacing={2}>
              <Button variant="outlined" component={Link} to="/invoices/create">
                {translate('resources.invoices.ask')}
              </Button>
              <Button component={Link} to="/invoices">
                {translate('cabinet.wallet.invoices')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <WalletOperations balance={data?.walletBalance ?? null} />
    </Stack>
  );
}
