import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, redirect, type Params, type RouteObject } from 'react-router';
import { loadChunk } from '@estate/client';
import { AccountGuard, AccountRoot } from '../account/AccountGuard';
import type { DealCategory } from '../api/types';
import { CataloguePage } from '../catalogue/CataloguePage';
import {
  catalogueQuery,
  filterLabelsPrefetch,
  filtersFrom,
  landingPart,
  landingQuery,
  pageFrom,
  requestFrom,
  type Landing,
} from '../catalogue/queries';
import {
  blogEntryQuery,
  investmentQuery,
  investmentsQuery,
  investmentStatisticsQuery,
  postCategoriesQuery,
  postsQuery,
} from '../content/queries';
import { ErrorPage } from '../errors/ErrorPage';
import { HomePage } from '../home/HomePage';
import { homePrefetch } from '../home/queries';
import { Layout } from '../layout/Layout';
import { publicationQuery } from '../publication/queries';
import type { ApiCall } from './call';
import type { ChosenPlace } from '../place/store';
import { PageSkeleton } from '../layout/PageSkeleton';

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
};

type LazyPage<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * Every page but the catalogue (where most visits start, so it comes with the first file) is its
 * own chunk, loaded on the first visit to it; a spinner stands in the page's place meanwhile. Once
 * preloaded (the server, the browser before hydrating) the page renders at once.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
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
      <Suspense fallback={<PageSkeleton label="Загрузка страницы" />}>
        <Shown {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload });
}

const PublicationPage = lazyPage(() =>
  import('../publication/PublicationPage').then((m) => m.PublicationPage),
);
const ConfirmEmailPage = lazyPage(() =>
  import('../account/ConfirmEmailPage').then((m) => m.ConfirmEmailPage),
);
const FavouritesPage = lazyPage(() => import('../account/FavouritesPage').then((m) => m.FavouritesPage));
const MyBookingsPage = lazyPage(() => import('../booking/MyBookingsPage').then((m) => m.MyBookingsPage));
const GuestBookingPage = lazyPage(() =>
  import('../booking/GuestBookingPage').then((m) => m.GuestBookingPage),
);
const MainInfoPage = lazyPage(() => import('../account/MainInfoPage').then((m) => m.MainInfoPage));
const PremiumPage = lazyPage(() => import('../account/PremiumPage').then((m) => m.PremiumPage));
const RealtorRequestPage = lazyPage(() =>
  import('../account/RealtorRequestPage').then((m) => m.RealtorRequestPage),
);
const ChatPage = lazyPage(() => import('../chat/ChatPage').then((m) => m.ChatPage));
const BlogPage = lazyPage(() => import('../content/BlogPage').then((m) => m.BlogPage));
const InvestmentsPage = lazyPage(() => import('../content/InvestmentsPage').then((m) => m.InvestmentsPage));
const InvestmentPage = lazyPage(() => import('../content/InvestmentsPage').then((m) => m.InvestmentPage));
const FlatBasePage = lazyPage(() => import('../content/FlatBasePage').then((m) => m.FlatBasePage));
const ProfilePage = lazyPage(() => import('../account/profile/ProfilePage').then((m) => m.ProfilePage));
const NewBuildingsPage = lazyPage(() =>
  import('../newBuildings/NewBuildingsPage').then((m) => m.NewBuildingsPage),
);
/** the new buildings' queries, for the server's prefetch only: they stay out of the browser's first file */
const newBuildingQueries = () => import('../newBuildings/queries');
const ComplexPage = lazyPage(() => import('../newBuildings/ComplexPage').then((m) => m.ComplexPage));
/**
 * `/new-buildings/{id}/publication-list` is the complex's page at its listings (docs/decisions.md):
 * a redirect, on the server an HTTP one, the query kept.
 */
const toComplexListings = ({ params, request }: { params: Params; request: Request }) =>
  redirect(
    `/new-buildings${params.complexId ? `/${encodeURIComponent(params.complexId)}` : ''}${new URL(request.url).search}#listings`,
    301,
  );
const ComplexPublicationPage = lazyPage(() =>
  import('../newBuildings/ComplexPublicationPage').then((m) => m.ComplexPublicationPage),
);

/** The catalogue's first page of the address's filters (the map asks for its own area in the browser). */
const cataloguePrefetch =
  (deal: DealCategory): RouteHandle['prefetch'] =>
  async ({ queryClient, params, search, call, place }) => {
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
            catalogueQuery(requestFrom(deal, filters, pageFrom(search), place, locationId, near), call),
          ),
    ]);
  };

const listing: RouteHandle = {
  preload: PublicationPage.preload,
  prefetch: ({ queryClient, params, call }) =>
    queryClient.prefetchQuery(publicationQuery(params.id ?? '', call)),
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
  const catalogue = { prefetch: cataloguePrefetch(deal) } satisfies RouteHandle;
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
  preload: BlogPage.preload,
  prefetch: async ({ queryClient, params, call }) => {
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
          prefetch: ({ queryClient, call }) => homePrefetch(queryClient, call),
        } satisfies RouteHandle,
      },
      ...dealRoutes('/prodazha', 'sale'),
      ...dealRoutes('/rent', 'rent'),
      ...dealRoutes('/daily-rent', 'dailyRent'),
      {
        path: '/new-buildings',
        element: <NewBuildingsPage />,
        handle: {
          preload: NewBuildingsPage.preload,
          prefetch: async ({ queryClient, params, search, call }) =>
            (await newBuildingQueries()).newBuildingsPrefetch(queryClient, params, search, call),
        } satisfies RouteHandle,
      },
      { path: '/new-buildings/publication-list', loader: toComplexListings },
      {
        path: '/new-buildings/:complexId',
        element: <ComplexPage />,
        handle: {
          preload: ComplexPage.preload,
          prefetch: async ({ queryClient, params, search, call }) =>
            (await newBuildingQueries()).complexPrefetch(queryClient, params, search, call),
        } satisfies RouteHandle,
      },
      { path: '/new-buildings/:complexId/publication-list', loader: toComplexListings },
      {
        path: '/new-buildings/:complexId/:id',
        element: <ComplexPublicationPage />,
        handle: {
          preload: () => Promise.all([ComplexPublicationPage.preload(), PublicationPage.preload()]),
          prefetch: (args) =>
            Promise.all([
              listing.prefetch?.(args),
              newBuildingQueries().then((q) =>
                q.complexPublicationPrefetch(args.queryClient, args.params, args.call),
              ),
            ]),
        } satisfies RouteHandle,
      },
      { path: '/baza-kvartir', element: <FlatBasePage />, handle: { preload: FlatBasePage.preload } },
      { path: '/blog', element: <BlogPage />, handle: blog },
      { path: '/blog/:parent', element: <BlogPage />, handle: blog },
      { path: '/blog/:parent/:child', element: <BlogPage />, handle: blog },
      {
        path: '/investments',
        element: <InvestmentsPage />,
        handle: {
          preload: InvestmentsPage.preload,
          prefetch: ({ queryClient, call }) =>
            Promise.all([
              queryClient.prefetchQuery(investmentsQuery(call)),
              queryClient.prefetchQuery(investmentStatisticsQuery(call)),
            ]),
        } satisfies RouteHandle,
      },
      {
        path: '/investments/:id',
        element: <InvestmentPage />,
        handle: {
          preload: InvestmentPage.preload,
          prefetch: ({ queryClient, params, call }) =>
            queryClient.prefetchQuery(investmentQuery(params.id ?? '', call)),
        } satisfies RouteHandle,
      },
      {
        path: '/booking/:requestId',
        element: <GuestBookingPage />,
        handle: { preload: GuestBookingPage.preload },
      },
      { path: '/catalog', loader: () => redirect('/prodazha') },
      {
        path: '/catalog/:id',
        loader: ({ params }) => redirect(`/prodazha/${encodeURIComponent(params.id ?? '')}`),
      },
      {
        path: '/confirmation-email',
        element: <ConfirmEmailPage />,
        handle: { preload: ConfirmEmailPage.preload },
      },
      // product.md names the confirmation page /confirmation-email; letters sent before it moved
      // link to /confirm-email, which keeps working by passing its query on
      {
        path: '/confirm-email',
        loader: ({ request }) => redirect(`/confirmation-email${new URL(request.url).search}`),
      },
      { path: '/chat', element: <ChatPage />, handle: { preload: ChatPage.preload } },
      { path: '/izbrannie', element: <FavouritesPage />, handle: { preload: FavouritesPage.preload } },
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
