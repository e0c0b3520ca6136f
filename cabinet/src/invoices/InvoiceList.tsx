import { CreateButton, Datagrid, DateField, FunctionField, List, TextField, TopToolbar } from 'react-admin';
import { Typography } from '@mui/material';
import { formatPrice } from '@estate/client';
import type { Invoice } from '../types';
import { useCabinetTranslate } from '../i18n/translate';

const Actions = () => (
  <TopToolbar>
    <CreateButton label="resources.invoices.ask" />
  </TopToolbar>
);

const Empty = () => {
  const translate = useCabinetTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {translate('resources.invoices.empty')}
    </Typography>
  );
};

/** The invoices the agency asked for (a top-up by bank transfer), newest first. */
export function InvoiceList() {
  return (
    <List
      actions={<Actions />}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      empty={false}
      sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        <TextField source="number" sortable={false} />
        <DateField source="at" locales="ru-RU" showTime />
        <FunctionField source="sum" textAlign="right" render={(i: Invoice) => formatPrice(i.sum)} />
        <TextField source="organizationName" sortable={false} />
        <TextField source="inn" sortable={false} />
      </Datagrid>
    </List>
  );
}
