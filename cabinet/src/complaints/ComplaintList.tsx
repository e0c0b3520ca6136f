import { Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { ListBase, Pagination, SelectInput, FilterForm, Title, useListContext, TextInput } from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import { messageKey, useCabinetTranslate } from '../i18n/translate';
import { dateTime } from '../moderation/format';
import { ReasonButton } from '../moderation/ReasonButton';
import type { Complaint } from '../types';
import { ListingLink } from './ListingLink';
import { ListLoading } from '../ListLoading';

const STATUS_CHOICES = [
  { id: 'open', name: messageKey('resources.complaints.statuses.open') },
  { id: 'dismissed', name: messageKey('resources.complaints.statuses.dismissed') },
  { id: 'upheld', name: messageKey('resources.complaints.statuses.upheld') },
];
const filters = [
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  // set from the queue of listings (one listing's complaints), shown only then
  <TextInput key="publicationId" source="publicationId" />,
];

/** One complaint as a card: the listing, what was written, who wrote; the decisions of an open one. */
function ComplaintCard({ complaint }: { complaint: Complaint }) {
  const translate = useCabinetTranslate();
  const data = useCabinetData();
  return (
    <Card variant="outlined" data-testid={`complaint-${complaint.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="subtitle1" fontWeight={600}>
            {complaint.listing.title}
          </Typography>
          <Chip
            size="small"
            color={complaint.status === 'open' ? 'warning' : 'default'}
            label={complaint.statusName}
          />
        </Stack>
        <Typography sx={{ my: 1, whiteSpace: 'pre-wrap' }}>{complaint.comment}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[dateTime(complaint.filedAt), complaint.phone, complaint.email].filter(Boolean).join(' · ')}
        </Typography>
        {complaint.reason && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('resources.complaints.reasonShown', {
              reason: complaint.reason,
              name: complaint.resolvedBy?.name ?? '',
            })}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {complaint.status === 'open' && (
          <ReasonButton
            label="resources.complaints.actions.decline"
            reasonLabel="resources.complaints.fields.declineReason"
            done="resources.complaints.notifications.declined"
            color="error"
            variant="contained"
            run={(reason) => data.declineComplainedListing(complaint.id, reason)}
          />
        )}
        {complaint.status === 'open' && (
          <ReasonButton
            label="resources.complaints.actions.dismiss"
            reasonLabel="resources.complaints.fields.dismissReason"
            done="resources.complaints.notifications.dismissed"
            required={false}
            run={(reason) => data.dismissComplaint(complaint.id, reason)}
          />
        )}
        <ListingLink id={complaint.publicationId} />
      </CardActions>
    </Card>
  );
}

function Complaints() {
  const { data, isPending } = useListContext<Complaint>();
  const translate = useCabinetTranslate();
  if (isPending) return <ListLoading />;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{translate('resources.complaints.empty')}</Typography>;
  return (
    <Stack spacing={2}>
      {data.map((c) => (
        <ComplaintCard key={c.id} complaint={c} />
      ))}
    </Stack>
  );
}

/** The complaints, newest first (open ones by default; one listing's when it is chosen in the queue). */
export function ComplaintList() {
  return (
    <ListBase
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'filedAt', order: 'DESC' }}
      perPage={10}
    >
      <Title title="resources.complaints.page.list" />
      <FilterForm filters={filters} />
      <Complaints />
      <Pagination />
    </ListBase>
  );
}
