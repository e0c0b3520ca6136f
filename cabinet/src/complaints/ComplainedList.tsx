import { Button, Chip, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, Datagrid, FunctionField, Link, List, SimpleList } from 'react-admin';
import type { MouseEvent } from 'react';
import { useCabinetTranslate } from '../i18n/translate';
import { dateTime, short } from '../moderation/format';
import type { ComplainedPublication } from '../types';
import { ListingLink } from './ListingLink';

/** the complaints of one listing: the complaints' list filtered by it */
export const complaintsOf = (publicationId: string) =>
  `/complaints?filter=${encodeURIComponent(JSON.stringify({ publicationId }))}`;

/** the listing's page for moderation: its actions (decline, restore) and its history */
function ModerationLink({ id }: { id: string }) {
  const translate = useCabinetTranslate();
  return (
    <Button
      size="small"
      component={Link}
      to={`/moderation-listings/${encodeURIComponent(id)}/show`}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('moderation.history.title')}
    </Button>
  );
}

const filters = [<BooleanInput key="open" source="open" alwaysOn />];

/** The queue of listings complained about: those with undecided complaints first. */
export function ComplainedList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'openCount', order: 'DESC' }}
      title="resources.complained-publications.page.list"
      perPage={25}
    >
      {phone ? (
        <SimpleList<ComplainedPublication>
          primaryText={(p) => p.title}
          secondaryText={(p) => `${p.openCount} / ${p.complaintsCount} · ${short(p.lastComment, 60)}`}
          tertiaryText={(p) => dateTime(p.lastComplaintAt)}
          linkType={(p) => complaintsOf(String(p.id))}
        />
      ) : (
        <Datagrid rowClick={(id) => complaintsOf(String(id))} bulkActionButtons={false}>
          <FunctionField<ComplainedPublication> source="title" sortable={false} render={(p) => p.title} />
          <FunctionField<ComplainedPublication>
            source="openCount"
            render={(p) => (
              <Chip size="small" color={p.openCount > 0 ? 'warning' : 'default'} label={p.openCount} />
            )}
          />
          <FunctionField<ComplainedPublication> source="complaintsCount" render={(p) => p.complaintsCount} />
          <FunctionField<ComplainedPublication>
            source="lastComplaintAt"
            render={(p) => dateTime(p.lastComplaintAt)}
          />
          <FunctionField<ComplainedPublication>
            source="lastComment"
            sortable={false}
            render={(p) => short(p.lastComment)}
          />
          <FunctionField<ComplainedPublication>
            source="id"
            label=" "
            sortable={false}
            render={(p) => <ListingLink id={String(p.id)} />}
          />
          <FunctionField<ComplainedPublication>
            source="id"
            label=" "
            sortable={false}
            render={(p) => <ModerationLink id={String(p.id)} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
