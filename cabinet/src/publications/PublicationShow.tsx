import { Box, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import {
  Button,
  DateField,
  EditButton,
  FunctionField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { DEAL_CHOICES, PROPERTY_TYPE_CHOICES, STATUS_NAMES } from './choices';
import { formatCharacteristic, formatPrice } from '@estate/client';
import { PublishButton } from './PublishButton';
import { TariffButton } from './TariffButton';
import { CalendarPanel } from '../bookings/CalendarPanel';
import { ComplexField } from './ComplexInput';
import type { Characteristic, ListingPhoto, RunningTariff } from '../types';
import { useCabinetTranslate } from '../i18n/translate';

function Photos() {
  const record = useRecordContext<{ images: ListingPhoto[] }>();
  return (
    // inline-size containment: the strip scrolls inside the page's width instead of widening the page
    <Stack direction="row" spacing={1} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      {record?.images.map((image) => (
        <Box
          key={image.path}
          component="img"
          // the card size once made (the original may be a 12 MP photo); a drawing of the demo has none
          src={image.variants?.card.webp ?? image.path}
          alt=""
          sx={{ width: 172, height: 126, objectFit: 'cover', borderRadius: 1 }}
        />
      ))}
    </Stack>
  );
}

/** Every characteristic the listing tells, as the API names them (select and yes/no ones by their option). */
function Characteristics(_props: { label?: string }) {
  const record = useRecordContext<{ characteristics: Characteristic[] }>();
  if (!record?.characteristics.length) return null;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {record.characteristics.map((c) => {
        const { label, value } = formatCharacteristic(c);
        return (
          <Fragment key={c.characteristicField}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0 }} data-testid={`characteristic-${c.characteristicField}`}>
              {value}
            </Box>
          </Fragment>
        );
      })}
    </Box>
  );
}

const untilFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/** The running promotion: its tariff, when the paid day ends, what each next day costs. */
function CurrentTariffField(_props: { label?: string }) {
  const record = useRecordContext<{ status: number; currentTariff?: RunningTariff | null }>();
  const translate = useCabinetTranslate();
  if (!record) return null;
  const tariff = record.currentTariff;
  if (!tariff)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="current-tariff">
        {record.status === 1 ? translate('resources.publications.tariff.notConnected') : '—'}
      </Typography>
    );
  return (
    <Box data-testid="current-tariff">
      <Typography fontWeight={600}>«{tariff.title}»</Typography>
      <Typography variant="body2">
        {translate('resources.publications.tariff.paidUntil', {
          date: untilFormat.format(new Date(tariff.until)),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.publications.tariff.charge', { price: formatPrice(tariff.pricePerDay) })}
      </Typography>
    </Box>
  );
}

/** the listing's funnel (issue 19): its own screen, for any period */
function FunnelButton() {
  const record = useRecordContext<{ id: string }>();
  if (!record) return null;
  return (
    <Button component={Link} to={`/funnel/${encodeURIComponent(record.id)}`} label="cabinet.menu.funnel" />
  );
}

const Actions = () => (
  <TopToolbar>
    <PublishButton />
    <TariffButton />
    <FunnelButton />
    <EditButton />
  </TopToolbar>
);

export function PublicationShow() {
  const translate = useCabinetTranslate();
  return (
    <Show actions={<Actions />} queryOptions={{ meta: { withTariff: true } }}>
      <SimpleShowLayout>
        <Photos />
        <TextField source="title" />
        <FunctionField
          label="resources.publications.fields.status"
          render={(r: { status: number }) => STATUS_NAMES[r.status] && translate(STATUS_NAMES[r.status])}
        />
        <CurrentTariffField label="resources.publications.fields.currentTariff" />
        <SelectField source="dealCategory" choices={DEAL_CHOICES} />
        <SelectField source="propertyType" choices={PROPERTY_TYPE_CHOICES} />
        <FunctionField source="price" render={(r: { price: number }) => formatPrice(r.price)} />
        <FunctionField
          label="resources.publications.fields.actualPrice"
          render={(r: { actualPrice: number | null }) =>
            r.actualPrice === null ? '—' : formatPrice(r.actualPrice)
          }
        />
        <TextField source="address.locationName" />
        <TextField source="address.fullAddress" />
        <ComplexField label="resources.publications.fields.residentialComplexId" />
        <Characteristics label="resources.publications.fields.characteristics" />
        <TextField source="description" />
        <DateField source="updatedAt" locales="ru-RU" showTime />
        <CalendarPanel />
      </SimpleShowLayout>
    </Show>
  );
}
