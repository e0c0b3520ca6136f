import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { LoginPage } from './LoginPage';
import bookings from './bookings';
import publications from './publications';

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
    >
      <Resource name="publications" {...publications} options={{ label: 'Мои объявления' }} />
      <Resource name="bookings" {...bookings} options={{ label: 'Посуточная аренда' }} />
    </Admin>
  </StrictMode>,
);
