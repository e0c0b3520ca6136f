import { Box, CircularProgress } from '@mui/material';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, redirect, type Params, type RouteObject } from 'react-router';
import { loadChunk } from '@estate/client';
import { AccountGuard, AccountRoot } from '../account/AccountGuard';
import type { DealCategory } from '../api/types';
import { ErrorPage } from '../errors/ErrorPage';
import { Layout } from '../layout/Layout';
import type { ApiCall } from './call';

// The prefetches' queries by dynamic import: only the server runs a prefetch, and in the browser
// each page's chunk brings its own queries, so the first file carries none of the pages' modules
// (the catalogue's queries import its filters' constants, and with them the search bar's components).
const catalogueQueries = () => import('../catalogue/queries');
const contentQueries = () => import('../content/queries');
const publicationQueries = () => import('../publication/queries');

/** What a route's prefetch gets: the request's client, its address's parameters and query, and how to ask the API. */
export type PrefetchArgs = {
  queryClient: QueryClient;
  params: Params;
  search: URLSearchParams;
  call: ApiCall;
};

/**
 * A route's extras (React Router's `handle`): `prefetch` fills the query client with the page's
 * public data (on the server before rendering; the same queryOptions as the page's useQuery), and
 * `preload` loads the page's chunk (before rendering on the server, before hydrating in the browser,
 * so the server's HTML is kept as it is).
 */
export type RouteHandle = {
  prefetch?: (args: PrefetchArgs) => Promise<unknown>;
  preload?: () => Promise<unknown>;
  /**
   * the page's modules (paths under web/, as the build's manifest names them): the server sends a
   * modulepreload link for each one's chunks, so they come with the first file, not after it
   */
  modules?: string[];
};

type LazyPage<P> = ComponentType<P> & { preload(): Promise<unknown>; module: string };

/**
 * Every page is its own chunk, loaded on the first visit to it; a spinner stands in the page's
 * place meanwhile. Once preloaded (the server, the browser before hydrating) the page renders at
 * once. `module` is the page's file (under web/), whose chunk the server's page names in a
 * modulepreload link (services/src/site/render.ts).
 */
function lazyPage<P extends object>(module: string, load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= loadChunk(load).then((page) => {
      loaded = page;
      return page;
    }));
  const Page = lazy(async () => ({ default: await preload() }));
  function LazyPage(props: P) {
    const Shown = loaded ?? Page;
    return (
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
            <CircularProgress aria-label="Загрузка страницы" />
          </Box>
        }
      >
        <Shown {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload, module });
}

/** The handle's part that loads a route's lazy pages: preload them, and name their modules. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pagesOf = (...pages: LazyPage<any>[]) =>
  ({
    preload: () => Promise.all(pages.map((page) => page.preload())),
    modules: pages.map((page) => page.module),
  }) satisfies RouteHandle;

const PublicationPage = lazyPage('src/publication/PublicationPage.tsx', () =>
  import('../publication/PublicationPage').then((m) => m.PublicationPage),
);
const ConfirmEmailPage = lazyPage('src/account/ConfirmEmailPage.tsx', () =>
  import('../account/ConfirmEmailPage').then((m) => m.ConfirmEmailPage),
);
const FavouritesPage = lazyPage('src/account/FavouritesPage.tsx', () =>
  import('../account/FavouritesPage').then((m) => m.FavouritesPage),
);
const MyBookingsPage = lazyPage('src/booking/MyBookingsPage.tsx', () =>
  import('../booking/MyBookingsPage').then((m) => m.MyBookingsPage),
);
const GuestBookingPage = lazyPage('src/booking/GuestBookingPage.tsx', () =>
  import('../booking/GuestBookingPage').then((m) => m.GuestBookingPage),
);
const MainInfoPage = lazyPage('src/account/MainInfoPage.tsx', () =>
  import('../account/MainInfoPage').then((m) => m.MainInfoPage),
);
const PremiumPage = lazyPage('src/account/PremiumPage.tsx', () =>
  import('../account/PremiumPage').then((m) => m.PremiumPage),
);
const RealtorRequestPage = lazyPage('src/account/RealtorRequestPage.tsx', () =>
  import('../account/RealtorRequestPage').then((m) => m.RealtorRequestPage),
);
const ChatPage = lazyPage('src/chat/ChatPage.tsx', () => import('../chat/ChatPage').then((m) => m.ChatPage));
const BlogPage = lazyPage('src/content/BlogPage.tsx', () =>
  import('../content/BlogPage').then((m) => m.BlogPage),
);
const InvestmentsPage = lazyPage('src/content/InvestmentsPage.tsx', () =>
  import('../content/InvestmentsPage').then((m) => m.InvestmentsPage),
);
const InvestmentPage = lazyPage('src/content/InvestmentsPage.tsx', () =>
  import('../content/InvestmentsPage').then((m) => m.InvestmentPage),
);
const FlatBasePage = lazyPage('src/content/FlatBasePage.tsx', () =>
  import('../content/FlatBasePage').then((m) => m.FlatBasePage),
);
const ProfilePage = lazyPage('src/account/profile/ProfilePage.tsx', () =>
  import('../account/profile/ProfilePage').then((m) => m.ProfilePage),
);
const NewBuildingsPage = lazyPage('src/newBuildings/NewBuildingsPage.tsx', () =>
  import('../newBuildings/NewBuildingsPage').then((m) => m.NewBuildingsPage),
);
const ComplexPage = lazyPage('src/newBuildings/ComplexPage.tsx', () =>
  import('../newBuildings/ComplexPage').then((m) => m.ComplexPage),
);
const ComplexListRedirect = lazyPage('src/newBuildings/ComplexPage.tsx', () =>
  import('../newBuildings/ComplexPage').then((m) => m.ComplexListRedirect),
);
const HomePage = lazyPage('src/home/HomePage.tsx', () => import('../home/HomePage').then((m) => m.HomePage));
const CataloguePage = lazyPage('src/catalogue/CataloguePage.tsx', () =>
  import('../catalogue/CataloguePage').then((m) => m.CataloguePage),
);
const ComplexPublicationPage = lazyPage('src/newBuildings/ComplexPublicationPage.tsx', () =>
  import('../newBuildings/ComplexPublicationPage').then((m) => m.ComplexPublicationPage),
);

/** The catalogue's first page of the address's filters (the map asks for its own area in the browser). */
const cataloguePrefetch =
  (deal: DealCategory): RouteHandle['prefetch'] =>
  async ({ queryClient, params, search, call }) => {
    const { catalogueQuery, filtersFrom, landingQuery, pageFrom, requestFrom } = await catalogueQueries();
    let locationId: string | null = null;
    if (params.city) {
      const landing = await queryClient.fetchQuery(
        landingQuery(deal, params.city, params.district ?? null, call),
      );
      if (!landing) return;
      locationId = landing.locationId;
    }
    if (search.get('view') === 'map') return;
    await queryClient.prefetchQuery(
      catalogueQuery(requestFrom(deal, filtersFrom(search), pageFrom(search), null, locationId), call),
    );
  };

const listing: RouteHandle = {
  ...pagesOf(PublicationPage),
  prefetch: async ({ queryClient, params, call }) => {
    const { publicationQuery } = await publicationQueries();
    await queryClient.prefetchQuery(publicationQuery(params.id ?? '', call));
  },
};

/** A deal's catalogue, its listings and its landing pages by city and district (docs/decisions.md). */
function dealRoutes(path: string, deal: DealCategory): RouteObject[] {
  const catalogue = { ...pagesOf(CataloguePage), prefetch: cataloguePrefetch(deal) } satisfies RouteHandle;
  const landing = () => <CataloguePage key={deal} deal={deal} />;
  return [
    { path, element: <CataloguePage key={deal} deal={deal} />, handle: catalogue },
    { path: `${path}/:id`, element: <PublicationPage />, handle: listing },
    { path: `${path}/gorod/:city`, element: landing(), handle: catalogue },
    { path: `${path}/gorod/:city/rayon/:district`, element: landing(), handle: catalogue },
  ];
}

const blog: RouteHandle = {
  ...pagesOf(BlogPage),
  prefetch: async ({ queryClient, params, call }) => {
    const { blogEntryQuery, postCategoriesQuery, postsQuery } = await contentQueries();
    const categories = queryClient.prefetchQuery(postCategoriesQuery(call));
    const { parent, child } = params;
    const page = parent
      ? queryClient.prefetchQuery(blogEntryQuery(child ?? parent, Boolean(child), call))
      : queryClient.prefetchQuery(postsQuery(call));
    await Promise.all([categories, page]);
  },
};

/**
 * The site's one route table: the browser's router (createBrowserRouter) and the server's
 * (createStaticHandler) are made from it. A page with public data names its prefetch here.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: <HomePage />,
        handle: {
          ...pagesOf(HomePage),
          prefetch: async ({ queryClient, call }) =>
            (await import('../home/queries')).homePrefetch(queryClient, call),
        } satisfies RouteHandle,
      },
      ...dealRoutes('/prodazha', 'sale'),
      ...dealRoutes('/rent', 'rent'),
      ...dealRoutes('/daily-rent', 'dailyRent'),
      // the new buildings' pages ask for their data in the browser (skeletons in the server's HTML)
      {
        path: '/new-buildings',
        element: <NewBuildingsPage />,
        handle: pagesOf(NewBuildingsPage),
      },
      { path: '/new-buildings/publication-list', element: <ComplexListRedirect /> },
      {
        path: '/new-buildings/:complexId',
        element: <ComplexPage />,
        handle: pagesOf(ComplexPage),
      },
      { path: '/new-buildings/:complexId/publication-list', element: <ComplexListRedirect /> },
      {
        path: '/new-buildings/:complexId/:id',
        element: <ComplexPublicationPage />,
        handle: {
          ...pagesOf(ComplexPublicationPage, PublicationPage),
          prefetch: listing.prefetch,
        } satisfies RouteHandle,
      },
      { path: '/baza-kvartir', element: <FlatBasePage />, handle: pagesOf(FlatBasePage) },
      { path: '/blog', element: <BlogPage />, handle: blog },
      { path: '/blog/:parent', element: <BlogPage />, handle: blog },
      { path: '/blog/:parent/:child', element: <BlogPage />, handle: blog },
      {
        path: '/investments',
        element: <InvestmentsPage />,
        handle: {
          ...pagesOf(InvestmentsPage),
          prefetch: async ({ queryClient, call }) => {
            const { investmentsQuery, investmentStatisticsQuery } = await contentQueries();
            await Promise.all([
              queryClient.prefetchQuery(investmentsQuery(call)),
              queryClient.prefetchQuery(investmentStatisticsQuery(call)),
            ]);
          },
        } satisfies RouteHandle,
      },
      {
        path: '/investments/:id',
        element: <InvestmentPage />,
        handle: {
          ...pagesOf(InvestmentPage),
          prefetch: async ({ queryClient, params, call }) => {
            const { investmentQuery } = await contentQueries();
            await queryClient.prefetchQuery(investmentQuery(params.id ?? '', call));
          },
        } satisfies RouteHandle,
      },
      {
        path: '/booking/:requestId',
        element: <GuestBookingPage />,
        handle: pagesOf(GuestBookingPage),
      },
      { path: '/catalog', loader: () => redirect('/prodazha') },
      {
        path: '/catalog/:id',
        loader: ({ params }) => redirect(`/prodazha/${encodeURIComponent(params.id ?? '')}`),
      },
      {
        path: '/confirmation-email',
        element: <ConfirmEmailPage />,
        handle: pagesOf(ConfirmEmailPage),
      },
      // product.md names the confirmation page /confirmation-email; letters sent before it moved
      // link to /confirm-email, which keeps working by passing its query on
      {
        path: '/confirm-email',
        loader: ({ request }) => redirect(`/confirmation-email${new URL(request.url).search}`),
      },
      { path: '/chat', element: <ChatPage />, handle: pagesOf(ChatPage) },
      { path: '/izbrannie', element: <FavouritesPage />, handle: pagesOf(FavouritesPage) },
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
          { path: 'saved-searches', lazy: () => import('../savedSearches/route').then((m) => m.route) },
        ],
      },
      { path: '*', element: <ErrorPage code={404} /> },
    ],
  },
];

/** The handles of the routes an address matched, outermost first. */
export const handlesOf = (matches: { route: { handle?: unknown } }[]) =>
  matches.map((m) => (m.route.handle ?? {}) as RouteHandle);
