import { redirectDocument, type RouteObject } from 'react-router';

/**
 * The agency account's addresses of product.md ("Account routes": /account/agency/…) are the
 * cabinet's screens (cabinet/src/App.tsx, a react-admin app under /cabinet/ with `#/…` routes):
 * each spec address answers a redirect to its screen, on the server an HTTP one.
 */
export const CABINET_SCREENS: Record<string, string> = {
  '': '/',
  'main-info': '/',
  balance: '/wallet',
  'daily-rent': '/bookings',
  'my-agency': '/my-agency',
  profile: '/profile',
  'publications-list': '/publications',
  stuff: '/employees',
  publication: '/publications/create',
  'publication/create': '/publications/create',
  // the spec names this screen and nothing of it: the cabinet's listings (docs/decisions.md)
  'publication/constants': '/publications',
};

/** The cabinet's address of one of its screens ('/wallet'). */
export const cabinetAddress = (screen: string) => `/cabinet/#${screen}`;

/** The routes of the spec's agency addresses: each a redirect to its cabinet screen (a document load: another app). */
export const agencyAccountRoutes: RouteObject[] = [
  ...Object.entries(CABINET_SCREENS).map(([path, screen]) => ({
    path: `/account/agency/${path}`,
    loader: () => redirectDocument(cabinetAddress(screen)),
  })),
  {
    // «publication/{id}/edit (same screen as publication)»: the cabinet's form of that listing
    path: '/account/agency/publication/:id/edit',
    loader: ({ params }) =>
      redirectDocument(cabinetAddress(`/publications/${encodeURIComponent(params.id!)}`)),
  },
];
