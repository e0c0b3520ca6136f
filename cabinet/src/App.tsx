import HomeWorkIcon from '@mui/icons-material/HomeWork';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupIcon from '@mui/icons-material/Group';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy, StrictMode, type ComponentType, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { Route } from 'react-router-dom';
import { ruRU } from '@mui/material/locale';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  AdminContext,
  AdminUI,
  CanAccess,
  CustomRoutes,
  localStorageStore,
  Notification,
  defaultTheme,
  Layout,
  Resource,
  type LayoutProps,
  type RaThemeOptions,
} from 'react-admin';
import { loadChunk } from '@estate/client';
import { Menu } from './Menu';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { LoginPage } from './LoginPage';
import { SwitchedOff } from './SwitchedOff';
import { ListLoading } from './ListLoading';

/**
 * Every screen is its own chunk, loaded on its first visit inside react-admin's layout (which
 * shows its loader meanwhile; a chunk gone after a new build reloads the page once, see
 * client/src/chunks.ts). react-admin's sign-in page (after «Выйти») comes with this file; a
 * signed-out visit gets the form without it (main.tsx).
 */
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await loadChunk(load)) }));
const publications = () => import('./publications');
const Dashboard = screen(
  () => import('./Dashboard'),
  (m) => m.Dashboard,
);
// «Нет доступа» and one's own profile (issue 40) come with the listings' chunk, as the funnel does:
// chunks of their own regrouped the shared parts and cost the dashboard's entry 1.5 kB
const NoAccess = screen(publications, (m) => m.default.noAccess);
/**
 * An owner's screen (staff.ts): anyone else gets «Нет доступа», and the screen (and its calls, which
 * the server would refuse with a red toast) never loads. canAccess goes by the screen's name alone.
 */
const ownerOnly = (name: string, Screen: ComponentType) => () => (
  <CanAccess resource={name} action="list" accessDenied={<NoAccess />}>
    <Screen />
  </CanAccess>
);
const WalletPage = ownerOnly(
  'wallet',
  screen(
    () => import('./agency/WalletPage'),
    (m) => m.WalletPage,
  ),
);
const ProfilePage = screen(publications, (m) => m.default.profile);
const ChatsPage = screen(
  () => import('./ChatsPage'),
  (m) => m.ChatsPage,
);

const AgencyEdit = screen(
  () => import('./agency/AgencyEdit'),
  (m) => m.AgencyEdit,
);
const PublicationList = screen(publications, (m) => m.default.list);
const PublicationShow = screen(publications, (m) => m.default.show);
const PublicationCreate = screen(publications, (m) => m.default.create);
const PublicationEdit = screen(publications, (m) => m.default.edit);
// the funnel (issue 19) comes with the listings' chunk (its texts and calls join when it loads)
const FunnelPage = screen(publications, (m) => m.default.funnel);
// a listing's history and the agency's audit trail (issue 19): a chunk of their own, loaded through the listings'
const ListingHistoryPage = screen(publications, (m) => m.default.history);
const AuditList = ownerOnly(
  'audit',
  screen(publications, (m) => m.default.audit),
);
const employees = () => import('./employees');
const EmployeeList = ownerOnly(
  'employees',
  screen(employees, (m) => m.default.list),
);
const invoices = () => import('./invoices');
const InvoiceList = ownerOnly(
  'invoices',
  screen(invoices, (m) => m.default.list),
);
const InvoiceCreate = ownerOnly(
  'invoices',
  screen(invoices, (m) => m.default.create),
);
const BookingList = screen(
  () => import('./bookings'),
  (m) => m.default.list,
);
// the moderators' back-office (issue 17): one chunk of its own, never from the dashboard's entry
const moderation = () => import('./moderation/screens');
const LeadList = screen(moderation, (m) => m.leads.list);
const LeadShow = screen(moderation, (m) => m.leads.show);
const ComplainedList = screen(moderation, (m) => m.complainedPublications.list);
const ModerationListingList = screen(moderation, (m) => m.moderationListings.list);
const ModerationListingShow = screen(moderation, (m) => m.moderationListings.show);
const ComplaintList = screen(moderation, (m) => m.complaints.list);
const RealtorRequestList = screen(moderation, (m) => m.realtorRequests.list);
const PostList = screen(moderation, (m) => m.posts.list);
const PostCreate = screen(moderation, (m) => m.posts.create);
const PostEdit = screen(moderation, (m) => m.posts.edit);
const CategoryList = screen(moderation, (m) => m.postCategories.list);
const CategoryCreate = screen(moderation, (m) => m.postCategories.create);
const CategoryEdit = screen(moderation, (m) => m.postCategories.edit);
const SlideList = screen(moderation, (m) => m.slides.list);
const SlideCreate = screen(moderation, (m) => m.slides.create);
const SlideEdit = screen(moderation, (m) => m.slides.edit);
const InvestmentList = screen(moderation, (m) => m.investments.list);
const InvestmentCreate = screen(moderation, (m) => m.investments.create);
const InvestmentEdit = screen(moderation, (m) => m.investments.edit);
const SettingsPage = screen(moderation, (m) => m.SettingsPage);

/**
 * react-admin's theme with MUI's own texts in Russian (the aria-labels of pagination, autocomplete
 * and alerts: «Навигация по страницам», «Открыть», «Очистить»): each component's defaults merged.
 */
const theme: RaThemeOptions = {
  ...defaultTheme,
  components: {
    ...Object.fromEntries(
      [
        ...new Set([...Object.keys(defaultTheme.components ?? {}), ...Object.keys(ruRU.components ?? {})]),
      ].map((name) => {
        const own = (defaultTheme.components as Record<string, { defaultProps?: object }> | undefined)?.[
          name
        ];
        const russian = (ruRU.components as Record<string, { defaultProps?: object }> | undefined)?.[name];
        return [name, { ...own, defaultProps: { ...own?.defaultProps, ...russian?.defaultProps } }];
      }),
    ),
    // every list's first loading (react-admin's theme props)
    RaList: { defaultProps: { loading: <ListLoading /> } },
  },
};

/**
 * react-admin's <Admin> is these two: used apart, the cabinet does not ship react-admin's English
 * messages, which <Admin> imports as its default.
 */
const store = localStorageStore();

/**
 * react-admin's notifications, at the top on a phone: at the bottom they stand over the form's
 * toolbar, which a phone keeps fixed there (a «Сохранить» could not be pressed while one showed).
 */
function CabinetNotification() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return <Notification anchorOrigin={{ vertical: phone ? 'top' : 'bottom', horizontal: 'center' }} />;
}

const CabinetLayout = (props: LayoutProps) => <Layout {...props} menu={Menu} />;

/** StrictMode's double rendering and effects only under `vite dev`. */
const Strict = ({ children }: { children: ReactNode }) =>
  import.meta.env.DEV ? <StrictMode>{children}</StrictMode> : <>{children}</>;

/** The cabinet itself (react-admin), rendered once someone of the staff is signed in (main.tsx). */
export function renderCabinet(root: Root) {
  root.render(
    <Strict>
      {/* requireAuth: nothing of the cabinet renders (and no protected call is made) until /api/profile says who is signed in */}
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
      >
        <AdminUI
          // the text, not its key: react-admin shows the default title untranslated (the not-found page)
          title={i18nProvider.translate('cabinet.title')}
          requireAuth
          loginPage={LoginPage}
          dashboard={Dashboard}
          disableTelemetry
          layout={CabinetLayout}
          notification={CabinetNotification}
          accessDenied={NoAccess}
        >
          <Resource
            name="publications"
            list={PublicationList}
            show={PublicationShow}
            create={PublicationCreate}
            edit={PublicationEdit}
            icon={HomeWorkIcon}
          />
          {/* the resources' names (the menu's items): resources.<name>.name in i18n/ru.ts */}
          <Resource name="bookings" list={BookingList} icon={EventAvailableIcon} />
          {/* read by the wallet page's list of operations, not a screen of its own */}
          <Resource name="wallet-operations" />
          <Resource name="invoices" list={InvoiceList} create={InvoiceCreate} icon={ReceiptLongIcon} />
          <Resource name="employees" list={EmployeeList} icon={GroupIcon} recordRepresentation="name" />
          <Resource name="audit" list={AuditList} />
          {/* the moderators' (role 99): their menu (moderation/ModeratorMenu.tsx, with their chunk) shows these */}
          <Resource name="leads" list={LeadList} show={LeadShow} />
          <Resource name="moderation-listings" list={ModerationListingList} show={ModerationListingShow} />
          <Resource name="complained-publications" list={ComplainedList} />
          <Resource name="complaints" list={ComplaintList} />
          <Resource name="realtor-requests" list={RealtorRequestList} />
          <Resource
            name="posts"
            list={PostList}
            create={PostCreate}
            edit={PostEdit}

            recordRepresentation="title"
          />
          <Resource
            name="post-categories"
            list={CategoryList}
            create={CategoryCreate}
            edit={CategoryEdit}

            recordRepresentation="name"
          />
          <Resource
            name="slides"
            list={SlideList}
            create={SlideCreate}
            edit={SlideEdit}

            recordRepresentation="title"
          />
          <Resource
            name="investments"
            list={InvestmentList}
            create={InvestmentCreate}
            edit={InvestmentEdit}

            recordRepresentation="title"
          />
          <Resource name="settings" />
          <CustomRoutes noLayout>
            <Route path="/switched-off" element={<SwitchedOff />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/wallet" element={<WalletPage />} />
            <Route path="/chats" element={<ChatsPage />} />
            <Route path="/history/:id" element={<ListingHistoryPage />} />
            <Route path="/funnel" element={<FunnelPage />} />
            <Route path="/funnel/:publicationId" element={<FunnelPage />} />
            <Route path="/my-agency" element={<AgencyEdit />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/settings" element={<SettingsPage />} />
          </CustomRoutes>
        </AdminUI>
      </AdminContext>
    </Strict>,
  );
}
