import {
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { messageKey } from '../i18n/translate';
import { ContentImageInput } from '../moderation/ContentImageInput';
import { RichText } from '../moderation/LazyRichText';

const KINDS = [
  { id: 'article', name: messageKey('resources.posts.kinds.article') },
  { id: 'page', name: messageKey('resources.posts.kinds.page') },
];

/** A blog post or a page: the text in the rich-text editor, the cover uploaded, the rubric, published or not. */
export function PostForm() {
  return (
    <SimpleForm defaultValues={{ kind: 'article', isPublished: false }}>
      <TextInput source="title" validate={required()} fullWidth />
      <SelectInput source="kind" choices={KINDS} validate={required()} />
      <ReferenceInput source="categoryId" reference="post-categories" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText="name" fullWidth />
      </ReferenceInput>
      <TextInput source="slug" helperText="resources.posts.slugHint" fullWidth />
      <ContentImageInput source="imagePath" />
      <RichText source="description" validate={required()} />
      <TextInput source="descriptionMeta" multiline fullWidth helperText="resources.posts.metaHint" />
      <BooleanInput source="isPublished" />
    </SimpleForm>
  );
}
