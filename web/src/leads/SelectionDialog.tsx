import { ChoiceField, type Choice } from './ChoiceField';
import { Box, Button, Chip, Stack, TextField, Typography, FormHelperText } from '@mui/material';
import { useState } from 'react';
import { formatPhone, phoneDigits } from '@estate/client';
import { useSession } from '../auth/session';
import type { LeadBody, MetroMinutes } from './leadsApi';
import { LeadSteps } from './LeadSteps';
import { AreaField, ContactFields, PolicyConsent } from './parts';
import { ModalShell } from './RequestDialog';
import { useLeadSender } from './useLeadSender';
import { areaProblem, cityProblem, minLengthProblem, nameProblem, phoneProblem } from './validation';

const PROPERTY_TYPES: Choice<number>[] = [
  { value: 1, label: 'Квартира' },
  { value: 7, label: 'Комната' },
  { value: 2, label: 'Дом, дача' },
  { value: 3, label: 'Коттедж' },
  { value: 4, label: 'Таунхаус' },
];
const ROADS: Choice<1 | 2 | 3>[] = [
  { value: 1, label: 'Пешком' },
  { value: 2, label: 'На машине' },
  { value: 3, label: 'На транспорте' },
];
const MINUTES = ([10, 20, 30, 60, 90, 120] as const satisfies readonly MetroMinutes[]).map((m) => ({
  value: m,
  label: `${m} мин`,
}));
const ROOMS = [
  { id: 1, name: '1, 2-комнатная' },
  { id: 2, name: '3, 4-комнатная' },
  { id: 3, name: '5, 6-комнатная' },
] as const;
const digits = (v: string) => v.replace(/\D/g, '').slice(0, 12);

type Form = {
  city: string;
  homesPropertyType: number | '';
  roadToMetro: 1 | 2 | 3 | '';
  notMoreMinutes: MetroMinutes | '';
  homeSquare: string;
  kitchenSquare: string;
  priceMin: string;
  priceMax: string;
  roomsCount: (1 | 2 | 3)[];
  name: string;
  phone: string;
  wishes: string;
};

/**
 * The request for a listing not found (popup-not-found-ad; product.md): three steps of the
 * wanted flat and the contacts under «Шаг N из 3», then the SMS code, then success or failure.
 */
export default function SelectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { profile } = useSession();
  const initial = (): Form => ({
    city: '',
    homesPropertyType: 1,
    roadToMetro: '',
    notMoreMinutes: '',
    homeSquare: '',
    kitchenSquare: '',
    priceMin: '10000',
    priceMax: '100000',
    roomsCount: [],
    name: profile?.name ?? '',
    phone: profile ? formatPhone(profile.phone) : '',
    wishes: '',
  });
  const [form, setForm] = useState<Form>(initial);
  const [step, setStep] = useState(1);
  const [tried, setTried] = useState(false);
  const [policy, setPolicy] = useState(true);
  const lead = useLeadSender();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const priceProblem =
    form.priceMin && form.priceMax && Number(form.priceMin) > Number(form.priceMax)
      ? 'Цена «от» больше цены «до»'
      : null;
  const errors = {
    city: cityProblem(form.city),
    homeSquare: areaProblem(form.homeSquare),
    kitchenSquare: areaProblem(form.kitchenSquare),
    roomsCount: form.roomsCount.length ? null : 'Выберите количество комнат',
    price: priceProblem,
    name: nameProblem(form.name),
    phone: phoneProblem(form.phone),
    wishes: minLengthProblem(form.wishes, 3),
  };
  const stepFields: Record<number, (keyof typeof errors)[]> = {
    1: ['city'],
    2: ['homeSquare', 'kitchenSquare', 'roomsCount', 'price'],
    3: ['name', 'phone', 'wishes'],
  };
  const stepValid = stepFields[step].every((f) => !errors[f]) && (step < 3 || policy);
  const show = (f: keyof typeof errors) => (tried ? errors[f] : null);

  const restart = () => {
    lead.reset();
    setStep(1);
    setTried(false);
  };
  const close = () => {
    onClose();
    if (lead.stage === 'sent') {
      setForm(initial());
      restart();
    }
  };
  const next = () => {
    setTried(true);
    if (!stepValid) return;
    setTried(false);
    if (step < 3) {
      setStep(step + 1);
      return;
    }
    const area = (v: string) => Number(v.replace(',', '.'));
    const body: LeadBody = {
      kind: 'house-selection',
      name: form.name.trim(),
      phone: phoneDigits(form.phone),
      text: '',
      titlePage: document.title || 'Подбор квартиры',
      selection: {
        city: form.city.trim(),
        homesPropertyType: form.homesPropertyType === '' ? null : form.homesPropertyType,
        roadToMetro: form.roadToMetro === '' ? null : form.roadToMetro,
        notMoreMinutes: form.notMoreMinutes === '' ? null : form.notMoreMinutes,
        priceRange:
          form.priceMin === '' && form.priceMax === ''
            ? null
            : {
                minValue: form.priceMin === '' ? 0 : Number(form.priceMin),
                maxValue: form.priceMax === '' ? Number(form.priceMin) : Number(form.priceMax),
              },
        roomsCount: [...form.roomsCount].sort(),
        homeSquare: area(form.homeSquare),
        kitchenSquare: area(form.kitchenSquare),
        wishes: form.wishes.trim(),
      },
    };
    void lead.submit(body);
  };

  const stepShown = lead.stage === 'code' || lead.stage === 'sent' || lead.stage === 'failed' ? 4 : step;
  const content = (
    <LeadSteps
      lead={lead}
      sentText="Спасибо! Мы подберём варианты и свяжемся с Вами в ближайшее время."
      onSent={close}
      onRetry={restart}
      onSubmit={next}
    >
      {step === 1 && (
        <>
          <TextField
            label="Город"
            required
            value={form.city}
            onChange={(e) => set({ city: e.target.value })}
            error={!!show('city')}
            helperText={show('city')}
          />
          <ChoiceField
            label="Тип недвижимости"
            value={form.homesPropertyType}
            choices={PROPERTY_TYPES}
            onChange={(homesPropertyType) => set({ homesPropertyType })}
          />
          <Stack direction="row" spacing={2}>
            <ChoiceField
              fullWidth
              label="До метро"
              value={form.roadToMetro}
              choices={ROADS}
              onChange={(roadToMetro) => set({ roadToMetro })}
            />
            <ChoiceField
              fullWidth
              label="Не больше"
              value={form.notMoreMinutes}
              choices={MINUTES}
              onChange={(notMoreMinutes) => set({ notMoreMinutes })}
            />
          </Stack>
        </>
      )}
      {step === 2 && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <AreaField
              label="Общая площадь, м²"
              value={form.homeSquare}
              onChange={(homeSquare) => set({ homeSquare })}
              problem={show('homeSquare')}
            />
            <AreaField
              label="Площадь кухни, м²"
              value={form.kitchenSquare}
              onChange={(kitchenSquare) => set({ kitchenSquare })}
              problem={show('kitchenSquare')}
            />
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField
              label="Цена от, ₽"
              fullWidth
              inputMode="numeric"
              value={form.priceMin}
              onChange={(e) => set({ priceMin: digits(e.target.value) })}
              error={!!show('price')}
              helperText={show('price')}
            />
            <TextField
              label="Цена до, ₽"
              fullWidth
              inputMode="numeric"
              value={form.priceMax}
              onChange={(e) => set({ priceMax: digits(e.target.value) })}
            />
          </Stack>
          <Box role="group" aria-label="Количество комнат">
            <Typography variant="body2" color="text.secondary" mb={1}>
              Количество комнат *
            </Typography>
            <Stack direction="row" gap={1} flexWrap="wrap">
              {ROOMS.map((r) => {
                const on = form.roomsCount.includes(r.id);
                return (
                  <Chip
                    key={r.id}
                    label={r.name}
                    clickable
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    aria-pressed={on}
                    onClick={() =>
                      set({
                        roomsCount: on
                          ? form.roomsCount.filter((x) => x !== r.id)
                          : [...form.roomsCount, r.id],
                      })
                    }
                  />
                );
              })}
            </Stack>
            {show('roomsCount') && <FormHelperText error>{show('roomsCount')}</FormHelperText>}
          </Box>
        </>
      )}
      {step === 3 && (
        <>
          <ContactFields
            name={form.name}
            phone={form.phone}
            onChange={set}
            problems={{ name: show('name'), phone: show('phone') }}
          />
          <TextField
            label="Пожелания"
            required
            multiline
            minRows={3}
            value={form.wishes}
            onChange={(e) => set({ wishes: e.target.value.slice(0, 2000) })}
            error={!!show('wishes')}
            helperText={show('wishes')}
          />
          <PolicyConsent checked={policy} onChange={setPolicy} showError={tried} />
        </>
      )}
      <Stack direction="row" spacing={1}>
        {step > 1 && (
          <Button onClick={() => setStep(step - 1)} disabled={lead.stage === 'sending'}>
            Назад
          </Button>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={lead.stage === 'sending'}>
          {lead.stage === 'sending'
            ? 'Отправляем…'
            : step === 1
              ? 'Начать подбор'
              : step === 2
                ? 'Далее'
                : 'Подобрать'}
        </Button>
      </Stack>
    </LeadSteps>
  );

  return (
    <ModalShell
      open={open}
      onClose={close}
      title="Не нашли подходящее объявление?"
      subtitle="Расскажите, что вы ищете, и мы подберём варианты для вас"
    >
      {stepShown <= 3 && (
        <Box mb={1}>
          <Typography variant="body2" fontWeight={600}>
            Шаг {stepShown} из 3
          </Typography>
          <Box
            role="progressbar"
            aria-label={`Шаг ${stepShown} из 3`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(stepShown * 33.3)}
            sx={{ mt: 0.5, height: 6, borderRadius: 3, bgcolor: 'grey.200', overflow: 'hidden' }}
          >
            <Box
              sx={{
                height: '100%',
                width: `${Math.min(100, stepShown * 33.3)}%`,
                bgcolor: 'primary.main',
                transition: 'width .3s',
              }}
            />
          </Box>
        </Box>
      )}
      {content}
    </ModalShell>
  );
}
