import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  ArrayInput,
  Edit,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Title,
  Toolbar,
  useNotify,
} from 'react-admin';
import { messageKey, useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { RichText } from '../moderation/LazyRichText';

/** the server's MESSENGERS and SOCIALS (@estate/events), by their names */
const MESSENGERS = [
  { id: 'telegram', name: 'Telegram' },
  { id: 'whatsapp', name: 'WhatsApp' },
  { id: 'viber', name: 'Viber' },
  { id: 'max', name: 'MAX' },
];
const SOCIALS = [
  { id: 'vk', name: 'ВКонтакте' },
  { id: 'ok', name: 'Одноклассники' },
  { id: 'telegram', name: 'Telegram' },
  { id: 'youtube', name: 'YouTube' },
  { id: 'dzen', name: 'Дзен' },
  { id: 'rutube', name: 'RUTUBE' },
];

/** one section of the settings: react-admin's getOne and update of `settings/<section>` */
function Section({ id, children }: { id: string; children: ReactNode }) {
  const notify = useNotify();
  return (
    <Edit
      resource="settings"
      id={id}
      redirect={false}
      mutationMode="pessimistic"
      title={' '}
      actions={false}
      mutationOptions={{ onSuccess: () => notify('cabinet.settings.saved', { type: 'success' }) }}
    >
      {/* a section is saved, never deleted: «Сохранить» alone */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        {children}
      </SimpleForm>
    </Edit>
  );
}

const f = (name: string) => messageKey(`cabinet.settings.fields.${name}` as MessageKey);

function Contacts() {
  return (
    <Section id="contacts">
      <TextInput source="phone" label={f('phone')} validate={required()} />
      <TextInput source="email" label={f('email')} validate={required()} type="email" />
      <TextInput source="address" label={f('address')} fullWidth />
      <TextInput source="workingHours" label={f('workingHours')} fullWidth />
      <TextInput source="policyUrl" label={f('policyUrl')} validate={required()} fullWidth />
      <ArrayInput source="messengers" label={f('messengers')}>
        <SimpleFormIterator>
          <SelectInput source="type" label={f('type')} choices={MESSENGERS} validate={required()} />
          <TextInput source="url" label={f('url')} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="socials" label={f('socials')}>
        <SimpleFormIterator>
          <SelectInput source="type" label={f('type')} choices={SOCIALS} validate={required()} />
          <TextInput source="url" label={f('url')} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="documents" label={f('documents')}>
        <SimpleFormIterator>
          <TextInput source="title" label={f('documentTitle')} validate={required()} />
          <TextInput source="url" label={f('url')} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
    </Section>
  );
}

function Location() {
  return (
    <Section id="location">
      <TextInput source="defaultLocationId" label={f('defaultLocationId')} validate={required()} />
      <NumberInput source="mapCenter.lat" label={f('lat')} validate={required()} />
      <NumberInput source="mapCenter.lon" label={f('lon')} validate={required()} />
    </Section>
  );
}

function InvestmentStatistics() {
  return (
    <Section id="investment-statistics">
      <TextInput source="text" label={f('text')} multiline fullWidth />
      {(['deal', 'client', 'commission'] as const).map((figure) => (
        <Box key={figure} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <NumberInput source={`${figure}.count`} label={f(`${figure}Count`)} validate={required()} />
          <TextInput source={`${figure}.text`} label={f(`${figure}Text`)} />
        </Box>
      ))}
    </Section>
  );
}

function TransactionDeal() {
  return (
    <Section id="transaction-deal">
      <TextInput source="title" label={f('title')} validate={required()} fullWidth />
      <RichText source="text" label={f('text')} />
      <TextInput source="price" label={f('price')} />
      <TextInput source="buttonTitle" label={f('buttonTitle')} />
      <ArrayInput source="steps" label={f('steps')}>
        <SimpleFormIterator>
          <TextInput source="title" label={f('stepTitle')} validate={required()} fullWidth />
          <TextInput source="text" label={f('stepText')} multiline fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
    </Section>
  );
}

const SECTIONS: [MessageKey, () => ReactNode][] = [
  ['cabinet.settings.sections.contacts', Contacts],
  ['cabinet.settings.sections.location', Location],
  ['cabinet.settings.sections.investmentStatistics', InvestmentStatistics],
  ['cabinet.settings.sections.transactionDeal', TransactionDeal],
];

/** The site's settings (moderators): four sections, each its own form. */
export function SettingsPage() {
  const translate = useCabinetTranslate();
  const [tab, setTab] = useState(0);
  const Current = SECTIONS[tab][1];
  return (
    <Box sx={{ mt: 2, minWidth: 0, maxWidth: '100%' }}>
      <Title title="cabinet.settings.title" />
      <Typography variant="h5" sx={{ mb: 1 }}>
        {translate('cabinet.settings.title')}
      </Typography>
      {/* the four tabs are wider than a phone: scrolled within the screen, never widening the page */}
      <Tabs
        value={tab}
        onChange={(_, v: number) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ maxWidth: 'calc(100vw - 16px)' }}
      >
        {SECTIONS.map(([label]) => (
          <Tab key={label} label={translate(label)} />
        ))}
      </Tabs>
      <Current />
    </Box>
  );
}
