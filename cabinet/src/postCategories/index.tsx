import FolderIcon from '@mui/icons-material/Folder';
import {
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { ContentImageInput } from '../moderation/ContentImageInput';
import { PublishButton } from '../moderation/PublishButton';
import { PublishedChip } from '../moderation/StatusChip';
import type { PostCategory } from '../types';

function CategoryForm() {
  return (
    <SimpleForm defaultValues={{ position: 0, isPublished: false }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="slug" helperText="resources.posts.slugHint" fullWidth />
      <TextInput source="description" multiline fullWidth />
      <ReferenceInput source="parentId" reference="post-categories" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" emptyText="resources.post-categories.noParent" />
      </ReferenceInput>
      <NumberInput source="position" />
      <ContentImageInput source="imagePath" />
      <BooleanInput source="isPublished" />
    </SimpleForm>
  );
}

const CategoryList = () => (
  <List sort={{ field: 'position', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="slug" />
      <NumberField source="position" />
      <FunctionField<PostCategory> source="status" render={() => <PublishedChip />} />
      <PublishButton />
    </Datagrid>
  </List>
);

/** The blog's rubrics (moderators). */
export default {
  list: CategoryList,
  create: () => (
    <Create redirect="list" title="resources.post-categories.page.create">
      <CategoryForm />
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <CategoryForm />
    </Edit>
  ),
  icon: FolderIcon,
};
