import { Create, required, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { Typography } from '@mui/material';
import { useCabinetTranslate } from '../i18n/translate';

/** digits only, as a bank's details are written */
const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');

/**
 * 'Пополнение по счёту': the organization's details go to the accounting department, which sends
 * the invoice; the wallet is credited when the money arrives. The server checks the details
 * (ИНН 10 or 12 digits, КПП for a company, 20 digits of the account) and its messages show under
 * the fields.
 */
export function InvoiceCreate() {
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const asked = () => {
    notify('resources.invoices.notifications.asked', { type: 'success' });
    redirect('list', 'invoices');
  };
  // the owner's guard (App.tsx) has asked canAccess already; Create's own wait on that question's
  // cached state stayed pending for ever after a quick #/invoices → #/invoices/create
  return (
    <Create mutationOptions={{ onSuccess: asked }} disableAuthentication>
      <SimpleForm sx={{ maxWidth: 560 }}>
        <Typography color="text.secondary">{translate('resources.invoices.explanation')}</Typography>
        <TextInput source="sum" validate={required()} parse={digits} fullWidth />
        <TextInput source="organizationName" validate={required()} fullWidth />
        <TextInput source="inn" validate={required()} parse={digits} fullWidth />
        <TextInput source="kpp" parse={digits} fullWidth />
        <TextInput source="account" validate={required()} parse={digits} fullWidth />
      </SimpleForm>
    </Create>
  );
}
