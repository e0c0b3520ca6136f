import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Layout, Resource, type LayoutProps } from 'react-admin';
import { AgencyProfilePage } from './agency/AgencyProfilePage';
import { EmployeesPage } from './agency/EmployeesPage';
import { WalletPage } from './agency/WalletPage';
import { Menu } from './Menu';
import { authProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { LoginPage } from './LoginPage';
import bookings from './bookings';
import publications from './publications';

const CabinetLayout = (props: LayoutProps) => <Layout {...props} menu={Menu} />;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin
      title="Кабинет агентства"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      disableTelemetry
      layout={CabinetLayout}
    >
      <Resource name="publications" {...publications} options={{ label: 'Мои объявления' }} />
      <Resource name="bookings" {...bookings} options={{ label: 'Посуточная аренда' }} />
      <CustomRoutes>
        <Route path="/wallet" element={<WalletPage />} />
        <Route path="/staff" element={<EmployeesPage />} />
        <Route path="/my-agency" element={<AgencyProfilePage />} />
      </CustomRoutes>
    </Admin>
  </StrictMode>,
);
