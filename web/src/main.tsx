import { Box, CircularProgress, createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { ruRU } from '@mui/material/locale';
import { lazy, StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider, useLocation, useParams } from 'react-router';
import { loadChunk } from '@estate/client';
import { AccountGuard, AccountRoot } from './account/AccountGuard';
import { createQueryClient } from './app/queryClient';
import { SessionProvider } from './auth/session';
import { CataloguePage } from './catalogue/CataloguePage';
import { ErrorPage } from './errors/ErrorPage';
import { HomePage } from './home/HomePage';
import { Layout } from './layout/Layout';

/**
 * Every page but the catalogue (where most visits start, so it comes with the first file) is its
 * own chunk, loaded on the first visit to it; a spinner stands in the page's place meanwhile.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await loadChunk(load) }));
  return function LazyPage(props: P) {
    return (
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
            <CircularProgress aria-label="Загрузка страницы" />
          </Box>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}
const PublicationPage = lazyPage(() =>
  import('./publication/PublicationPage').then((m) => m.PublicationPage),
);
const ConfirmEmailPage = lazyPage(() => import('./account/ConfirmEmailPage').then((m) => m.ConfirmEmailPage));
const FavouritesPage = lazyPage(() => import('./account/FavouritesPage').then((m) => m.FavouritesPage));
const MyBookingsPage = lazyPage(() => import('./booking/MyBookingsPage').then((m) => m.MyBookingsPage));
const GuestBookingPage = lazyPage(() => import('./booking/GuestBookingPage').then((m) => m.GuestBookingPage));
const MainInfoPage = lazyPage(() => import('./account/MainInfoPage').then((m) => m.MainInfoPage));
const PremiumPage = lazyPage(() => import('./account/PremiumPage').then((m) => m.PremiumPage));
const RealtorRequestPage = lazyPage(() =>
  import('./account/RealtorRequestPage').then((m) => m.RealtorRequestPage),
);
const ChatPage = lazyPage(() => import('./chat/ChatPage').then((m) => m.ChatPage));
const BlogPage = lazyPage(() => import('./content/BlogPage').then((m) => m.BlogPage));
const InvestmentsPage = lazyPage(() => import('./content/InvestmentsPage').then((m) => m.InvestmentsPage));
const InvestmentPage = lazyPage(() => import('./content/InvestmentsPage').then((m) => m.InvestmentPage));
const FlatBasePage = lazyPage(() => import('./content/FlatBasePage').then((m) => m.FlatBasePage));
const ProfilePage = lazyPage(() => import('./account/profile/ProfilePage').then((m) => m.ProfilePage));
const NewBuildingsPage = lazyPage(() =>
  import('./newBuildings/NewBuildingsPage').then((m) => m.NewBuildingsPage),
);
const ComplexPage = lazyPage(() => import('./newBuildings/ComplexPage').then((m) => m.ComplexPage));
const ComplexListRedirect = lazyPage(() =>
  import('./newBuildings/ComplexPage').then((m) => m.ComplexListRedirect),
);
const ComplexPublicationPage = lazyPage(() =>
  import('./newBuildings/ComplexPublicationPage').then((m) => m.ComplexPublicationPage),
);

/** StrictMode's double rendering and effects (every search fetched twice) only under `vite dev`. */
const Strict = ({ children }: { children: ReactNode }) =>
  import.meta.env.DEV ? <StrictMode>{children}</StrictMode> : <>{children}</>;

const theme = createTheme(
  {
    palette: {
      primary: { main: '#0468ff' },
      secondary: { main: '#ff6d00' },
      background: { default: '#f6f7f9' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
  },
  ruRU,
); // MUI's own texts (aria-labels of pagination, autocomplete, alerts) in Russian

function CatalogRedirect() {
  const { id } = useParams();
  return <Navigate to={id ? `/prodazha/${id}` : '/prodazha'} replace />;
}

/**
 * product.md names the confirmation page /confirmation-email; letters sent before it moved link to
 * /confirm-email, which keeps working by passing its query on.
 */
function ConfirmEmailRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/confirmation-email${search}`} replace />;
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/prodazha', element: <CataloguePage key="sale" deal="sale" /> },
      { path: '/prodazha/:id', element: <PublicationPage /> },
      { path: '/rent', element: <CataloguePage key="rent" deal="rent" /> },
      { path: '/rent/:id', element: <PublicationPage /> },
      { path: '/daily-rent', element: <CataloguePage key="dailyRent" deal="dailyRent" /> },
      { path: '/daily-rent/:id', element: <PublicationPage /> },
      { path: '/new-buildings', element: <NewBuildingsPage /> },
      { path: '/new-buildings/publication-list', element: <ComplexListRedirect /> },
      { path: '/new-buildings/:complexId', element: <ComplexPage /> },
      { path: '/new-buildings/:complexId/publication-list', element: <ComplexListRedirect /> },
      { path: '/new-buildings/:complexId/:id', element: <ComplexPublicationPage /> },
      { path: '/baza-kvartir', element: <FlatBasePage /> },
      { path: '/blog', element: <BlogPage /> },
      { path: '/blog/:parent', element: <BlogPage /> },
      { path: '/blog/:parent/:child', element: <BlogPage /> },
      { path: '/investments', element: <InvestmentsPage /> },
      { path: '/investments/:id', element: <InvestmentPage /> },
      { path: '/booking/:requestId', element: <GuestBookingPage /> },
      { path: '/catalog', element: <CatalogRedirect /> },
      { path: '/catalog/:id', element: <CatalogRedirect /> },
      { path: '/confirmation-email', element: <ConfirmEmailPage /> },
      { path: '/confirm-email', element: <ConfirmEmailRedirect /> },
      { path: '/chat', element: <ChatPage /> },
      { path: '/izbrannie', element: <FavouritesPage /> },
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
          { path: 'saved-searches', lazy: () => import('./savedSearches/route').then((m) => m.route) },
        ],
      },
      { path: '*', element: <ErrorPage code={404} /> },
    ],
  },
]);

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <Strict>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  </Strict>,
);
