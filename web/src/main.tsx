import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider, useParams } from 'react-router';
import { AccountGuard, AccountRoot } from './account/AccountGuard';
import { ConfirmEmailPage } from './account/ConfirmEmailPage';
import { FavouritesPage } from './account/FavouritesPage';
import { MyBookingsPage } from './booking/MyBookingsPage';
import { MainInfoPage } from './account/MainInfoPage';
import { PremiumPage } from './account/PremiumPage';
import { RealtorRequestPage } from './account/RealtorRequestPage';
import { ProfilePage } from './account/ProfilePage';
import { SessionProvider } from './auth/session';
import { CataloguePage } from './catalogue/CataloguePage';
import { ErrorPage } from './errors/ErrorPage';
import { Layout } from './layout/Layout';
import { ListingPage } from './listing/ListingPage';

const theme = createTheme({
  palette: { primary: { main: '#0468ff' }, secondary: { main: '#ff6d00' }, background: { default: '#f6f7f9' } },
  shape: { borderRadius: 8 },
  typography: { fontFamily: '"Inter", "Segoe UI", Roboto, Arial, sans-serif', button: { textTransform: 'none', fontWeight: 600 } },
});

function CatalogRedirect() {
  const { id } = useParams();
  return <Navigate to={id ? `/prodazha/${id}` : '/prodazha'} replace />;
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to="/prodazha" replace /> },
      { path: '/prodazha', element: <CataloguePage key="sale" deal="sale" /> },
      { path: '/prodazha/:id', element: <ListingPage /> },
      { path: '/rent', element: <CataloguePage key="rent" deal="rent" /> },
      { path: '/rent/:id', element: <ListingPage /> },
      { path: '/daily-rent', element: <CataloguePage key="dailyRent" deal="dailyRent" /> },
      { path: '/daily-rent/:id', element: <ListingPage /> },
      { path: '/catalog', element: <CatalogRedirect /> },
      { path: '/catalog/:id', element: <CatalogRedirect /> },
      { path: '/confirm-email', element: <ConfirmEmailPage /> },
      { path: '/account', element: <AccountRoot /> },
      {
        path: '/account/user',
        element: <AccountGuard />,
        children: [
          { index: true, element: <Navigate to="/account/user/main-info" replace /> },
          { path: 'main-info', element: <MainInfoPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'favourites', element: <FavouritesPage /> },
          { path: 'daily-rent', element: <MyBookingsPage /> },
          { path: 'realtor-request', element: <RealtorRequestPage /> },
          { path: 'premium-sub', element: <PremiumPage /> },
        ],
      },
      { path: '*', element: <ErrorPage code={404} /> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ThemeProvider>
  </StrictMode>,
);
