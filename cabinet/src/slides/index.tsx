import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import {
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { ContentImageInput } from '../moderation/ContentImageInput';
import { PublishButton } from '../moderation/PublishButton';
import { PublishedChip } from '../moderation/StatusChip';
import type { Slide } from '../types';

const colour = (value: string) =>
  value && !/^#[0-9a-fA-F]{6}$/.test(value) ? 'resources.slides.badColour' : undefined;

function SlideForm() {
  return (
    <SimpleForm
      defaultValues={{ position: 0, isPublished: false, buttonColor: '#1976d2', fontColor: '#ffffff' }}
    >
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="subtitle" multiline fullWidth />
      <TextInput source="buttonTitle" />
      <TextInput source="link" helperText="resources.slides.linkHint" fullWidth />
      <TextInput source="buttonColor" validate={colour} />
      <TextInput source="fontColor" validate={colour} />
      <ContentImageInput source="backgroundImagePath" validate={required()} />
      <NumberInput source="position" />
      <BooleanInput source="isPublished" />
    </SimpleForm>
  );
}

const SlideList = () => (
  <List sort={{ field: 'position', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="title" />
      <NumberField source="position" />
      <FunctionField<Slide> source="status" render={() => <PublishedChip />} />
      <PublishButton />
    </Datagrid>
  </List>
);

/** The home page's slides (moderators). */
export default {
  list: SlideList,
  create: () => (
    <Create redirect="list" title="resources.slides.page.create">
      <SlideForm />
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <SlideForm />
    </Edit>
  ),
  icon: ViewCarouselIcon,
};
