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
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Button, Link, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useCabinetData, useStaff } from '../agency/useAgency';
import { formatPrice } from '@estate/client';
import type { Tariff } from '../types';
import { ROLES } from '../staff';
import { useCabinetTranslate } from '../i18n/translate';

/** as the API answers it: inferred from the server's schema, never copied */

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
  const translate = useCabinetTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [picked, setChosen] = useState('');
  const [shortOfMoney, setShortOfMoney] = useState(false);
  const { role } = useStaff();
  const data = useCabinetData();
  const tariffs = useQuery({
    queryKey: ['tariffs', record?.id],
    queryFn: () => data.tariffsOf(record!.id),
    enabled: open && Boolean(record),
  });
  const list: Tariff[] = tariffs.data ?? [];
  // the one picked, or the first until one is
  const chosen = list.some((t) => t.id === picked) ? picked : (list[0]?.id ?? '');
  const payment = useMutation({
    // one key per click of «Оплатить»: a request repeated by the network or a retry is charged once
    mutationFn: () => data.payTariff(record!.id, chosen, newIdempotencyKey()),
    onSuccess: (answer) => {
      const message = answer.meta?.message;
      notify(
        message
          ? 'resources.publications.notifications.acceptedWith'
          : 'resources.publications.notifications.accepted',
        { type: 'success', messageArgs: { message } },
      );
      setOpen(false);
      refresh();
    },
    onError: (e) => {
      setOpen(false);
      // errorCode 59: the wallet is short of the first day's price — the balance popup offers a top-up
      if ((e as { body?: { errorCode?: number } }).body?.errorCode === 59) setShortOfMoney(true);
      else notify(e.message, { type: 'error' });
    },
  });
  if (!record || record.status === 4) return null;
  return (
    <>
      {/* an icon: on a phone react-admin shows a button by its icon alone */}
      <Button
        label="resources.publications.actions.changeTariff"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <RocketLaunchIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{translate('resources.publications.tariff.dialogTitle')}</DialogTitle>
        <DialogContent>
          <RadioGroup value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {list.map((t) => (
              <FormControlLabel
                key={t.id}
                value={t.id}
                control={<Radio />}
                label={
                  <>
                    <Typography fontWeight={600}>
                      {translate('resources.publications.tariff.option', {
                        title: t.title,
                        price: formatPrice(t.pricePerDay),
                      })}
                    </Typography>
                    <Typography variant="caption">{t.advantages.join(' · ')}</Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>
            {translate('resources.publications.tariff.saveDraft')}
          </MuiButton>
          <MuiButton
            variant="contained"
            disabled={!chosen || payment.isPending}
            onClick={() => payment.mutate()}
          >
            {translate('resources.publications.tariff.pay')}
          </MuiButton>
        </DialogActions>
      </Dialog>
      <Dialog
        open={shortOfMoney}
        onClose={() => setShortOfMoney(false)}
        onClick={(e) => e.stopPropagation()}
        aria-labelledby="short-of-money"
      >
        <DialogTitle id="short-of-money">
          {translate('resources.publications.tariff.shortOfMoney')}
        </DialogTitle>
        <DialogContent>
          <Typography>
            {translate(
              role === ROLES.AGENCY_OWNER
                ? 'resources.publications.tariff.topUpOwner'
                : 'resources.publications.tariff.topUpAskOwner',
            )}
          </Typography>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setShortOfMoney(false)}>
            {translate('resources.publications.tariff.close')}
          </MuiButton>
          {role === ROLES.AGENCY_OWNER && (
            <MuiButton variant="contained" component={Link} to="/wallet">
              {translate('resources.publications.tariff.topUp')}
            </MuiButton>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
