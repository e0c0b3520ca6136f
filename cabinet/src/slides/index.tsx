import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import {
  BooleanInput,
  NumberField,
  NumberInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { ContentImageInput } from '../moderation/ContentImageInput';
import { orderedResource } from '../moderation/orderedResource';

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

/** The home page's slides (moderators). */
export default orderedResource({
  Form: SlideForm,
  columns: [<TextField key="title" source="title" />, <NumberField key="position" source="position" />],
  createTitle: 'resources.slides.page.create',
  icon: ViewCarouselIcon,
});
