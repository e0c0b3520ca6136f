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
import {
  Show,
  SimpleShowLayout,
  TextField,
  FunctionField,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
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
  answer: 'resources.leads.history.answer',
};

/** The lead's actions by its status: take (or take over), done, spam; a note in any status. */
function LeadActions() {
  const lead = useRecordContext<LeadDetail>();
  const data = useCabinetData();
  const { identity } = useGetIdentity();
  if (!lead) return null;
  const open = lead.status === 'new' || lead.status === 'in-work';
  // taking it again changes nothing: offered to the others (to take it over) and for a new lead
  const mine = lead.status === 'in-work' && identity !== undefined && lead.takenBy?.id === identity.id;
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ my: 1 }}>
      {open && !mine && (
        <ActionButton
          label="resources.leads.actions.take"
          done="resources.leads.notifications.taken"
          variant="contained"
          run={() => data.leadAction(lead.id, 'take')}
        />
      )}
      {open && (
        <ReasonButton
          label="resources.leads.actions.done"
          reasonLabel="resources.leads.fields.doneAnswer"
          hint="resources.leads.fields.answerHint"
          done="resources.leads.notifications.done"
          color="success"
          variant="outlined"
          required={false}
          run={(answer) => data.completeLead(lead.id, answer)}
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
      {lead.status !== 'spam' && (
        <ReasonButton
          label="resources.leads.actions.answer"
          reasonLabel="resources.leads.fields.answer"
          hint="resources.leads.fields.answerHint"
          done="resources.leads.notifications.answered"
          variant="outlined"
          run={(text) => data.answerLead(lead.id, text)}
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

const ROOMS: Record<number, string> = { 1: '1–2', 2: '3–4', 3: '5–6' };

/** What a selection request or a valuation asks, beside the text (which a selection leaves empty). */
function LeadRequest() {
  const lead = useRecordContext<LeadDetail>();
  const translate = useCabinetTranslate();
  if (!lead) return null;
  const { selection: s, valuation: v } = lead;
  const rows: [MessageKey, string | number | null | undefined][] = s
    ? [
        ['resources.leads.selection.city', s.city],
        ['resources.leads.selection.rooms', s.roomsCount.map((r) => ROOMS[r]).join(', ')],
        ['resources.leads.selection.homeSquare', s.homeSquare],
        ['resources.leads.selection.kitchenSquare', s.kitchenSquare],
        [
          'resources.leads.selection.price',
          s.priceRange
            ? `${s.priceRange.minValue.toLocaleString('ru-RU')} – ${s.priceRange.maxValue.toLocaleString('ru-RU')}`
            : null,
        ],
        ['resources.leads.selection.metro', s.notMoreMinutes],
        ['resources.leads.selection.wishes', s.wishes],
      ]
    : v
      ? [
          ['resources.leads.valuation.address', v.address],
          ['resources.leads.valuation.square', v.square],
          ['resources.leads.valuation.rooms', v.numberOfRooms],
          ['resources.leads.valuation.floor', v.floor],
        ]
      : [];
  if (rows.length === 0) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">
        {translate(s ? 'resources.leads.selection.title' : 'resources.leads.valuation.title')}
      </Typography>
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <Typography key={label} variant="body2">
            {translate(label)}: {value}
          </Typography>
        ))}
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
        <TextField source="text" sx={{ whiteSpace: 'pre-wrap' }} emptyText="—" />
        <LeadRequest />
        <TextField source="titlePage" emptyText="—" />
        <TextField source="campaignLabel" emptyText="—" />
        <FunctionField<LeadDetail> source="receivedAt" render={(l) => dateTime(l.receivedAt)} />
        <FunctionField<LeadDetail> source="takenBy" render={(l) => l.takenBy?.name ?? '—'} />
        <TextField source="lastAnswer" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <LeadHistory />
      </SimpleShowLayout>
    </Show>
  );
}
