import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { formatPrice } from '@estate/client';
import {
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { messageKey } from '../i18n/translate';
import { ContentImageInput } from '../moderation/ContentImageInput';
import { RichText } from '../moderation/LazyRichText';
import { PublishButton } from '../moderation/PublishButton';
import { PublishedChip } from '../moderation/StatusChip';
import type { Investment } from '../types';

const ARROWS = [
  { id: 'up', name: messageKey('resources.investments.arrows.up') },
  { id: 'down', name: messageKey('resources.investments.arrows.down') },
];

function InvestmentForm() {
  return (
    <SimpleForm defaultValues={{ position: 0, isPublished: false }}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="markerContent" />
      <TextInput source="address" fullWidth />
      <ContentImageInput source="imagePath" validate={required()} />
      <NumberInput source="purchasePrice" validate={required()} />
      <NumberInput source="marketValue" validate={required()} />
      <NumberInput source="realizedPrice" />
      <NumberInput source="realizationPeriod" validate={required()} />
      <NumberInput source="annualPercentage" validate={required()} />
      <SelectInput source="arrowDirection" choices={ARROWS} emptyText="resources.investments.arrows.auto" />
      <RichText source="description" />
      <NumberInput source="position" />
      <BooleanInput source="isPublished" />
    </SimpleForm>
  );
}

const InvestmentList = () => (
  <List sort={{ field: 'position', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="title" />
      <TextField source="address" />
      <FunctionField<Investment> source="purchasePrice" render={(i) => formatPrice(i.purchasePrice)} />
      <FunctionField<Investment> source="marketValue" render={(i) => formatPrice(i.marketValue)} />
      <FunctionField<Investment> source="status" render={() => <PublishedChip />} />
      <PublishButton />
    </Datagrid>
  </List>
);

/** The investment objects (moderators). */
export default {
  list: InvestmentList,
  create: () => (
    <Create redirect="list" title="resources.investments.page.create">
      <InvestmentForm />
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <InvestmentForm />
    </Edit>
  ),
  icon: TrendingUpIcon,
};
