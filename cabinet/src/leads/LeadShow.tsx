import {
  Card,
  CardContent,
  Chip,
  List as MuiList,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Show, SimpleShowLayout, TextField, FunctionField, useRecordContext } from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { dateTime } from '../moderation/format';
import { ActionButton, ReasonButton } from '../moderation/ReasonButton';
import type { LeadDetail } from '../types';
import { LeadStatusChip } from './LeadStatusChip';

const ACTIONS: Record<LeadDetail['history'][number]['action'], MessageKey> = {
  received: 'resources.leads.history.received',
  taken: 'resources.leads.history.taken',
  note: 'resources.leads.history.note',
  done: 'resources.leads.history.done',
  spam: 'resources.leads.history.spam',
};

/** The lead's actions by its status: take (or take over), done, spam; a note in any status. */
function LeadActions() {
  const lead = useRecordContext<LeadDetail>();
  const data = useCabinetData();
  if (!lead) return null;
  const open = lead.status === 'new' || lead.status === 'in-work';
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ my: 1 }}>
      {open && (
        <ActionButton
          label="resources.leads.actions.take"
          done="resources.leads.notifications.taken"
          variant="contained"
          run={() => data.leadAction(lead.id, 'take')}
        />
      )}
      {open && (
        <ActionButton
          label="resources.leads.actions.done"
          done="resources.leads.notifications.done"
          color="success"
          run={() => data.leadAction(lead.id, 'done')}
        />
      )}
      {open && (
        <ActionButton
          label="resources.leads.actions.spam"
          done="resources.leads.notifications.spam"
          color="error"
          run={() => data.leadAction(lead.id, 'spam')}
        />
      )}
      <ReasonButton
        label="resources.leads.actions.note"
        reasonLabel="resources.leads.fields.note"
        done="resources.leads.notifications.noted"
        variant="outlined"
        run={(text) => data.addLeadNote(lead.id, text)}
      />
    </Stack>
  );
}

function LeadHistory() {
  const lead = useRecordContext<LeadDetail>();
  const translate = useCabinetTranslate();
  // the list's record shows first (react-admin's placeholder), without the history
  if (!lead?.history) return null;
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent>
        <Typography variant="h6">{translate('resources.leads.history.title')}</Typography>
        <MuiList dense>
          {lead.history.map((entry, i) => (
            <ListItem key={i} disableGutters>
              <ListItemText
                primary={
                  <>
                    <Chip size="small" label={translate(ACTIONS[entry.action])} sx={{ mr: 1 }} />
                    {entry.moderator?.name ?? ''}
                  </>
                }
                secondary={[dateTime(entry.at), entry.text].filter(Boolean).join(' — ')}
              />
            </ListItem>
          ))}
        </MuiList>
      </CardContent>
    </Card>
  );
}

/** A lead with what the person sent and its history; the actions above. */
export function LeadShow() {
  return (
    <Show title="resources.leads.page.show">
      <SimpleShowLayout>
        <LeadActions />
        <FunctionField<LeadDetail> source="status" render={() => <LeadStatusChip />} />
        <TextField source="kindName" />
        <TextField source="name" />
        <TextField source="phone" />
        <TextField source="text" sx={{ whiteSpace: 'pre-wrap' }} />
        <TextField source="titlePage" emptyText="—" />
        <TextField source="campaignLabel" emptyText="—" />
        <FunctionField<LeadDetail> source="receivedAt" render={(l) => dateTime(l.receivedAt)} />
        <FunctionField<LeadDetail> source="takenBy" render={(l) => l.takenBy?.name ?? '—'} />
        <LeadHistory />
      </SimpleShowLayout>
    </Show>
  );
}
