import { ChoiceField } from './ChoiceField';
import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { formatPhone, phoneDigits } from '@estate/client';
import { useSession } from '../auth/session';
import type { LeadBody } from './leadsApi';
import { LeadSteps } from './LeadSteps';
import { AreaField, ContactFields, SendingEnd } from './parts';
import { ModalShell } from './RequestDialog';
import { useLeadSender } from './useLeadSender';
import { areaProblem, minLengthProblem, nameProblem, phoneProblem, REQUIRED } from './validation';

type Valuation = NonNullable<LeadBody['valuation']>;

const ROOMS = [
  { value: 0, label: 'Студия' },
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
  { value: 5, label: '5 и более' },
];
const REPAIRS: { value: NonNullable<Valuation['repair']>; label: string }[] = [
  { value: 'without', label: 'Без ремонта' },
  { value: 'cosmetic', label: 'Косметический' },
  { value: 'modern', label: 'Современный' },
];
const HOUSE_TYPES: { value: NonNullable<Valuation['houseType']>; label: string }[] = [
  { value: 'brick', label: 'Кирпичный' },
  { value: 'block', label: 'Панельный или блочный' },
  { value: 'other', label: 'Другой' },
];
const TIMES: { value: NonNullable<Valuation['time']>; label: string }[] = [
  { value: 'yesterday', label: 'Как можно скорее' },
  { value: 'soon', label: 'В ближайшее время' },
  { value: 'nextMonth', label: 'В следующем месяце' },
  { value: 'haveTime', label: 'Есть время, не спешу' },
];

type Form = {
  address: string;
  area: string;
  square: string;
  numberOfRooms: number | '';
  floor: string;
  repair: Valuation['repair'] | '';
  houseType: Valuation['houseType'] | '';
  time: Valuation['time'] | '';
  name: string;
  phone: string;
};

/**
 * The seller's valuation calculator (product.md sections 1 and 3): the flat (address, area, rooms,
 * floor, repair, house) and when it is to be sold, then the contacts; sent as a lead of kind
 * valuation (`POST /api/send-request`), the phone confirmed by an SMS code when the server asks.
 */
export default function ValuationDialog({
  open,
  onClose,
  titlePage,
}: {
  open: boolean;
  onClose: () => void;
  titlePage: string;
}) {
  const { profile } = useSession();
  const initial = (): Form => ({
    address: '',
    area: '',
    square: '',
    numberOfRooms: '',
    floor: '',
    repair: '',
    houseType: '',
    time: '',
    name: profile?.name ?? '',
    phone: profile ? formatPhone(profile.phone) : '',
  });
  const [form, setForm] = useState<Form>(initial);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const [policy, setPolicy] = useState(true);
  const [tried, setTried] = useState(false);
  const lead = useLeadSender();

  const errors = {
    address: minLengthProblem(form.address, 3),
    square: areaProblem(form.square),
    numberOfRooms: form.numberOfRooms === '' ? REQUIRED : null,
    name: nameProblem(form.name),
    phone: phoneProblem(form.phone),
  };
  const valid = Object.values(errors).every((e) => !e) && policy;
  const show = (f: keyof typeof errors) => (tried ? errors[f] : null);

  const close = () => {
    onClose();
    if (lead.stage === 'sent') {
      setForm(initial());
      setTried(false);
      lead.reset();
    }
  };
  const submit = () => {
    setTried(true);
    if (!valid || lead.stage === 'sending') return;
    void lead.submit({
      kind: 'valuation',
      name: form.name.trim(),
      phone: phoneDigits(form.phone),
      text: '',
      titlePage: titlePage || 'Оценка квартиры',
      valuation: {
        square: Number(form.square.replace(',', '.')),
        numberOfRooms: Number(form.numberOfRooms),
        floor: form.floor === '' ? null : Number(form.floor),
        repair: form.repair || null,
        houseType: form.houseType || null,
        area: form.area.trim() || null,
        address: form.address.trim(),
        time: form.time || null,
      },
    });
  };

  const content = (
    <LeadSteps
      lead={lead}
      sentText="Спасибо! Специалист рассчитает стоимость квартиры и свяжется с Вами."
      onSent={close}
      onSubmit={submit}
    >
      <TextField
        label="Адрес квартиры"
        required
        value={form.address}
        onChange={(e) => set({ address: e.target.value.slice(0, 300) })}
        error={!!show('address')}
        helperText={show('address')}
      />
      <TextField
        label="Район"
        value={form.area}
        onChange={(e) => set({ area: e.target.value.slice(0, 200) })}
      />
      <Stack direction="row" spacing={2}>
        <AreaField
          label="Площадь, м²"
          value={form.square}
          onChange={(square) => set({ square })}
          problem={show('square')}
        />
        <TextField
          label="Этаж"
          fullWidth
          inputMode="numeric"
          value={form.floor}
          onChange={(e) => set({ floor: e.target.value.replace(/\D/g, '').slice(0, 3) })}
        />
      </Stack>
      <ChoiceField
        label="Количество комнат"
        required
        value={form.numberOfRooms}
        choices={ROOMS}
        onChange={(numberOfRooms) => set({ numberOfRooms })}
        error={show('numberOfRooms')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ChoiceField
          fullWidth
          label="Ремонт"
          value={form.repair ?? ''}
          choices={REPAIRS}
          onChange={(repair) => set({ repair })}
        />
        <ChoiceField
          fullWidth
          label="Тип дома"
          value={form.houseType ?? ''}
          choices={HOUSE_TYPES}
          onChange={(houseType) => set({ houseType })}
        />
      </Stack>
      <ChoiceField
        label="Когда планируете продать"
        value={form.time ?? ''}
        choices={TIMES}
        onChange={(time) => set({ time })}
      />
      <ContactFields
        name={form.name}
        phone={form.phone}
        onChange={set}
        problems={{ name: show('name'), phone: show('phone') }}
      />
      <SendingEnd
        policy={policy}
        onPolicy={setPolicy}
        tried={tried}
        sending={lead.stage === 'sending'}
        label="Узнать стоимость"
      />
    </LeadSteps>
  );

  return (
    <ModalShell
      open={open}
      onClose={close}
      title="Оценка квартиры"
      subtitle="Расскажите о квартире, и специалист рассчитает её рыночную стоимость"
    >
      {content}
    </ModalShell>
  );
}
