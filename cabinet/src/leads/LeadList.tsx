import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, SimpleList, TextInput } from 'react-admin';
import { messageKey } from '../i18n/translate';
import { dateTime, short } from '../moderation/format';
import type { Lead } from '../types';
import { LEAD_KIND_CHOICES, LEAD_STATUS_CHOICES } from './choices';
import { LeadStatusChip } from './LeadStatusChip';

const filters = [
  <SelectInput key="status" source="status" choices={LEAD_STATUS_CHOICES} alwaysOn />,
  <SelectInput key="kind" source="kind" choices={LEAD_KIND_CHOICES} alwaysOn />,
  <TextInput
    key="phone"
    source="phone"
    label={messageKey('resources.leads.fields.phone')}
    parse={(v: string) => v.replace(/\D/g, '')}
  />,
];

/** The request forms' leads, newest first; a phone gets a list of cards instead of the table. */
export function LeadList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'receivedAt', order: 'DESC' }}
      title="resources.leads.page.list"
      perPage={25}
    >
      {phone ? (
        <SimpleList<Lead>
          primaryText={(l) => `${l.name} · ${l.kindName}`}
          secondaryText={(l) => `${l.phone} · ${l.statusName}`}
          tertiaryText={(l) => dateTime(l.receivedAt)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField<Lead> source="receivedAt" render={(l) => dateTime(l.receivedAt)} />
          <FunctionField<Lead> source="kind" render={(l) => l.kindName} />
          <FunctionField<Lead> source="name" render={(l) => l.name} />
          <FunctionField<Lead> source="phone" sortable={false} render={(l) => l.phone} />
          <FunctionField<Lead> source="status" render={() => <LeadStatusChip />} />
          <FunctionField<Lead> source="takenBy" sortable={false} render={(l) => l.takenBy?.name ?? '—'} />
          <FunctionField<Lead> source="text" sortable={false} render={(l) => short(l.text)} />
        </Datagrid>
      )}
    </List>
  );
}
