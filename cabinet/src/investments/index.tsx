import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { formatPrice } from '@estate/client';
import {
  BooleanInput,
  FunctionField,
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
import { orderedResource } from '../moderation/orderedResource';
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

/** The investment objects (moderators). */
export default orderedResource({
  Form: InvestmentForm,
  columns: [
    <TextField key="title" source="title" />,
    <TextField key="address" source="address" />,
    <FunctionField<Investment>
      key="purchasePrice"
      source="purchasePrice"
      render={(i) => formatPrice(i.purchasePrice)}
    />,
    <FunctionField<Investment>
      key="marketValue"
      source="marketValue"
      render={(i) => formatPrice(i.marketValue)}
    />,
  ],
  createTitle: 'resources.investments.page.create',
  icon: TrendingUpIcon,
});
