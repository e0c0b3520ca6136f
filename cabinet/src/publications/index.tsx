import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { Create, Edit, ShowButton, TopToolbar } from 'react-admin';
import { addMessages } from '../i18n';
import { HistoryButton } from '../history/HistoryButton';
import { AuditList, ListingHistoryPage } from '../history/screens';
import { ALL_CHARACTERISTICS, characteristicsOf } from './choices';
import { COMPLEX_DEALS } from './ComplexInput';
import { PublicationForm } from './PublicationForm';
import { PublicationList } from './PublicationList';
import { PublicationShow } from './PublicationShow';
import { FunnelPage } from '../funnel/screens';
import { ProfilePage } from '../profile';
import { NoAccess } from '../NoAccess';
import { publicationMessages } from './ru';

// the listings' texts join the i18n when their chunk loads, before any of its screens renders
addMessages(publicationMessages);

type Sent = {
  dealCategory?: string;
  propertyType?: number;
  residentialComplexId?: string | null;
  address?: { fullAddress?: string; geo?: { lat: number; lon: number } | null };
  images?: { path: string }[];
};

/**
 * What is sent fits the deal and the property type, whatever was typed before they changed: the
 * characteristics the editor no longer shows go as «not told» (null), and a deal that stands in no
 * complex names none. The address goes as the form names it (its point, or null for the server to
 * find), the photos by their paths alone, in the order shown.
 */
const fittingDealAndType = (data: Sent) => {
  const fits = characteristicsOf(data.dealCategory, data.propertyType);
  const hidden = ALL_CHARACTERISTICS.filter((c) => !fits.has(c)).map((c) => [c, null] as const);
  return {
    ...data,
    ...Object.fromEntries(hidden),
    ...(COMPLEX_DEALS.has(data.dealCategory ?? '') ? {} : { residentialComplexId: null }),
    address: { fullAddress: data.address?.fullAddress ?? '', geo: data.address?.geo ?? null },
    images: (data.images ?? []).map(({ path }) => ({ path })),
  };
};

const PublicationCreate = () => (
  <Create redirect="show" title="resources.publications.page.create" transform={fittingDealAndType}>
    <PublicationForm />
  </Create>
);
/** the edit view's actions: the listing's page and its history (issue 19) */
const EditActions = () => (
  <TopToolbar>
    <HistoryButton />
    <ShowButton />
  </TopToolbar>
);
const PublicationEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={fittingDealAndType} actions={<EditActions />}>
    <PublicationForm editing />
  </Edit>
);

export default {
  list: PublicationList,
  show: PublicationShow,
  create: PublicationCreate,
  edit: PublicationEdit,
  icon: HomeWorkIcon,
  /** the listing's and the agency's funnel (issue 19): beside the listings, whose page opens it */
  funnel: FunnelPage,
  /**
   * a listing's history and the agency's audit trail (issue 19): they come with the listings' chunk,
   * as the funnel does (a chunk of their own regrouped the shared parts and cost the dashboard 0.5 kB)
   */
  history: ListingHistoryPage,
  audit: AuditList,
  /** one's own profile and «Нет доступа» (issue 40): here for the same reason */
  profile: ProfilePage,
  noAccess: NoAccess,
};
