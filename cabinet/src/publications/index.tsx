import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { Create, Edit } from 'react-admin';
import { COMPLEX_DEALS } from './ComplexInput';
import { PublicationForm } from './PublicationForm';
import { PublicationList } from './PublicationList';
import { PublicationShow } from './PublicationShow';

/** a deal that stands in no complex sends none, whatever was picked before the deal changed */
const withoutStrayComplex = (data: { dealCategory?: string; residentialComplexId?: string | null }) =>
  COMPLEX_DEALS.has(data.dealCategory ?? '') ? data : { ...data, residentialComplexId: null };

const PublicationCreate = () => (
  <Create redirect="show" title="Новое объявление" transform={withoutStrayComplex}>
    <PublicationForm />
  </Create>
);
const PublicationEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={withoutStrayComplex}>
    <PublicationForm editing />
  </Edit>
);

export default {
  list: PublicationList,
  show: PublicationShow,
  create: PublicationCreate,
  edit: PublicationEdit,
  icon: HomeWorkIcon,
};
