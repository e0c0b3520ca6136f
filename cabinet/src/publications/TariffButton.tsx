import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '../api';
import { formatPrice, type TariffOfPublicationDto } from '@estate/client';

/** as the API answers it: inferred from the server's schema, never copied */
type Tariff = TariffOfPublicationDto;

/** A UUID v4; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * 'Изменить ставку': pick a tariff, 'Оплатить и разместить' pays the first day from the wallet
 * (errorCode 59: not enough money; 111: this tariff is already paid). While a promotion runs,
 * another tariff starts when the paid day ends: the server's message says when and what it costs.
 */
export function TariffButton() {
  const record = useRecordContext<{
    id: string;
    status: number;
    locationId: string;
    dealCategory: string;
    declineReason?: string | null;
  }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [tariffs, setTariffs] = useState<Tariff[]>([]);
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open || !record) return;
    // the listing's own tariffs: priced by its city and deal, the only ids its payment accepts
    httpClient(`/api/publications/${encodeURIComponent(record.id)}/tariffs`)
      .then(({ json }) => {
        setTariffs(json.data);
        setChosen(json.data[0]?.id ?? '');
      })
      .catch(() => setTariffs([]));
  }, [open, record]);
  if (!record || record.status === 4) return null;
  const pay = async () => {
    setPending(true);
    // one key per click of «Оплатить»: a request repeated by the network or a retry is charged once
    const idempotencyKey = newIdempotencyKey();
    try {
      const { json } = await httpClient(`/api/publications/${record.id}/tariffs/${chosen}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
      });
      const message = (json as { meta?: { message?: string } }).meta?.message;
      notify(
        message
          ? `Объявление принято! ${message}`
          : 'Объявление принято! Оно будет размещено в каталоге объявлений в ближайшее время.',
        { type: 'success' },
      );
      setOpen(false);
      refresh();
    } catch (e) {
      const body = (e as { body?: { errorCode?: number } }).body;
      notify(
        body?.errorCode === 59 ? 'Недостаточно средств на балансе: пополните кошелёк' : (e as Error).message,
        { type: 'error' },
      );
      setOpen(false);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {/* an icon: on a phone react-admin shows a button by its icon alone */}
      <Button
        label="Изменить ставку"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <RocketLaunchIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>Изменить выбранный тариф</DialogTitle>
        <DialogContent>
          <RadioGroup value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {tariffs.map((t) => (
              <FormControlLabel
                key={t.id}
                value={t.id}
                control={<Radio />}
                label={
                  <>
                    <Typography fontWeight={600}>
                      {t.title} — {formatPrice(t.pricePerDay)}/день
                    </Typography>
                    <Typography variant="caption">{t.advantages.join(' · ')}</Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Сохранить черновик</MuiButton>
          <MuiButton variant="contained" disabled={!chosen || pending} onClick={() => void pay()}>
            Оплатить и разместить
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
