import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useAgencyResource, useCabinetData } from './useAgency';
import { WalletOperations } from './WalletOperations';
import { formatPrice as rub } from '@estate/client';
import type { Balance } from '../types';

/** as the API answers it: inferred from the server's schema, never copied */
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

/** 'Баланс кошелька' and 'Пополнение счёта': online payment opens the payment page; a bank transfer asks for an invoice. */
export function WalletPage() {
  const { agencyId, data, reload, error } = useAgencyResource('balance', (provider, id) =>
    provider.balance(id),
  );
  const cabinetData = useCabinetData();
  const notify = useNotify();
  const [sum, setSum] = useState('');
  const [invoice, setInvoice] = useState({ organizationName: '', inn: '', kpp: '', account: '' });
  const { pending, watch } = useTopUpWatch(reload, (paid) =>
    notify(`Баланс пополнен на ${rub(paid)}`, { type: 'success' }),
  );
  const payOnline = async () => {
    try {
      const started = await cabinetData.topUp(agencyId!, Number(sum));
      watch(Number(sum), data);
      window.open(started.confirmationUrl, '_blank', 'noopener');
      notify('Страница оплаты открыта в новой вкладке; баланс обновится, когда оплата пройдёт', {
        type: 'info',
      });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const requestInvoice = async () => {
    try {
      await cabinetData.requestInvoice(agencyId!, { sum: Number(sum), ...invoice });
      notify('Запрос счёта отправлен в бухгалтерию', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const invoiceValid =
    Number(sum) > 0 &&
    invoice.organizationName.trim() &&
    /^\d{10}(\d{2})?$/.test(invoice.inn) &&
    /^\d{20}$/.test(invoice.account);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Баланс кошелька" />
      {error && <Alert severity="error">{error}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography color="text.secondary">Баланс кошелька</Typography>
          <Typography variant="h4" fontWeight={700} data-testid="wallet-balance">
            {data ? rub(data.walletBalance) : '…'}
          </Typography>
          {pending && (
            <Alert severity="info" sx={{ my: 1 }}>
              Ожидаем оплату {rub(pending.sum)}: баланс обновится сам, когда платёж пройдёт.
            </Alert>
          )}
          <Button size="small" onClick={() => void reload()}>
            Обновить баланс
          </Button>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6">Пополнение счёта</Typography>
            <TextField
              label="Сумма, ₽"
              required
              value={sum}
              onChange={(e) => setSum(digits(e.target.value))}
              error={sum === '0'}
              helperText={sum === '' ? 'Введите сумму' : ' '}
              sx={{ maxWidth: 240 }}
            />
            <Stack direction="row" spacing={2}>
              <Button variant="contained" disabled={!(Number(sum) > 0)} onClick={() => void payOnline()}>
                Оплатить онлайн
              </Button>
            </Stack>
            <Typography variant="subtitle1">Или по счёту</Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
              <TextField
                size="small"
                label="Организация"
                required
                value={invoice.organizationName}
                onChange={(e) => setInvoice({ ...invoice, organizationName: e.target.value })}
              />
              <TextField
                size="small"
                label="ИНН"
                required
                value={invoice.inn}
                onChange={(e) => setInvoice({ ...invoice, inn: digits(e.target.value) })}
              />
              <TextField
                size="small"
                label="КПП"
                value={invoice.kpp}
                onChange={(e) => setInvoice({ ...invoice, kpp: digits(e.target.value) })}
              />
              <TextField
                size="small"
                label="Расчётный счёт"
                required
                value={invoice.account}
                onChange={(e) => setInvoice({ ...invoice, account: digits(e.target.value) })}
              />
            </Stack>
            <Stack direction="row">
              <Button variant="outlined" disabled={!invoiceValid} onClick={() => void requestInvoice()}>
                Выставить счёт
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <WalletOperations balance={data?.walletBalance ?? null} />
    </Stack>
  );
}
