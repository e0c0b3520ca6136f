import { Stack } from '@mui/material';
import { FunctionField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import { ListingLink } from '../complaints/ListingLink';
import { dateTime } from '../moderation/format';
import { ModerationSteps } from '../moderation/ModerationHistory';
import { ActionButton, ReasonButton } from '../moderation/ReasonButton';
import type { ModerationListingDetail } from '../types';

/** What a moderator may do with the listing as it stands: approve it, decline it with a reason, restore a decline. */
function ListingActions() {
  const listing = useRecordContext<ModerationListingDetail>();
  const data = useCabinetData();
  if (!listing) return null;
  const published = listing.status === 1;
  const declinable = listing.status === 1 || listing.status === 2 || listing.status === 5;
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ my: 1 }}>
      {published && listing.awaiting && (
        <ActionButton
          label="resources.moderation-listings.actions.approve"
          done="resources.moderation-listings.notifications.approved"
          variant="contained"
          run={() => data.approveListing(String(listing.id))}
        />
      )}
      {declinable && (
        <ReasonButton
          label="resources.moderation-listings.actions.decline"
          reasonLabel="resources.moderation-listings.fields.reason"
          done="resources.moderation-listings.notifications.declined"
          color="error"
          variant="outlined"
          run={(reason) => data.declineListing(String(listing.id), reason)}
        />
      )}
      {listing.status === 4 && (
        <ActionButton
          label="resources.moderation-listings.actions.restore"
          done="resources.moderation-listings.notifications.restored"
          variant="contained"
          run={() => data.restoreListing(String(listing.id))}
        />
      )}
      <ListingLink id={String(listing.id)} />
    </Stack>
  );
}

function History() {
  const listing = useRecordContext<ModerationListingDetail>();
  // the list's record shows first (react-admin's placeholder), without the history
  if (!listing?.history) return null;
  return <ModerationSteps steps={listing.history} />;
}

/** A listing for moderation: where it stands, the actions, and who did what and when. */
export function ModerationListingShow() {
  return (
    <Show title="resources.moderation-listings.page.show">
      <SimpleShowLayout>
        <ListingActions />
        <TextField source="title" />
        <TextField source="statusName" />
        <FunctionField<ModerationListingDetail> source="changedAt" render={(l) => dateTime(l.changedAt)} />
        <FunctionField<ModerationListingDetail> source="checkedAt" render={(l) => dateTime(l.checkedAt)} />
        <TextField source="declineReason" emptyText="—" />
        <History />
      </SimpleShowLayout>
    </Show>
  );
}
