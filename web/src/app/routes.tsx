import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { Navigate, redirect, type Params, type RouteObject } from 'react-router';
import { agencyAccountRoutes } from '../account/cabinetScreens';
import type { DealCategory } from '../api/types';
import { ErrorPage } from '../errors/ErrorPage';
import { Layout } from '../layout/Layout';
import type { ApiCall } from './call';
import type { ChosenPlace } from '../place/store';
import type { Landing } from '../catalogue/queries';
import { PageSkeleton } from '../layout/PageSkeleton';
import { preloadable } from './lazyPart';

// The prefetches' queries by dynamic import: only the server runs a prefetch, and in the browser
// each page's chunk brings its own queries, so the first file carries none of the pages' modules
// (the catalogue's queries import its filters' constants, and with them the search bar's components).
const catalogueQueries = () => import('../catalogue/queries');
const contentQueries = () => import('../content/queries');
const publicationQueries = () => import('../publication/queries');
const newBuildingQueries = () => import('../newBuildings/queries');

/** What a route's prefetch gets: the request's client, its address's parameters and query, and how to ask the API. */
export type PrefetchArgs = {
  queryClient: QueryClient;
  params: Params;
  search: URLSearchParams;
  call: ApiCall;
  /** the visitor's place the page is rendered for (null: not known) */
  place: ChosenPlace | null;
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
  const Page = preloadable(load);
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<PageSkeleton label="Загрузка страницы" />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload: Page.preload, module });
}

/** The handle's part that loads a route's lazy pages: preload them, and name their modules. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pagesOf = (...pages: LazyPage<any>[]) =>
  ({
    preload: () => Promise.all(pages.map((page) => page.preload())),
    modules: pages.map((page) => page.module),
  }) satisfies RouteHandle;

// the account's frame (its menu) and its root's redirect: a signed-in visitor's, never a first page's
const AccountGuard = lazyPage('src/account/AccountGuard.tsx', () =>
  import('../account/AccountGuard').then((m) => m.AccountGuard),
);
const AccountRoot = lazyPage('src/account/AccountGuard.tsx', () =>
  import('../account/AccountGuard').then((m) => m.AccountRoot),
);
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
/**
 * `/new-buildings/{id}/publication-list` is the complex's page at its listings (docs/decisions.md):
 * a redirect, on the server an HTTP one, the query kept.
 */
const toComplexListings = ({ params, request }: { params: Params; request: Request }) =>
  redirect(
    `/new-buildings${params.complexId ? `/${encodeURIComponent(params.complexId)}` : ''}${new URL(request.url).search}#listings`,
    301,
  );
const ComplexPage = lazyPage('src/newBuildings/ComplexPage.tsx', () =>
  import('../newBuildings/ComplexPage').then((m) => m.ComplexPage),
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
  async ({ queryClient, params, search, call, place }) => {
    const {
      catalogueQuery,
      filterLabelsPrefetch,
      filtersFrom,
      landingPart,
      landingQuery,
      pageFrom,
      pageSizeFrom,
      requestFrom,
    } = await catalogueQueries();
    let locationId: string | null = null;
    let near: Landing['near'] = null;
    if (params.city) {
      const landing = await queryClient.fetchQuery(
        landingQuery(deal, params.city, landingPart(params), call),
      );
      if (!landing) return;
      locationId = landing.locationId;
      near = landing.near;
    }
    const filters = filtersFrom(search);
    await Promise.all([
      filterLabelsPrefetch(queryClient, deal, filters, call),
      search.get('view') === 'map'
        ? null
        : queryClient.prefetchQuery(
            catalogueQuery(
              requestFrom(deal, filters, pageFrom(search), place, locationId, near, pageSizeFrom(search)),
              call,
            ),
          ),
    ]);
  };

const listing: RouteHandle = {
  ...pagesOf(PublicationPage),
  prefetch: async ({ queryClient, params, call }) => {
    const { publicationQuery } = await publicationQueries();
    await queryClient.prefetchQuery(publicationQuery(params.id ?? '', call));
  },
};
/** a daily-rent listing: its booking form's code too, before the server renders and the browser hydrates */
const dailyListing: RouteHandle = {
  ...listing,
  preload: () =>
    Promise.all([
      PublicationPage.preload(),
      import('../publication/PublicationPage').then((m) => m.preloadReserveCard()),
    ]),
};

/** A deal's catalogue, its listings and its landing pages by city, district and metro station (docs/decisions.md). */
function dealRoutes(path: string, deal: DealCategory): RouteObject[] {
  const catalogue = { ...pagesOf(CataloguePage), prefetch: cataloguePrefetch(deal) } satisfies RouteHandle;
  const landing = () => <CataloguePage key={deal} deal={deal} />;
  return [
    { path, element: <CataloguePage key={deal} deal={deal} />, handle: catalogue },
    {
      path: `${path}/:id`,
      element: <PublicationPage />,
      handle: deal === 'dailyRent' ? dailyListing : listing,
    },
    { path: `${path}/gorod/:city`, element: landing(), handle: catalogue },
    { path: `${path}/gorod/:city/rayon/:district`, element: landing(), handle: catalogue },
    { path: `${path}/gorod/:city/metro/:station`, element: landing(), handle: catalogue },
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
      {
        path: '/new-buildings',
        element: <NewBuildingsPage />,
        handle: {
          ...pagesOf(NewBuildingsPage),
          prefetch: async ({ queryClient, params, search, call, place }) =>
            (await newBuildingQueries()).newBuildingsPrefetch(queryClient, params, search, call, place),
        } satisfies RouteHandle,
      },
      { path: '/new-buildings/publication-list', loader: toComplexListings },
      {
        path: '/new-buildings/:complexId',
        element: <ComplexPage />,
        handle: {
          ...pagesOf(ComplexPage),
          prefetch: async ({ queryClient, params, search, call }) =>
            (await newBuildingQueries()).complexPrefetch(queryClient, params, search, call),
        } satisfies RouteHandle,
      },
      { path: '/new-buildings/:complexId/publication-list', loader: toComplexListings },
      {
        path: '/new-buildings/:complexId/:id',
        element: <ComplexPublicationPage />,
        handle: {
          ...pagesOf(ComplexPublicationPage, PublicationPage),
          prefetch: (args) =>
            Promise.all([
              listing.prefetch?.(args),
              newBuildingQueries().then((q) =>
                q.complexPublicationPrefetch(args.queryClient, args.params, args.call),
              ),
            ]),
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
      ...agencyAccountRoutes,
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
