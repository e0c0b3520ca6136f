import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType, ReactNode } from 'react';
import { Create, Datagrid, Edit, FunctionField, List } from 'react-admin';
import { PublishButton } from './PublishButton';
import { PublishedChip } from './StatusChip';

/**
 * A moderator's resource of items put in order and published or not (the blog's rubrics, the home
 * page's slides, the investment objects): the list by position with each item's columns, its status
 * and the publish button; one form creates and edits (pessimistic: the list shows what the server
 * kept).
 */
export function orderedResource({
  Form,
  columns,
  createTitle,
  icon,
}: {
  Form: ComponentType;
  /** the item's own columns, each with its key (the list's Datagrid reads its children one by one) */
  columns: ReactNode[];
  /** the create page's title (an i18n key) */
  createTitle: string;
  icon: SvgIconComponent;
}) {
  return {
    list: () => (
      <List sort={{ field: 'position', order: 'ASC' }}>
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          {columns}
          <FunctionField source="status" render={() => <PublishedChip />} />
          <PublishButton />
        </Datagrid>
      </List>
    ),
    create: () => (
      <Create redirect="list" title={createTitle}>
        <Form />
      </Create>
    ),
    edit: () => (
      <Edit mutationMode="pessimistic" redirect="list">
        <Form />
      </Edit>
    ),
    icon,
  };
}
