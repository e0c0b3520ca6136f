import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { createElement } from 'react';
import { Create, Edit } from 'react-admin';
import { PublicationForm } from './PublicationForm';
import { PublicationList } from './PublicationList';
import { PublicationShow } from './PublicationShow';

const PublicationCreate = () =>
  createElement(Create, { redirect: 'show', title: 'Новое объявление' }, createElement(PublicationForm));
const PublicationEdit = () =>
  createElement(
    Edit,
    { mutationMode: 'pessimistic', redirect: 'show' },
    createElement(PublicationForm, { editing: true }),
  );

export default {
  list: PublicationList,
  show: PublicationShow,
  create: PublicationCreate,
  edit: PublicationEdit,
  icon: HomeWorkIcon,
};
