import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '../api';
import { formatPrice } from '../../../web/src/format';

type Tariff = { id: string; title: string; pricePerDay: number; advantages: string[] };

/** 'Изменить ставку': pick a tariff, 'Оплатить и разместить' pays the first day from the wallet (errorCode 59: not enough money). */
export function TariffButton() {
  const record = useRecordContext<{ id: string; status: number; locationId: string; dealCategory: string; declineReason?: string | null }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [tariffs, setTariffs] = useState<Tariff[]>([]);
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open || !record) return;
    httpClient(`/api/publication-tariffs/${record.locationId}/${record.dealCategory}`).then(({ json }) => { setTariffs(json.data); setChosen(json.data[0]?.id ?? ''); }).catch(() => setTariffs([]));
  }, [open, record]);
  if (!record || record.status === 4) return null;
  const pay = async () => {
    setPending(true);
    try {
      await httpClient(`/api/publications/${record.id}/tariffs/${chosen}`, { method: 'POST' });
      notify('Объявление принято! Оно будет размещено в каталоге объявлений в ближайшее время.', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      const body = (e as { body?: { errorCode?: number } }).body;
      notify(body?.errorCode === 59 ? 'Недостаточно средств на балансе: пополните кошелёк' : (e as Error).message, { type: 'error' });
      setOpen(false);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button label="Изменить ставку" onClick={(e) => { e.stopPropagation(); setOpen(true); }} />
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>Изменить выбранный тариф</DialogTitle>
        <DialogContent>
          <RadioGroup value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {tariffs.map((t) => (
              <FormControlLabel key={t.id} value={t.id} control={<Radio />} label={<><Typography fontWeight={600}>{t.title} — {formatPrice(t.pricePerDay)}/день</Typography><Typography variant="caption">{t.advantages.join(' · ')}</Typography></>} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Сохранить черновик</MuiButton>
          <MuiButton variant="contained" disabled={!chosen || pending} onClick={() => void pay()}>Оплатить и разместить</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
