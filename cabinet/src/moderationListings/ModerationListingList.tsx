import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, Datagrid, FunctionField, List, SelectInput, SimpleList } from 'react-admin';
import { ListingLink } from '../complaints/ListingLink';
import { dateTime } from '../moderation/format';
import type { ModerationListing } from '../types';
import { STATUS_CHOICES } from './choices';

const filters = [
  <BooleanInput key="awaiting" source="awaiting" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/** Listings for moderation: those awaiting it (published, not checked since they changed) first. */
export function ModerationListingList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ awaiting: true }}
      sort={{ field: 'changedAt', order: 'ASC' }}
      title="resources.moderation-listings.page.list"
      perPage={25}
    >
      {phone ? (
        <SimpleList<ModerationListing>
          primaryText={(l) => l.title}
          secondaryText={(l) => l.statusName}
          tertiaryText={(l) => dateTime(l.changedAt)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField<ModerationListing> source="title" render={(l) => l.title} />
          <FunctionField<ModerationListing>
            source="status"
            render={(l) => (
              <Chip size="small" color={l.awaiting ? 'warning' : 'default'} label={l.statusName} />
            )}
          />
          <FunctionField<ModerationListing> source="changedAt" render={(l) => dateTime(l.changedAt)} />
          <FunctionField<ModerationListing>
            source="checkedAt"
            sortable={false}
            render={(l) => dateTime(l.checkedAt)}
          />
          <FunctionField<ModerationListing>
            source="id"
            label=" "
            sortable={false}
            render={(l) => <ListingLink id={String(l.id)} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
