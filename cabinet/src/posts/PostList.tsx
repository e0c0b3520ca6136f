import { useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { messageKey } from '../i18n/translate';
import { dateTime } from '../moderation/format';
import { PublishButton } from '../moderation/PublishButton';
import { PublishedChip } from '../moderation/StatusChip';
import type { Post } from '../types';

export const CONTENT_STATUSES = [
  { id: 'published', name: messageKey('moderation.published') },
  { id: 'hidden', name: messageKey('moderation.hidden') },
];
const filters = [
  <TextInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={CONTENT_STATUSES} alwaysOn />,
];

export function PostList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      {phone ? (
        <SimpleList<Post>
          primaryText={(p) => p.title}
          secondaryText={(p) => p.path}
          tertiaryText={(p) => dateTime(p.updatedAt)}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" />
          <ReferenceField source="categoryId" reference="post-categories" link={false} emptyText="—">
            <TextField source="name" />
          </ReferenceField>
          <FunctionField<Post> source="status" render={() => <PublishedChip />} />
          <FunctionField<Post> source="updatedAt" render={(p) => dateTime(p.updatedAt)} />
          <PublishButton />
        </Datagrid>
      )}
    </List>
  );
}
