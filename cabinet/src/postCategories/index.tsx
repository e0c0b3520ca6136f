import FolderIcon from '@mui/icons-material/Folder';
import {
  BooleanInput,
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
import { orderedResource } from '../moderation/orderedResource';

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

/** The blog's rubrics (moderators). */
export default orderedResource({
  Form: CategoryForm,
  columns: [
    <TextField key="name" source="name" />,
    <TextField key="slug" source="slug" />,
    <NumberField key="position" source="position" />,
  ],
  createTitle: 'resources.post-categories.page.create',
  icon: FolderIcon,
});
